import {
  type Allocation,
  allocateCharge,
  evaluateCoupon,
  orderVouchers,
  type PrepaidPeriodMonths,
  prepaidPrice,
  type RefundPolicy,
  sum,
  unsubscribeRefund,
  type Voucher,
} from "../../src/index";

// A tiny in-memory account that moves money only through the engine's answers, so the tests can
// check that no 0.00001 yuan is created or lost by any sequence of operations.
export type ChargeRecord = {
  start: Date;
  months: PrepaidPeriodMonths;
  paid: Allocation[];
  refunded: boolean;
};

export type Wallet = {
  now: number;
  cash: bigint;
  creditLimit: bigint;
  creditUsed: bigint;
  deductionVouchers: Map<string, Voucher>;
  topUpVouchers: Map<string, Voucher>;
  // Money the provider has received from money sources, net of refunds.
  revenue: bigint;
  couponSpent: bigint;
  deposited: bigint;
  charges: ChargeRecord[];
};

export type Operation =
  | { kind: "topUp"; amount: bigint }
  | { kind: "grant"; voucher: "deduction" | "topup"; amount: bigint; validDays: number | null }
  | { kind: "charge"; monthly: bigint; months: PrepaidPeriodMonths; couponValue: bigint | null }
  | { kind: "refund"; pick: number; policy: RefundPolicy }
  | { kind: "advance"; hours: number };

export function newWallet(now: number, creditLimit: bigint): Wallet {
  return {
    now,
    cash: 0n,
    creditLimit,
    creditUsed: 0n,
    deductionVouchers: new Map(),
    topUpVouchers: new Map(),
    revenue: 0n,
    couponSpent: 0n,
    deposited: 0n,
    charges: [],
  };
}

export function holdings(wallet: Wallet): bigint {
  const vouchers = [...wallet.deductionVouchers.values(), ...wallet.topUpVouchers.values()];
  return wallet.cash + sum(vouchers.map((v) => v.balance)) + (wallet.creditLimit - wallet.creditUsed);
}

function voucherMap(wallet: Wallet, source: Allocation["source"]): Map<string, Voucher> | undefined {
  if (source === "deduction_voucher") return wallet.deductionVouchers;
  if (source === "topup_voucher") return wallet.topUpVouchers;
  return undefined;
}

// Applies signed movements: −1 to take allocations from the account, +1 to give refunds back.
function move(wallet: Wallet, allocations: readonly Allocation[], sign: 1n | -1n): void {
  for (const { source, sourceId, amount } of allocations) {
    const vouchers = voucherMap(wallet, source);
    if (source === "cash") wallet.cash += sign * amount;
    else if (source === "credit") wallet.creditUsed -= sign * amount;
    else if (source === "coupon") wallet.couponSpent -= sign * amount;
    else {
      const voucher = vouchers?.get(sourceId ?? "");
      if (voucher === undefined) throw new Error(`unknown voucher ${sourceId}`);
      voucher.balance += sign * amount;
    }
    if (source !== "coupon") wallet.revenue -= sign * amount;
  }
}

export type StepReport =
  | { kind: "charged"; price: bigint; coupon: bigint; allocations: Allocation[] }
  | { kind: "refused"; price: bigint; coupon: bigint; shortfall: bigint }
  | { kind: "refunded"; record: ChargeRecord; refund: bigint; moneyPaid: bigint; refunds: Allocation[] }
  | { kind: "other" };

export function apply(wallet: Wallet, op: Operation): StepReport {
  switch (op.kind) {
    case "topUp":
      wallet.cash += op.amount;
      wallet.deposited += op.amount;
      return { kind: "other" };
    case "grant": {
      const map = op.voucher === "deduction" ? wallet.deductionVouchers : wallet.topUpVouchers;
      const id = `${op.voucher}-${map.size}`;
      const validUntil = op.validDays === null ? undefined : wallet.now + op.validDays * 86_400_000;
      map.set(id, { id, balance: op.amount, validUntil });
      wallet.deposited += op.amount;
      return { kind: "other" };
    }
    case "advance":
      wallet.now += op.hours * 3_600_000;
      return { kind: "other" };
    case "charge":
      return charge(wallet, op.monthly, op.months, op.couponValue);
    case "refund":
      return refund(wallet, op.pick, op.policy);
  }
}

function charge(
  wallet: Wallet,
  monthly: bigint,
  months: PrepaidPeriodMonths,
  couponValue: bigint | null,
): StepReport {
  const price = prepaidPrice(monthly, months);
  let coupon: { couponId: string; deduction: bigint } | undefined;
  if (couponValue !== null) {
    const evaluation = evaluateCoupon(
      {
        id: `coupon-${wallet.charges.length}`,
        benefit: { kind: "value", value: couponValue },
        threshold: 0n,
        productCodes: [],
        paymentTypes: [],
        validFrom: 0,
        validUntil: Number.MAX_SAFE_INTEGER,
        status: "valid",
      },
      { amount: price, productCode: "ecs", paymentType: "prepaid" },
      wallet.now,
    );
    if (evaluation.applicable) coupon = evaluation;
  }
  const result = allocateCharge({
    charge: price,
    coupon,
    deductionVouchers: [...wallet.deductionVouchers.values()],
    topUpVouchers: [...wallet.topUpVouchers.values()],
    cashBalance: wallet.cash,
    availableCredit: wallet.creditLimit - wallet.creditUsed,
    now: wallet.now,
  });
  const couponAmount = coupon?.deduction ?? 0n;
  if (!result.ok) return { kind: "refused", price, coupon: couponAmount, shortfall: result.shortfall };
  move(wallet, result.allocations, -1n);
  wallet.charges.push({ start: new Date(wallet.now), months, paid: result.allocations, refunded: false });
  return { kind: "charged", price, coupon: couponAmount, allocations: result.allocations };
}

function refund(wallet: Wallet, pick: number, policy: RefundPolicy): StepReport {
  const open = wallet.charges.filter((record) => !record.refunded);
  const record = open[pick % Math.max(open.length, 1)];
  if (record === undefined) return { kind: "other" };
  const result = unsubscribeRefund({
    policy,
    periodStart: record.start,
    months: record.months,
    paid: record.paid,
    at: wallet.now,
  });
  move(wallet, result.refundAllocations, 1n);
  record.refunded = true;
  return {
    kind: "refunded",
    record,
    refund: result.refund,
    moneyPaid: result.moneyPaid,
    refunds: result.refundAllocations,
  };
}

// Usable money the engine may draw on now, excluding the coupon.
export function spendable(wallet: Wallet): bigint {
  const usable = [
    ...orderVouchers([...wallet.deductionVouchers.values()], wallet.now),
    ...orderVouchers([...wallet.topUpVouchers.values()], wallet.now),
  ];
  return sum(usable.map((v) => v.balance)) + wallet.cash + wallet.creditLimit - wallet.creditUsed;
}
