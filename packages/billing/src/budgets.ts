// Monthly budgets (docs/billing/budgets.md): a tenant, or one of its projects, is told once per
// calendar month when its spend reaches 50 %, 80 % and 100 % of the budget. These rules are pure;
// the server keeps which thresholds already fired and sends the notices.
import type { Money } from "./money";

/** Percentages of the budget that send a notice, lowest first. */
export const BUDGET_THRESHOLDS = [50, 80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/**
 * The thresholds `spend` has reached (spend ≥ budget × percent / 100, compared exactly in units)
 * that are not among `fired`, lowest first. A budget of 0 or less reaches nothing: the server never
 * stores one, and a rule that fired every threshold for it would only send noise.
 */
export function budgetThresholdsCrossed(
  budget: Money,
  spend: Money,
  fired: readonly number[] = [],
): BudgetThreshold[] {
  if (budget <= 0n) return [];
  return BUDGET_THRESHOLDS.filter((t) => spend * 100n >= budget * BigInt(t) && !fired.includes(t));
}

/** Spend as a whole percentage of the budget, rounded down (0 for no budget; may exceed 100). */
export function budgetPercent(budget: Money, spend: Money): number {
  if (budget <= 0n || spend <= 0n) return 0;
  return Number((spend * 100n) / budget);
}
