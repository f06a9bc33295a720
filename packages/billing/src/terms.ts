import type { Allocation } from "./deduction";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, max, min, mulRatio, sum } from "./money";
import { addMonths, daysBetweenCeil, daysInPeriod } from "./periods";
import { type RefundPolicy, refundableBase, unsubscribeRefund } from "./refunds";
import { DEFAULT_TIME_ZONE, type Instant, toEpochMs } from "./time-zone";

// One payment for several resources (an order of N hosts) is carved into each resource's share in
// deduction order: the first share takes the first sources. The shares' allocations sum, source by
// source, to the payment, so refunding every share gives back exactly what was paid.
export function splitAllocations(paid: readonly Allocation[], shares: readonly Money[]): Allocation[][] {
  for (const share of shares) assertNonNegative(share, "share");
  if (sum(shares) !== sum(paid.map((a) => a.amount))) {
    throw new BillingError("INVALID_AMOUNT", "the shares must add up to the payment");
  }
  const left = paid.map((a) => ({ ...a }));
  return shares.map((share) => {
    const part: Allocation[] = [];
    let remaining = share;
    for (const source of left) {
      if (remaining === 0n) break;
      const take = min(source.amount, remaining);
      if (take === 0n) continue;
      source.amount -= take;
      remaining -= take;
      part.push({ ...source, amount: take });
    }
    return part;
  });
}

// An amount split into `count` shares that differ by at most 0.00001 yuan, the larger ones first.
export function evenShares(amount: Money, count: number): Money[] {
  assertNonNegative(amount, "amount");
  if (!Number.isInteger(count) || count < 1) throw new BillingError("INVALID_ARGUMENT", "count must be ≥ 1");
  const n = BigInt(count);
  const base = amount / n;
  const extra = amount % n;
  return Array.from({ length: count }, (_, i) => base + (BigInt(i) < extra ? 1n : 0n));
}

export type TermRefundInput = {
  policy: RefundPolicy;
  start: Instant;
  end: Instant;
  // Whole prepaid months when the term is a standard period; null for a term of days (alignment).
  months: number | null;
  // How the term was paid, net of earlier refunds (coupon included: it counts as paid, never refunded).
  paid: readonly Allocation[];
  at: Instant;
  timeZone?: string;
};

// The refund for the unused part of one prepaid term. A standard period follows the policy's reading
// (unsubscribeRefund). A term of days (an alignment, a change) is valued by days at its own price:
// under paid_minus_used the days begun are used (a part day counting as a full day); under by_month
// the month in progress is used to its end, as for a standard period. Its months are counted back
// from the term's end, which is where the period it belongs to ends, so a change in the first days of
// a three-month period keeps the first month, not one day. A term not yet begun is refunded whole; an
// ended one not at all.
export function termRefund(input: TermRefundInput): { used: Money; refund: Money } {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const at = toEpochMs(input.at);
  const price = sum(input.paid.map((a) => a.amount));
  const moneyPaid = refundableBase(input.paid);
  if (at >= toEpochMs(input.end)) return { used: price, refund: 0n };
  if (at <= toEpochMs(input.start)) return { used: 0n, refund: moneyPaid };
  if (input.months !== null) {
    const r = unsubscribeRefund({
      policy: input.policy,
      periodStart: input.start,
      months: input.months,
      paid: input.paid,
      at: input.at,
      timeZone,
    });
    return { used: r.used, refund: r.refund };
  }
  const days = daysInPeriod(input.start, input.end, timeZone);
  const usedUntil = input.policy === "by_month" ? monthInProgressEnd(input.end, at, timeZone) : at;
  const usedDays = Math.min(daysBetweenCeil(input.start, usedUntil, timeZone), days);
  const used = mulRatio(price, BigInt(usedDays), BigInt(days));
  return { used, refund: max(moneyPaid - used, 0n) };
}

// The end of the month in progress at `at`, months counted back from `end` (at < end).
function monthInProgressEnd(end: Instant, at: number, timeZone: string): Instant {
  let months = 0;
  while (addMonths(end, -(months + 1), timeZone).getTime() > at) months += 1;
  return months === 0 ? end : addMonths(end, -months, timeZone);
}
