import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BillingError, fromLocal, toLocal } from "../src/index";
import { calendarDaysBetween, daysInMonth, toEpochMs } from "../src/time-zone";
import { shanghai, utc } from "./support/time";

const local = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second: 0,
  millisecond: 0,
});

describe("toLocal", () => {
  it("reads the wall clock in Asia/Shanghai by default", () => {
    expect(toLocal(utc("2024-01-30 16:30:15.250"))).toEqual({
      year: 2024,
      month: 1,
      day: 31,
      hour: 0,
      minute: 30,
      second: 15,
      millisecond: 250,
    });
  });

  it("reads other zones and accepts epoch milliseconds", () => {
    expect(toLocal(utc("2024-07-01 03:00").getTime(), "America/New_York")).toMatchObject(
      local(2024, 6, 30, 23),
    );
    expect(toLocal(utc("2024-07-01 00:00"), "UTC")).toMatchObject(local(2024, 7, 1, 0));
  });

  it("prints midnight as hour 0, not 24", () => {
    expect(toLocal(shanghai("2024-03-01 00:00")).hour).toBe(0);
  });

  it("handles instants before the epoch and before year 1", () => {
    expect(toLocal(-1, "UTC")).toMatchObject({ year: 1969, month: 12, day: 31, millisecond: 999 });
    const date = new Date(0);
    date.setUTCFullYear(-44, 2, 15);
    expect(toLocal(date, "UTC")).toMatchObject({ year: -44, month: 3, day: 15 });
  });

  it("rejects an unknown zone and an invalid date", () => {
    expect(() => toLocal(0, "Mars/Olympus")).toThrow(/INVALID_TIME_ZONE/);
    expect(() => toLocal(new Date(Number.NaN))).toThrow(BillingError);
    expect(() => toEpochMs(Number.POSITIVE_INFINITY)).toThrow(/INVALID_ARGUMENT/);
  });
});

describe("fromLocal", () => {
  it("converts a Shanghai wall clock to the instant 8 hours earlier in UTC", () => {
    expect(fromLocal(local(2024, 1, 31, 10, 0)).toISOString()).toBe("2024-01-31T02:00:00.000Z");
  });

  it("round-trips with toLocal for any instant in a zone without DST", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        expect(fromLocal(toLocal(ms, "Asia/Shanghai"), "Asia/Shanghai").getTime()).toBe(ms);
      }),
    );
  });

  it("round-trips outside DST transitions in New York", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const wall = toLocal(ms, "America/New_York");
        // The repeated hour maps back to its first occurrence, so only check the wall clock there.
        expect(toLocal(fromLocal(wall, "America/New_York"), "America/New_York")).toEqual(wall);
      }),
    );
  });

  it("uses the offset in force on each side of a transition", () => {
    // 01:00 is before the spring-forward gap (EST, −5), 05:00 after it (EDT, −4).
    expect(fromLocal(local(2024, 3, 10, 1, 0), "America/New_York").toISOString()).toBe(
      "2024-03-10T06:00:00.000Z",
    );
    expect(fromLocal(local(2024, 3, 10, 5, 0), "America/New_York").toISOString()).toBe(
      "2024-03-10T09:00:00.000Z",
    );
  });

  it("pushes a skipped wall clock forward by the DST gap", () => {
    expect(fromLocal(local(2024, 3, 10, 2, 30), "America/New_York").toISOString()).toBe(
      "2024-03-10T07:30:00.000Z",
    );
    expect(fromLocal(local(2024, 3, 31, 2, 30), "Europe/Berlin").toISOString()).toBe(
      "2024-03-31T01:30:00.000Z",
    );
  });

  it("resolves a repeated wall clock to the earlier instant", () => {
    expect(fromLocal(local(2024, 11, 3, 1, 30), "America/New_York").toISOString()).toBe(
      "2024-11-03T05:30:00.000Z",
    );
    expect(fromLocal(local(2024, 10, 27, 2, 30), "Europe/Berlin").toISOString()).toBe(
      "2024-10-27T00:30:00.000Z",
    );
  });
});

describe("calendar helpers", () => {
  it("knows month lengths, leap years included", () => {
    expect([1, 2, 4, 12].map((month) => daysInMonth(2023, month))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("counts calendar days between local dates regardless of the time of day", () => {
    expect(calendarDaysBetween(local(2024, 1, 31, 23, 59), local(2024, 2, 1, 0, 0))).toBe(1);
    expect(calendarDaysBetween(local(2024, 1, 1), local(2025, 1, 1))).toBe(366);
    expect(calendarDaysBetween(local(2024, 2, 1), local(2024, 1, 1))).toBe(-31);
  });
});
