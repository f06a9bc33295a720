import type { Discount } from "./discount";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, mulRatio } from "./money";
import { addDays, daysBetweenCeil, daysInPeriod, periodEnd } from "./periods";
import { prepaidPrice } from "./pricing";
import { type OverdueCharge, overdueCharge } from "./refunds";
import { DEFAULT_TIME_ZONE, type Instant, toEpochMs } from "./time-zone";

// Spec §9.
export const MAX_ALIGNMENT_DAYS = 10;
export const AUTO_RENEW_DAYS_BEFORE_EXPIRY = 7;

export type AlignmentInput = {
  periodStart: Instant;
  expiry: Instant;
  // Price of the current period (periodStart → expiry), after discount.
  periodPrice: Money;
  targetExpiry: Instant;
  timeZone?: string;
};

export type AlignmentResult =
  | { ok: true; extraDays: number; amount: Money; newExpiry: Date }
  | { ok: false; code: "ALIGNMENT_TOO_LONG"; extraDays: number }
  | { ok: false; code: "ALIGNMENT_BEFORE_EXPIRY" };

// Extends a resource to a shared expiry (e.g. the 1st of the month). Extra days count a part day as a
// full day; price = period price × extra days ÷ period days, half-up.
export function alignExpiry(input: AlignmentInput): AlignmentResult {
  assertNonNegative(input.periodPrice, "period price");
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const periodDays = daysInPeriod(input.periodStart, input.expiry, timeZone);
  if (periodDays <= 0) throw new BillingError("INVALID_ARGUMENT", "the period must end after it starts");
  // Shortening a paid period would need a refund rule the spec does not give, so it is refused.
  if (toEpochMs(input.targetExpiry) < toEpochMs(input.expiry)) {
    return { ok: false, code: "ALIGNMENT_BEFORE_EXPIRY" };
  }
  const extraDays = daysBetweenCeil(input.expiry, input.targetExpiry, timeZone);
  if (extraDays > MAX_ALIGNMENT_DAYS) return { ok: false, code: "ALIGNMENT_TOO_LONG", extraDays };
  const amount = mulRatio(input.periodPrice, BigInt(extraDays), BigInt(periodDays));
  return { ok: true, extraDays, amount, newExpiry: new Date(toEpochMs(input.targetExpiry)) };
}

// Auto-renewal is due 7 local calendar days before expiry, at the same local time.
export function autoRenewDueDate(expiry: Instant, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return addDays(expiry, -AUTO_RENEW_DAYS_BEFORE_EXPIRY, timeZone);
}

export function isAutoRenewDue(expiry: Instant, now: Instant, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return toEpochMs(now) >= autoRenewDueDate(expiry, timeZone).getTime();
}

// Renewal price for N months = monthly × N × discount, half-up (same rule as a new prepaid order).
export function renewPrice(monthlyPrice: Money, months: number, discount?: Discount): Money {
  return prepaidPrice(monthlyPrice, months, discount);
}

export type RenewalInput = {
  currentPeriodStart: Instant;
  expiry: Instant;
  currentPeriodPrice: Money;
  monthlyPrice: Money;
  months: number;
  discount?: Discount;
  at: Instant;
  timeZone?: string;
};

export type Renewal = {
  price: Money;
  overdue: OverdueCharge;
  total: Money;
  newStart: Date;
  newExpiry: Date;
};

// On time, the new period continues from the old expiry. Late, it starts at renewal time and the
// lapsed time is charged as overdue days (spec §9) instead of being folded into the new period.
export function renew(input: RenewalInput): Renewal {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const price = renewPrice(input.monthlyPrice, input.months, input.discount);
  const overdue = overdueCharge(
    input.currentPeriodPrice,
    input.currentPeriodStart,
    input.expiry,
    input.at,
    timeZone,
  );
  const newStart = new Date(Math.max(toEpochMs(input.at), toEpochMs(input.expiry)));
  const newExpiry = periodEnd(newStart, input.months, timeZone);
  return { price, overdue, total: price + overdue.amount, newStart, newExpiry };
}
