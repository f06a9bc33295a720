import { describe, expect, it } from "vitest";
import { type ConfigurationChangeInput, configurationChange, parseYuan } from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const input: ConfigurationChangeInput = {
  newMonthlyPrice: y("600"),
  oldPeriodPrice: y("310"),
  periodStart: shanghai("2024-01-01 00:00"),
  expiry: shanghai("2024-02-01 00:00"),
  at: shanghai("2024-01-21 12:00"),
};

describe("configurationChange", () => {
  it("charges the difference for an upgrade", () => {
    // 10.5 days left → 11; new 600 ÷ 30 × 11 = 220; old 310 ÷ 31 × 11 = 110
    expect(configurationChange(input)).toEqual({
      ok: true,
      remainingDays: 11,
      periodDays: 31,
      newRemainingPrice: y("220"),
      oldRemainingPrice: y("110"),
      difference: y("110"),
      direction: "pay",
    });
  });

  it("refunds the difference for a downgrade, each term rounded half-up", () => {
    expect(configurationChange({ ...input, newMonthlyPrice: y("150") })).toMatchObject({
      difference: y("-55"),
      direction: "refund",
    });
    // 100 ÷ 30 × 11 = 36.666666… → 36.66667; 36.66667 − 110 = −73.33333
    expect(configurationChange({ ...input, newMonthlyPrice: y("100") })).toMatchObject({
      newRemainingPrice: y("36.66667"),
      difference: y("-73.33333"),
    });
  });

  it("reports no difference when the prices match", () => {
    const april = {
      ...input,
      newMonthlyPrice: y("300"),
      oldPeriodPrice: y("300"),
      periodStart: shanghai("2024-04-01 00:00"),
      expiry: shanghai("2024-05-01 00:00"),
      at: shanghai("2024-04-11 00:00"),
    };
    expect(configurationChange(april)).toMatchObject({
      remainingDays: 20,
      difference: 0n,
      direction: "none",
    });
  });

  it("counts at most the days of the period when changed before it starts", () => {
    expect(configurationChange({ ...input, at: shanghai("2023-12-31 00:00") })).toMatchObject({
      remainingDays: 31,
      oldRemainingPrice: y("310"),
    });
  });

  it("refuses a change at or after expiry", () => {
    expect(configurationChange({ ...input, at: input.expiry })).toEqual({
      ok: false,
      code: "RESOURCE_EXPIRED",
    });
  });

  it("rejects malformed input", () => {
    expect(() => configurationChange({ ...input, expiry: input.periodStart })).toThrow(/INVALID_ARGUMENT/);
    expect(() => configurationChange({ ...input, newMonthlyPrice: -1n })).toThrow(/INVALID_AMOUNT/);
    expect(() => configurationChange({ ...input, oldPeriodPrice: -1n })).toThrow(/INVALID_AMOUNT/);
  });
});
