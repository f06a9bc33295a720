import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Allocation, PREPAID_PERIOD_MONTHS, sum } from "../src/index";
import { apply, holdings, newWallet, type Operation, spendable, type Wallet } from "./support/wallet";

const money = (max: bigint) => fc.bigInt({ min: 0n, max });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("topUp" as const), amount: money(50_000_000n) }),
  fc.record({
    kind: fc.constant("grant" as const),
    voucher: fc.constantFrom("deduction" as const, "topup" as const),
    amount: money(10_000_000n),
    validDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant("charge" as const),
    monthly: money(2_000_000n),
    months: fc.constantFrom(...PREPAID_PERIOD_MONTHS),
    couponValue: fc.option(fc.bigInt({ min: 1n, max: 5_000_000n }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant("refund" as const),
    pick: fc.nat(),
    policy: fc.constantFrom("by_month" as const, "paid_minus_used" as const),
  }),
  fc.record({
    kind: fc.constant("advance" as const),
    hours: fc.oneof(fc.integer({ min: 0, max: 48 }), fc.integer({ min: 0, max: 24 * 100 })),
  }),
);

const scenario = fc.record({
  // Often no credit line, so charges also fall entirely on vouchers and refunds reach them.
  creditLimit: fc.oneof(fc.constant(0n), money(30_000_000n)),
  operations: fc.array(operation, { maxLength: 40 }),
});

const keyOf = (a: Allocation) => `${a.source}:${a.sourceId ?? ""}`;

function snapshot(wallet: Wallet): string {
  return JSON.stringify(wallet, (_key, value) =>
    typeof value === "bigint" ? `${value}n` : value instanceof Map ? [...value.entries()] : value,
  );
}

describe("wallet driven by the engine", () => {
  it("conserves money across any sequence of top-ups, vouchers, charges and refunds", () => {
    fc.assert(
      fc.property(scenario, ({ creditLimit, operations }) => {
        const wallet = newWallet(Date.UTC(2024, 0, 1), creditLimit);
        for (const op of operations) {
          apply(wallet, op);
          // Everything deposited plus the credit line is either still held or was received by the provider.
          expect(holdings(wallet) + wallet.revenue).toBe(wallet.deposited + wallet.creditLimit);
          expect(wallet.cash >= 0n).toBe(true);
          expect(wallet.creditUsed >= 0n && wallet.creditUsed <= wallet.creditLimit).toBe(true);
          for (const v of [...wallet.deductionVouchers.values(), ...wallet.topUpVouchers.values()]) {
            expect(v.balance >= 0n).toBe(true);
          }
          expect(wallet.revenue >= 0n).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("charges exactly the price, or refuses with the exact shortfall and changes nothing", () => {
    fc.assert(
      fc.property(scenario, ({ creditLimit, operations }) => {
        const wallet = newWallet(Date.UTC(2024, 0, 1), creditLimit);
        for (const op of operations) {
          const before = snapshot(wallet);
          const available = spendable(wallet);
          const report = apply(wallet, op);
          if (report.kind === "charged") {
            expect(sum(report.allocations.map((a) => a.amount))).toBe(report.price);
            expect(report.coupon <= report.price).toBe(true);
          }
          if (report.kind === "refused") {
            expect(snapshot(wallet)).toBe(before);
            expect(report.shortfall).toBe(report.price - report.coupon - available);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never refunds more than was paid minus coupons, nor more to a source than it gave", () => {
    fc.assert(
      fc.property(scenario, ({ creditLimit, operations }) => {
        const wallet = newWallet(Date.UTC(2024, 0, 1), creditLimit);
        for (const op of operations) {
          const report = apply(wallet, op);
          if (report.kind !== "refunded") continue;
          const paid = report.record.paid;
          const coupon = sum(paid.filter((a) => a.source === "coupon").map((a) => a.amount));
          expect(report.moneyPaid).toBe(sum(paid.map((a) => a.amount)) - coupon);
          expect(report.refund <= report.moneyPaid).toBe(true);
          expect(sum(report.refunds.map((a) => a.amount))).toBe(report.refund);
          for (const given of report.refunds) {
            expect(given.source).not.toBe("coupon");
            const taken = sum(paid.filter((a) => keyOf(a) === keyOf(given)).map((a) => a.amount));
            expect(given.amount > 0n && given.amount <= taken).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the generated scenarios", () => {
  it("exercise charges, refusals and refunds to every kind of source", () => {
    // Guards the properties above against passing vacuously on scenarios that never move money.
    const seen = new Set<string>();
    for (const { creditLimit, operations } of fc.sample(scenario, { numRuns: 300, seed: 42 })) {
      const wallet = newWallet(Date.UTC(2024, 0, 1), creditLimit);
      for (const op of operations) {
        const report = apply(wallet, op);
        if (report.kind === "refused") seen.add("refused");
        if (report.kind === "charged") for (const a of report.allocations) seen.add(`charged:${a.source}`);
        if (report.kind === "refunded") {
          if (report.refund === 0n) seen.add("refunded:nothing");
          for (const a of report.refunds) seen.add(`refunded:${a.source}`);
        }
      }
    }
    expect([...seen].sort()).toEqual(
      [
        "refused",
        "refunded:nothing",
        ...["coupon", "deduction_voucher", "topup_voucher", "cash", "credit"].map((s) => `charged:${s}`),
        ...["deduction_voucher", "topup_voucher", "cash", "credit"].map((s) => `refunded:${s}`),
      ].sort(),
    );
  });
});
