import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Allocation, allocateCharge, allocateChargesInTurn, parseYuan, sum } from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const now = shanghai("2024-06-15 12:00");
const keyOf = (a: Allocation) => `${a.source}:${a.sourceId ?? ""}`;
const totals = (allocations: Allocation[]) => {
  const by = new Map<string, bigint>();
  for (const a of allocations) by.set(keyOf(a), (by.get(keyOf(a)) ?? 0n) + a.amount);
  return Object.fromEntries([...by.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
};

describe("allocateChargesInTurn: worked example", () => {
  it("each charge takes what the ones before it left, in the deduction order", () => {
    const result = allocateChargesInTurn({
      charges: [y("30"), y("50"), y("40")],
      deductionVouchers: [{ id: "D1", balance: y("20") }],
      cashBalance: y("70"),
      availableCredit: y("10"),
      now,
      arrearsAllowed: true,
    });
    expect(result).toEqual({
      ok: true,
      allocations: [
        [
          { source: "deduction_voucher", sourceId: "D1", amount: y("20") },
          { source: "cash", amount: y("10") },
        ],
        [{ source: "cash", amount: y("50") }],
        [
          { source: "cash", amount: y("10") },
          { source: "credit", amount: y("10") },
          { source: "arrears", amount: y("20") },
        ],
      ],
    });
  });

  it("refuses the whole turn, naming the charge, when arrears are not allowed", () => {
    const result = allocateChargesInTurn({
      charges: [y("5"), y("6")],
      cashBalance: y("10"),
      availableCredit: 0n,
      now,
    });
    expect(result).toEqual({ ok: false, code: "INSUFFICIENT_BALANCE", index: 1 });
  });
});

const money = (max: bigint) => fc.bigInt({ min: 0n, max });
const sources = fc.record({
  deduction: fc.array(money(5_000_000n), { maxLength: 3 }),
  topUp: fc.array(money(5_000_000n), { maxLength: 3 }),
  cashBalance: money(20_000_000n),
  availableCredit: money(10_000_000n),
});

describe("allocateChargesInTurn: properties", () => {
  it("charging in turn takes from each source exactly what one charge of the sum would", () => {
    fc.assert(
      fc.property(sources, fc.array(money(3_000_000n), { minLength: 1, maxLength: 25 }), (s, charges) => {
        const common = {
          deductionVouchers: s.deduction.map((balance, i) => ({ id: `D${i}`, balance })),
          topUpVouchers: s.topUp.map((balance, i) => ({ id: `T${i}`, balance })),
          cashBalance: s.cashBalance,
          availableCredit: s.availableCredit,
          now,
          arrearsAllowed: true,
        };
        const inTurn = allocateChargesInTurn({ ...common, charges });
        const once = allocateCharge({ ...common, charge: sum(charges) });
        if (!inTurn.ok || !once.ok) throw new Error("arrears are allowed: never refused");
        // Each charge is covered exactly, and no source gives more than it held.
        inTurn.allocations.forEach((a, i) => {
          expect(sum(a.map((x) => x.amount))).toBe(charges[i]);
        });
        expect(totals(inTurn.allocations.flat())).toEqual(totals(once.allocations));
      }),
    );
  });
});
