import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUDGET_THRESHOLDS, budgetPercent, budgetThresholdsCrossed, parseYuan } from "../src/index";

const y = parseYuan;

describe("budgetThresholdsCrossed", () => {
  it("fires each threshold the spend reached, lowest first, exactly at the boundary", () => {
    const budget = y("1000");
    expect(budgetThresholdsCrossed(budget, y("499.99999"))).toEqual([]);
    expect(budgetThresholdsCrossed(budget, y("500"))).toEqual([50]);
    expect(budgetThresholdsCrossed(budget, y("800"))).toEqual([50, 80]);
    expect(budgetThresholdsCrossed(budget, y("1200"))).toEqual([50, 80, 100]);
  });

  it("leaves out thresholds that already fired this month", () => {
    expect(budgetThresholdsCrossed(y("1000"), y("850"), [50])).toEqual([80]);
    expect(budgetThresholdsCrossed(y("1000"), y("1000"), [50, 80, 100])).toEqual([]);
  });

  it("reaches nothing with no budget or with refunds that outweigh charges", () => {
    expect(budgetThresholdsCrossed(0n, y("10"))).toEqual([]);
    expect(budgetThresholdsCrossed(y("100"), y("-5"))).toEqual([]);
  });

  it("property: a threshold is crossed exactly when spend × 100 ≥ budget × percent, never twice", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 16n }),
        fc.subarray([...BUDGET_THRESHOLDS]),
        (budget, spend, fired) => {
          const crossed = budgetThresholdsCrossed(budget, spend, fired);
          for (const t of BUDGET_THRESHOLDS) {
            const reached = spend * 100n >= budget * BigInt(t);
            expect(crossed.includes(t)).toBe(reached && !fired.includes(t));
          }
          // Firing what was crossed leaves nothing to fire at the same spend.
          expect(budgetThresholdsCrossed(budget, spend, [...fired, ...crossed])).toEqual([]);
        },
      ),
    );
  });

  it("property: more spend never un-crosses a threshold", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        (budget, spend, more) => {
          const before = budgetThresholdsCrossed(budget, spend);
          const after = budgetThresholdsCrossed(budget, spend + more);
          expect(before.every((t) => after.includes(t))).toBe(true);
        },
      ),
    );
  });
});

describe("budgetPercent", () => {
  it("is the whole percentage of the budget spent, rounded down, past 100 when over", () => {
    expect(budgetPercent(y("1000"), y("799.99"))).toBe(79);
    expect(budgetPercent(y("1000"), y("1500"))).toBe(150);
    expect(budgetPercent(y("1000"), y("-3"))).toBe(0);
    expect(budgetPercent(0n, y("3"))).toBe(0);
  });
});
