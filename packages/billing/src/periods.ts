import { BillingError } from "./errors";
import {
  calendarDaysBetween,
  DEFAULT_TIME_ZONE,
  daysInMonth,
  fromLocal,
  type Instant,
  toEpochMs,
  toLocal,
} from "./time-zone";

// Spec §9: 1, 3, 6, 9 months and 1, 2, 3 years.
export const PREPAID_PERIOD_MONTHS = [1, 3, 6, 9, 12, 24, 36] as const;
export type PrepaidPeriodMonths = (typeof PREPAID_PERIOD_MONTHS)[number];

export type PrepaidPeriodResult =
  | { ok: true; months: PrepaidPeriodMonths }
  | { ok: false; code: "INVALID_PERIOD" };

export function isPrepaidPeriod(months: number): months is PrepaidPeriodMonths {
  return (PREPAID_PERIOD_MONTHS as readonly number[]).includes(months);
}

export function parsePrepaidPeriod(months: number): PrepaidPeriodResult {
  return isPrepaidPeriod(months) ? { ok: true, months } : { ok: false, code: "INVALID_PERIOD" };
}

export function assertPrepaidPeriod(months: number): PrepaidPeriodMonths {
  if (!isPrepaidPeriod(months)) {
    throw new BillingError("INVALID_PERIOD", `prepaid period must be one of ${PREPAID_PERIOD_MONTHS}`);
  }
  return months;
}

function assertWholeNumber(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new BillingError("INVALID_ARGUMENT", `${what} must be an integer`);
}

// Same local time, months later; a day that does not exist in the target month is clamped to its
// last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
export function addMonths(instant: Instant, months: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  assertWholeNumber(months, "months");
  const local = toLocal(instant, timeZone);
  const monthIndex = local.year * 12 + (local.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const day = Math.min(local.day, daysInMonth(year, month));
  return fromLocal({ ...local, year, month, day }, timeZone);
}

// Same local time, calendar days later (23 or 25 hours across a DST change, not 24).
export function addDays(instant: Instant, days: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  assertWholeNumber(days, "days");
  const local = toLocal(instant, timeZone);
  const date = new Date(0);
  date.setUTCFullYear(local.year, local.month - 1, local.day + days);
  return fromLocal(
    { ...local, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    timeZone,
  );
}

// A prepaid period of M months starting at `start` ends M calendar months later, computed from the
// start (not month by month) so clamping on a short month does not shorten later months.
export function periodEnd(start: Instant, months: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return addMonths(start, assertPrepaidPeriod(months), timeZone);
}

// Calendar days from start's local date to end's local date: Jan 15 → Feb 15 is 31 days.
export function daysInPeriod(start: Instant, end: Instant, timeZone: string = DEFAULT_TIME_ZONE): number {
  return calendarDaysBetween(toLocal(start, timeZone), toLocal(end, timeZone));
}

// Days from a to b where a part day counts as a full day: the least d with a + d local days ≥ b.
// Counted in local days so that it agrees with daysInPeriod across DST changes. 0 when b ≤ a.
export function daysBetweenCeil(a: Instant, b: Instant, timeZone: string = DEFAULT_TIME_ZONE): number {
  const from = toEpochMs(a);
  const to = toEpochMs(b);
  if (to <= from) return 0;
  const days = daysInPeriod(from, to, timeZone);
  return addDays(from, days, timeZone).getTime() >= to ? days : days + 1;
}
