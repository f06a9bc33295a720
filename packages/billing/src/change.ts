import { BillingError } from "./errors";
import { assertNonNegative, type Money, mulRatio } from "./money";
import { daysBetweenCeil, daysInPeriod } from "./periods";
import { DEFAULT_TIME_ZONE, type Instant, toEpochMs } from "./time-zone";

// Spec §9 prices the new configuration per 30-day month, whatever the length of the current period.
export const DAYS_PER_MONTH_FOR_CHANGE = 30n;

export type ConfigurationChangeInput = {
  // Price of one month of the new configuration, after discount.
  newMonthlyPrice: Money;
  // What the current period of the old configuration cost, after discount and before coupons.
  oldPeriodPrice: Money;
  periodStart: Instant;
  expiry: Instant;
  at: Instant;
  timeZone?: string;
};

export type ConfigurationChange =
  | {
      ok: true;
      remainingDays: number;
      periodDays: number;
      newRemainingPrice: Money;
      oldRemainingPrice: Money;
      // new − old: positive means the customer pays, negative means a refund.
      difference: Money;
      direction: "pay" | "refund" | "none";
    }
  | { ok: false; code: "RESOURCE_EXPIRED" };

// difference = new monthly ÷ 30 × remaining days (half-up)
//            − old period price ÷ period days × remaining days (half-up)
// Each term is rounded once; the difference of two rounded amounts is exact. Remaining days count a
// part day as a full day and never exceed the days of the period.
export function configurationChange(input: ConfigurationChangeInput): ConfigurationChange {
  assertNonNegative(input.newMonthlyPrice, "new monthly price");
  assertNonNegative(input.oldPeriodPrice, "old period price");
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const periodDays = daysInPeriod(input.periodStart, input.expiry, timeZone);
  if (periodDays <= 0) throw new BillingError("INVALID_ARGUMENT", "the period must end after it starts");
  if (toEpochMs(input.at) >= toEpochMs(input.expiry)) return { ok: false, code: "RESOURCE_EXPIRED" };
  const remainingDays = Math.min(daysBetweenCeil(input.at, input.expiry, timeZone), periodDays);
  const days = BigInt(remainingDays);
  const newRemainingPrice = mulRatio(input.newMonthlyPrice, days, DAYS_PER_MONTH_FOR_CHANGE);
  const oldRemainingPrice = mulRatio(input.oldPeriodPrice, days, BigInt(periodDays));
  const difference = newRemainingPrice - oldRemainingPrice;
  return {
    ok: true,
    remainingDays,
    periodDays,
    newRemainingPrice,
    oldRemainingPrice,
    difference,
    direction: difference > 0n ? "pay" : difference < 0n ? "refund" : "none",
  };
}
