import { BillingError } from "./errors";
import { assertNonNegative, type Money, min } from "./money";
import { type Instant, toEpochMs } from "./time-zone";

// Spec §9 deduction order; the array order is the order money is taken in. `arrears` comes after
// everything the tenant holds and is taken only by charges that cannot be refused (postpaid hours
// already used): what no source covers becomes a debt on the account, settled first by the next
// money that arrives. Refunds give back in the reverse order, so a refund reduces a debt first.
export const DEDUCTION_ORDER = [
  "coupon",
  "deduction_voucher",
  "topup_voucher",
  "cash",
  "credit",
  "arrears",
] as const;
export type FundingSource = (typeof DEDUCTION_ORDER)[number];

export type Allocation = { source: FundingSource; sourceId?: string; amount: Money };

// A cash voucher (deduction or top-up kind). Without validUntil it never expires.
export type Voucher = { id: string; balance: Money; validFrom?: Instant; validUntil?: Instant };

// The outcome of evaluateCoupon for this very charge.
export type AppliedCoupon = { couponId: string; deduction: Money };

export type ChargeInput = {
  charge: Money;
  coupon?: AppliedCoupon;
  deductionVouchers?: readonly Voucher[];
  topUpVouchers?: readonly Voucher[];
  cashBalance: Money;
  // Credit limit minus credit already used.
  availableCredit: Money;
  now: Instant;
  // Postpaid usage: what the sources cannot cover is owed (source `arrears`) instead of refused.
  arrearsAllowed?: boolean;
};

export type AllocationResult =
  | { ok: true; allocations: Allocation[] }
  | { ok: false; code: "INSUFFICIENT_BALANCE"; shortfall: Money };

function isUsable(voucher: Voucher, now: number): boolean {
  if (voucher.balance === 0n) return false;
  if (voucher.validFrom !== undefined && now < toEpochMs(voucher.validFrom)) return false;
  return voucher.validUntil === undefined || now < toEpochMs(voucher.validUntil);
}

function expiryKey(voucher: Voucher): number {
  return voucher.validUntil === undefined ? Number.POSITIVE_INFINITY : toEpochMs(voucher.validUntil);
}

// Soonest-expiring first so that less money is lost to expiry; ties broken by id (code-unit order,
// not locale order) so the same input always gives the same allocation. Ids are unique (checked
// below), so two vouchers never compare equal.
export function orderVouchers(vouchers: readonly Voucher[], now: Instant): Voucher[] {
  const seen = new Set<string>();
  for (const voucher of vouchers) {
    assertNonNegative(voucher.balance, `voucher ${voucher.id} balance`);
    if (seen.has(voucher.id))
      throw new BillingError("INVALID_ARGUMENT", `duplicate voucher id ${voucher.id}`);
    seen.add(voucher.id);
  }
  const at = toEpochMs(now);
  return vouchers
    .filter((voucher) => isUsable(voucher, at))
    .sort((a, b) => expiryKey(a) - expiryKey(b) || (a.id < b.id ? -1 : 1));
}

// Takes the charge from each source in the spec's order. All or nothing: when the sources cannot
// cover the charge the result is a refusal with the shortfall and no allocation is proposed, unless
// arrears are allowed, when the shortfall is owed.
export function allocateCharge(input: ChargeInput): AllocationResult {
  assertNonNegative(input.charge, "charge");
  assertNonNegative(input.cashBalance, "cash balance");
  assertNonNegative(input.availableCredit, "available credit");
  const couponAmount = input.coupon?.deduction ?? 0n;
  assertNonNegative(couponAmount, "coupon deduction");
  if (couponAmount > input.charge) {
    throw new BillingError(
      "INVALID_ARGUMENT",
      "coupon deduction exceeds the charge; evaluate it on this charge",
    );
  }
  const candidates: Allocation[] = [];
  if (input.coupon !== undefined) {
    candidates.push({ source: "coupon", sourceId: input.coupon.couponId, amount: couponAmount });
  }
  for (const voucher of orderVouchers(input.deductionVouchers ?? [], input.now)) {
    candidates.push({ source: "deduction_voucher", sourceId: voucher.id, amount: voucher.balance });
  }
  for (const voucher of orderVouchers(input.topUpVouchers ?? [], input.now)) {
    candidates.push({ source: "topup_voucher", sourceId: voucher.id, amount: voucher.balance });
  }
  candidates.push({ source: "cash", amount: input.cashBalance });
  candidates.push({ source: "credit", amount: input.availableCredit });

  let remaining = input.charge;
  const allocations: Allocation[] = [];
  for (const candidate of candidates) {
    const take = min(candidate.amount, remaining);
    if (take > 0n) allocations.push({ ...candidate, amount: take });
    remaining -= take;
  }
  if (remaining > 0n && input.arrearsAllowed) allocations.push({ source: "arrears", amount: remaining });
  else if (remaining > 0n) return { ok: false, code: "INSUFFICIENT_BALANCE", shortfall: remaining };
  return { ok: true, allocations };
}

export type ChargesInTurnInput = Omit<ChargeInput, "charge" | "coupon"> & { charges: readonly Money[] };

/**
 * Allocates several charges one after the other from the same sources, each taking what the
 * earlier ones left: the allocations are those of `allocateCharge` called once per charge with the
 * sources as they stand after the charges before it (how batched metering charges a tenant's
 * resources in one transaction, exactly as charging them one by one would). All or nothing: a
 * charge the sources cannot cover refuses the whole turn unless arrears are allowed.
 */
export function allocateChargesInTurn(
  input: ChargesInTurnInput,
): { ok: true; allocations: Allocation[][] } | { ok: false; code: "INSUFFICIENT_BALANCE"; index: number } {
  const vouchers = new Map<string, Money>();
  for (const v of [...(input.deductionVouchers ?? []), ...(input.topUpVouchers ?? [])])
    vouchers.set(v.id, v.balance);
  const left = (list: readonly Voucher[] | undefined) =>
    (list ?? []).map((v) => ({ ...v, balance: vouchers.get(v.id)! }));
  let cashBalance = input.cashBalance;
  let availableCredit = input.availableCredit;
  const allocations: Allocation[][] = [];
  for (const [index, charge] of input.charges.entries()) {
    const result = allocateCharge({
      ...input,
      charge,
      deductionVouchers: left(input.deductionVouchers),
      topUpVouchers: left(input.topUpVouchers),
      cashBalance,
      availableCredit,
    });
    if (!result.ok) return { ok: false, code: "INSUFFICIENT_BALANCE", index };
    for (const a of result.allocations) {
      if (a.source === "cash") cashBalance -= a.amount;
      else if (a.source === "credit") availableCredit -= a.amount;
      else if (a.sourceId && vouchers.has(a.sourceId))
        vouchers.set(a.sourceId, vouchers.get(a.sourceId)! - a.amount);
    }
    allocations.push(result.allocations);
  }
  return { ok: true, allocations };
}
