import { describe, expect, it } from "vitest";
import {
  type AlignmentInput,
  alignExpiry,
  autoRenewDueDate,
  discountFromHundredths,
  isAutoRenewDue,
  parseYuan,
  type RenewalInput,
  renew,
  renewPrice,
} from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const align: AlignmentInput = {
  periodStart: shanghai("2024-01-01 00:00"),
  expiry: shanghai("2024-02-01 00:00"),
  periodPrice: y("310"),
  targetExpiry: shanghai("2024-02-06 00:00"),
};

describe("alignExpiry", () => {
  it("prices the extra days at period price ÷ period days", () => {
    expect(alignExpiry(align)).toEqual({
      ok: true,
      extraDays: 5,
      amount: y("50"),
      newExpiry: shanghai("2024-02-06 00:00"),
    });
  });

  it("rounds half-up", () => {
    // 100 × 5 ÷ 31 = 16.129032… → 16.12903; 100 × 7 ÷ 31 = 22.580645… → 22.58065
    expect(alignExpiry({ ...align, periodPrice: y("100") })).toMatchObject({ amount: y("16.12903") });
    const week = { ...align, periodPrice: y("100"), targetExpiry: shanghai("2024-02-08 00:00") };
    expect(alignExpiry(week)).toMatchObject({ amount: y("22.58065") });
  });

  it("allows up to 10 days, a part day counting as a full day", () => {
    expect(alignExpiry({ ...align, targetExpiry: shanghai("2024-02-11 00:00") })).toMatchObject({
      ok: true,
      extraDays: 10,
      amount: y("100"),
    });
    expect(alignExpiry({ ...align, targetExpiry: shanghai("2024-02-11 00:01") })).toEqual({
      ok: false,
      code: "ALIGNMENT_TOO_LONG",
      extraDays: 11,
    });
  });

  it("does nothing for the same expiry and refuses an earlier one", () => {
    expect(alignExpiry({ ...align, targetExpiry: align.expiry })).toMatchObject({
      ok: true,
      extraDays: 0,
      amount: 0n,
    });
    expect(alignExpiry({ ...align, targetExpiry: shanghai("2024-01-31 23:59") })).toEqual({
      ok: false,
      code: "ALIGNMENT_BEFORE_EXPIRY",
    });
  });

  it("rejects malformed input", () => {
    expect(() => alignExpiry({ ...align, periodStart: align.expiry })).toThrow(/INVALID_ARGUMENT/);
    expect(() => alignExpiry({ ...align, periodPrice: -1n })).toThrow(/INVALID_AMOUNT/);
  });
});

describe("auto-renewal", () => {
  it("is due 7 local days before expiry", () => {
    expect(autoRenewDueDate(shanghai("2024-03-05 09:00"))).toEqual(shanghai("2024-02-27 09:00"));
    expect(autoRenewDueDate(shanghai("2024-03-01 00:00"), "Asia/Shanghai")).toEqual(
      shanghai("2024-02-23 00:00"),
    );
  });

  it("turns due exactly at that instant", () => {
    const expiry = shanghai("2024-03-05 09:00");
    expect(isAutoRenewDue(expiry, shanghai("2024-02-27 08:59"))).toBe(false);
    expect(isAutoRenewDue(expiry, shanghai("2024-02-27 09:00"))).toBe(true);
    expect(isAutoRenewDue(expiry, shanghai("2024-03-06 00:00"))).toBe(true);
  });
});

describe("renewal", () => {
  it("prices N months like a prepaid order", () => {
    expect(renewPrice(y("100"), 12, discountFromHundredths(85))).toBe(y("1020"));
    expect(renewPrice(y("100"), 3)).toBe(y("300"));
    expect(() => renewPrice(y("100"), 4)).toThrow(/INVALID_PERIOD/);
  });

  const input: RenewalInput = {
    currentPeriodStart: shanghai("2024-01-01 00:00"),
    expiry: shanghai("2024-02-01 00:00"),
    currentPeriodPrice: y("310"),
    monthlyPrice: y("300"),
    months: 1,
    at: shanghai("2024-01-25 00:00"),
  };

  it("continues from the old expiry when renewed on time", () => {
    expect(renew(input)).toEqual({
      price: y("300"),
      overdue: { overdueDays: 0, amount: 0n },
      total: y("300"),
      newStart: shanghai("2024-02-01 00:00"),
      newExpiry: shanghai("2024-03-01 00:00"),
    });
  });

  it("starts at renewal time and charges the overdue days when late", () => {
    // 2 days 10 hours late → 3 days × 310 ÷ 31 = 30
    const late = renew({
      ...input,
      at: shanghai("2024-02-03 10:00"),
      months: 3,
      discount: discountFromHundredths(90),
    });
    expect(late).toEqual({
      price: y("810"),
      overdue: { overdueDays: 3, amount: y("30") },
      total: y("840"),
      newStart: shanghai("2024-02-03 10:00"),
      newExpiry: shanghai("2024-05-03 10:00"),
    });
  });
});
