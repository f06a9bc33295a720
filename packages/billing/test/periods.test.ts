import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  assertPrepaidPeriod,
  daysBetweenCeil,
  daysInPeriod,
  isPrepaidPeriod,
  PREPAID_PERIOD_MONTHS,
  parsePrepaidPeriod,
  periodEnd,
} from "../src/index";
import { DAY, shanghai, utc } from "./support/time";

const iso = (date: Date) => date.toISOString();

describe("prepaid periods", () => {
  it("are the spec's 1, 3, 6, 9 months and 1, 2, 3 years", () => {
    expect(PREPAID_PERIOD_MONTHS).toEqual([1, 3, 6, 9, 12, 24, 36]);
  });

  it("accepts only those lengths", () => {
    expect(parsePrepaidPeriod(12)).toEqual({ ok: true, months: 12 });
    for (const months of [0, 2, 4, 5, 7, 8, 10, 11, 13, 18, 48, -1, 1.5, Number.NaN]) {
      expect(isPrepaidPeriod(months)).toBe(false);
      expect(parsePrepaidPeriod(months)).toEqual({ ok: false, code: "INVALID_PERIOD" });
      expect(() => assertPrepaidPeriod(months)).toThrow(/INVALID_PERIOD/);
    }
    expect(assertPrepaidPeriod(36)).toBe(36);
  });
});

describe("addMonths", () => {
  it("clamps to the end of a shorter month at the same local time", () => {
    expect(iso(addMonths(shanghai("2024-01-31 10:00"), 1))).toBe(iso(shanghai("2024-02-29 10:00")));
    expect(iso(addMonths(shanghai("2023-01-31 10:00"), 1))).toBe(iso(shanghai("2023-02-28 10:00")));
    expect(iso(addMonths(shanghai("2024-03-31 10:00"), -1))).toBe(iso(shanghai("2024-02-29 10:00")));
    expect(iso(addMonths(shanghai("2024-05-31 10:00"), 1))).toBe(iso(shanghai("2024-06-30 10:00")));
  });

  it("crosses years in both directions", () => {
    expect(iso(addMonths(shanghai("2024-12-15 08:00"), 1))).toBe(iso(shanghai("2025-01-15 08:00")));
    expect(iso(addMonths(shanghai("2024-01-15 08:00"), -1))).toBe(iso(shanghai("2023-12-15 08:00")));
    expect(iso(addMonths(shanghai("2024-02-29 08:00"), 36))).toBe(iso(shanghai("2027-02-28 08:00")));
    expect(iso(addMonths(shanghai("2024-02-29 08:00"), 0))).toBe(iso(shanghai("2024-02-29 08:00")));
  });

  it("works on the business calendar, not the UTC one", () => {
    // 2024-01-30 16:30 UTC is already Jan 31 in Shanghai, so a month later is Feb 29 Shanghai time;
    // a UTC calendar would give Feb 29 16:30 UTC, which is already Mar 1 in Shanghai.
    expect(iso(addMonths(utc("2024-01-30 16:30"), 1))).toBe(iso(shanghai("2024-02-29 00:30")));
    expect(iso(addMonths(utc("2024-01-30 16:30"), 1, "UTC"))).toBe("2024-02-29T16:30:00.000Z");
  });

  it("keeps the local time across a DST change", () => {
    expect(iso(addMonths(utc("2024-03-01 15:00"), 1, "America/New_York"))).toBe("2024-04-01T14:00:00.000Z");
  });

  it("rejects fractional months", () => {
    expect(() => addMonths(0, 1.5)).toThrow(/INVALID_ARGUMENT/);
  });
});

describe("addDays", () => {
  it("moves by local calendar days", () => {
    expect(iso(addDays(shanghai("2024-02-28 23:00"), 1))).toBe(iso(shanghai("2024-02-29 23:00")));
    expect(iso(addDays(shanghai("2024-03-05 09:00"), -7))).toBe(iso(shanghai("2024-02-27 09:00")));
    // 23 hours in New York on the spring-forward day.
    expect(
      addDays(utc("2024-03-09 17:00"), 1, "America/New_York").getTime() - utc("2024-03-09 17:00").getTime(),
    ).toBe(23 * 3_600_000);
  });

  it("rejects fractional days", () => {
    expect(() => addDays(0, 0.5)).toThrow(/INVALID_ARGUMENT/);
  });
});

