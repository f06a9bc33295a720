import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Allocation,
  distributeRefund,
  PREPAID_PERIOD_MONTHS,
  refundableBase,
  sum,
  unsubscribeRefund,
} from "../src/index";

const start = Date.UTC(2024, 0, 30, 16, 0); // Jan 31 00:00 in Shanghai: exercises month-end clamping
const DAY = 86_400_000;

const allocation: fc.Arbitrary<Allocation> = fc.oneof(
  fc.record({
    source: fc.constant("coupon" as const),
    sourceId: fc.constant("C"),
    amount: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  }),
  fc.record({
    source: fc.constantFrom("deduction_voucher" as const, "topup_voucher" as const),
    sourceId: fc.constantFrom("A", "B", "C"),
    amount: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  }),
  fc.record({
    source: fc.constantFrom("cash" as const, "credit" as const),
    amount: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  }),
);
const paidArb = fc.array(allocation, { maxLength: 8 });
const keyOf = (a: Allocation) => `${a.source}:${a.sourceId ?? ""}`;

describe("refund properties", () => {
  it("never refunds more than the money paid, and later unsubscribes never refund more", () => {
    fc.assert(
      fc.property(
        paidArb,
        fc.constantFrom(...PREPAID_PERIOD_MONTHS),
        fc.constantFrom("by_month" as const, "paid_minus_used" as const),
        fc.integer({ min: -5 * DAY, max: 1200 * DAY }),
        fc.integer({ min: 0, max: 40 * DAY }),
        (paid, months, policy, offset, later) => {
          const at = (delta: number) =>
            unsubscribeRefund({ policy, periodStart: start, months, paid, at: start + delta });
          const first = at(offset);
          const second = at(offset + later);
          expect(first.moneyPaid).toBe(refundableBase(paid));
          expect(first.refund <= first.moneyPaid).toBe(true);
          expect(first.refund >= 0n).toBe(true);
          expect(second.refund <= first.refund).toBe(true);
          expect(first.used <= first.periodPrice).toBe(true);
        },
      ),
    );
  });

  it("distributes any refund up to the money paid without exceeding any source", () => {
    fc.assert(
      fc.property(paidArb, fc.bigInt({ min: 0n, max: 100n }), (paid, percent) => {
        const refund = (refundableBase(paid) * percent) / 100n;
        const given = distributeRefund(refund, paid);
        expect(sum(given.map((a) => a.amount))).toBe(refund);
        for (const a of given) {
          expect(a.source).not.toBe("coupon");
          const taken = sum(paid.filter((p) => keyOf(p) === keyOf(a)).map((p) => p.amount));
          expect(a.amount > 0n && a.amount <= taken).toBe(true);
        }
        expect(new Set(given.map(keyOf)).size).toBe(given.length);
      }),
    );
  });
});
