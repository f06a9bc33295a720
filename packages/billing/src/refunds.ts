import { type Allocation, DEDUCTION_ORDER } from "./deduction";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, max, min, mulRatio, sum } from "./money";
import { addMonths, assertPrepaidPeriod, daysBetweenCeil, daysInPeriod } from "./periods";
import { DEFAULT_TIME_ZONE, type Instant, toEpochMs } from "./time-zone";

// Spec §9 gives two readings of the unsubscribe refund; which one applies is a policy setting.
// by_month: the month in progress is used, whole unused months are refunded.
// paid_minus_used: used = period price ÷ period days × used days, a part day counting as a full day.
export type RefundPolicy = "by_month" | "paid_minus_used";

export type UnsubscribeInput = {
  policy: RefundPolicy;
  periodStart: Instant;
  months: number;
  // How the period's price was paid (allocateCharge output, net of earlier refunds).
  paid: readonly Allocation[];
  at: Instant;
  timeZone?: string;
};

export type UnsubscribeRefund = {
  periodPrice: Money;
  moneyPaid: Money;
  used: Money;
  refund: Money;
  refundAllocations: Allocation[];
  // Late unsubscribe: charged on top, see overdueCharge.
  overdue: OverdueCharge;
};

export type OverdueCharge = { overdueDays: number; amount: Money };

// Money sources only: a used coupon is never refunded.
export function refundableBase(paid: readonly Allocation[]): Money {
  return sum(
    paid.filter((allocation) => allocation.source !== "coupon").map((allocation) => allocation.amount),
  );
}

// Returns a refund to the sources in reverse deduction order (credit, cash, top-up vouchers, deduction
// vouchers; the voucher used last is restored first), never more to a source than it gave.
export function distributeRefund(refund: Money, paid: readonly Allocation[]): Allocation[] {
  assertNonNegative(refund, "refund");
  for (const allocation of paid) assertNonNegative(allocation.amount, "paid allocation");
  if (refund > refundableBase(paid)) {
    throw new BillingError("INVALID_AMOUNT", "refund exceeds what was paid from money sources");
  }
  const rank = (allocation: Allocation): number => DEDUCTION_ORDER.indexOf(allocation.source);
  const reversed = paid
    .map((allocation, index) => ({ allocation, index }))
    .filter(({ allocation }) => allocation.source !== "coupon")
    .sort((a, b) => rank(b.allocation) - rank(a.allocation) || b.index - a.index);
  const refunds: Allocation[] = [];
  let remaining = refund;
  for (const { allocation } of reversed) {
    const give = min(allocation.amount, remaining);
    remaining -= give;
    const same = refunds.find((r) => r.source === allocation.source && r.sourceId === allocation.sourceId);
    if (same !== undefined) same.amount += give;
    else if (give > 0n) refunds.push({ ...allocation, amount: give });
  }
  return refunds;
}

// Late renewal or unsubscribe: overdue days × period price ÷ period days, a part day counting as a full
// day, rounded half-up once.
export function overdueCharge(
  periodPrice: Money,
  periodStart: Instant,
  expiry: Instant,
  at: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): OverdueCharge {
  assertNonNegative(periodPrice, "period price");
  const periodDays = daysInPeriod(periodStart, expiry, timeZone);
  if (periodDays <= 0) throw new BillingError("INVALID_ARGUMENT", "the period must end after it starts");
  const overdueDays = daysBetweenCeil(expiry, at, timeZone);
  return { overdueDays, amount: mulRatio(periodPrice, BigInt(overdueDays), BigInt(periodDays)) };
}

// Months counted as used: none before the start, else the months begun so far (capped at the period).
function usedMonths(start: Instant, months: number, at: number, timeZone: string): number {
  let begun = 0;
  while (begun < months && addMonths(start, begun, timeZone).getTime() <= at) begun += 1;
  return begun;
}

export function unsubscribeRefund(input: UnsubscribeInput): UnsubscribeRefund {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const months = assertPrepaidPeriod(input.months);
  const at = toEpochMs(input.at);
  const end = addMonths(input.periodStart, months, timeZone);
  const periodPrice = sum(input.paid.map((allocation) => allocation.amount));
  const moneyPaid = refundableBase(input.paid);

  let used: Money;
  if (input.policy === "by_month") {
    // used = period price × used months ÷ months, half-up
    used = mulRatio(periodPrice, BigInt(usedMonths(input.periodStart, months, at, timeZone)), BigInt(months));
  } else {
    // used = period price × used days ÷ period days, half-up; a part day is a full day
    const periodDays = daysInPeriod(input.periodStart, end, timeZone);
    const usedDays = Math.min(daysBetweenCeil(input.periodStart, at, timeZone), periodDays);
    used = mulRatio(periodPrice, BigInt(usedDays), BigInt(periodDays));
  }
  // Used is valued at the full period price and the coupon is not given back: refund = money paid −
  // used, never negative, so the refund can never exceed what came from money sources.
  const refund = max(moneyPaid - used, 0n);
  return {
    periodPrice,
    moneyPaid,
    used,
    refund,
    refundAllocations: distributeRefund(refund, input.paid),
    overdue: overdueCharge(periodPrice, input.periodStart, end, at, timeZone),
  };
}