describe("periodEnd and daysInPeriod", () => {
  it("ends M months after the start", () => {
    expect(iso(periodEnd(shanghai("2024-01-31 10:00"), 1))).toBe(iso(shanghai("2024-02-29 10:00")));
    expect(iso(periodEnd(shanghai("2024-01-31 10:00"), 3))).toBe(iso(shanghai("2024-04-30 10:00")));
    expect(iso(periodEnd(shanghai("2024-03-15 00:00"), 12))).toBe(iso(shanghai("2025-03-15 00:00")));
  });

  it("refuses a period that is not offered", () => {
    expect(() => periodEnd(shanghai("2024-01-31 10:00"), 2)).toThrow(/INVALID_PERIOD/);
  });

  it("counts calendar days", () => {
    expect(daysInPeriod(shanghai("2024-01-15 10:00"), shanghai("2024-02-15 10:00"))).toBe(31);
    expect(daysInPeriod(shanghai("2024-02-01 00:00"), shanghai("2024-03-01 00:00"))).toBe(29);
    expect(daysInPeriod(shanghai("2024-01-01 00:00"), shanghai("2025-01-01 00:00"))).toBe(366);
    // Local dates, not UTC dates: 00:30 Shanghai is the previous day in UTC.
    expect(daysInPeriod(shanghai("2024-03-01 00:30"), shanghai("2024-04-01 00:30"))).toBe(31);
    expect(daysInPeriod(utc("2024-03-01 15:00"), utc("2024-04-01 14:00"), "America/New_York")).toBe(31);
  });

  it("gives every period between 28 and 31 days per month", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }),
        fc.constantFrom(...PREPAID_PERIOD_MONTHS),
        (start, months) => {
          const days = daysInPeriod(start, periodEnd(start, months));
          expect(days).toBeGreaterThanOrEqual(28 * months);
          expect(days).toBeLessThanOrEqual(31 * months);
          expect(daysBetweenCeil(start, periodEnd(start, months))).toBe(days);
        },
      ),
    );
  });
});

describe("daysBetweenCeil", () => {
  const start = shanghai("2024-01-01 10:00");
  it("counts a part day as a full day", () => {
    expect(daysBetweenCeil(start, start.getTime() + 2 * DAY)).toBe(2);
    expect(daysBetweenCeil(start, start.getTime() + 2 * DAY + 1)).toBe(3);
    expect(daysBetweenCeil(start, start.getTime() + 1)).toBe(1);
    expect(daysBetweenCeil(shanghai("2024-01-01 23:00"), shanghai("2024-01-02 01:00"))).toBe(1);
    expect(daysBetweenCeil(shanghai("2024-01-01 01:00"), shanghai("2024-01-02 23:00"))).toBe(2);
  });

  it("is zero when b is not after a", () => {
    expect(daysBetweenCeil(start, start)).toBe(0);
    expect(daysBetweenCeil(start, start.getTime() - DAY)).toBe(0);
  });

  it("counts local days, so a 25-hour day across a DST change is one day", () => {
    expect(daysBetweenCeil(utc("2024-11-02 16:00"), utc("2024-11-03 17:00"), "America/New_York")).toBe(1);
    expect(daysBetweenCeil(utc("2024-11-02 16:00"), utc("2024-11-03 17:00"), "UTC")).toBe(2);
  });

  it("equals the ceiling of elapsed 24-hour days in Shanghai", () => {
    // From 1992 on: Shanghai kept daylight saving time from 1986 to 1991, when a local day could
    // be 23 or 25 hours (counted as one day, as the DST test above shows for New York).
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1992, 0, 1), max: 4_102_444_800_000 }),
        fc.integer({ min: 0, max: 400 * DAY }),
        (a, gap) => {
          expect(daysBetweenCeil(a, a + gap)).toBe(Math.ceil(gap / DAY));
        },
      ),
    );
  });
});
