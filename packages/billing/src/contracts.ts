// Contracts with credit and discounts (issue 17 item 2; decision 0029; docs/billing/contracts.md).
// A contract is in execution from its start (inclusive) to its end (exclusive) unless an operator
// terminated it. While in execution its discounts apply to every price, and its credit limit
// counts towards the tenant's credit: the larger of the operator's limit and the contract credit.
import { applyDiscount, type Discount } from "./discount";
import { type Money, max } from "./money";

export type ContractState = "notStarted" | "executing" | "expired" | "terminated";

export type ContractTimes = { startsAt: Date; endsAt: Date; terminatedAt: Date | null };

/** The state at an instant: a termination wins over the dates, and the end itself is already expired. */
export function contractStateAt(c: ContractTimes, now: Date): ContractState {
  if (c.terminatedAt !== null && c.terminatedAt.getTime() <= now.getTime()) return "terminated";
  if (now.getTime() >= c.endsAt.getTime()) return "expired";
  if (now.getTime() < c.startsAt.getTime()) return "notStarted";
  return "executing";
}

export type ContractDiscountRule = {
  target: "product" | "category";
  /** The product's or category's code. */
  code: string;
  discount: Discount;
};

/**
 * The discount for a product among the rules of the contracts in execution: a rule naming the
 * product beats one naming its category; among rules of the same kind the lowest rate (the one
 * best for the tenant) wins, so overlapping contracts never raise a price. Null: no rule applies.
 */
export function contractDiscountFor(
  rules: readonly ContractDiscountRule[],
  product: { code: string; categoryCode: string | null },
): Discount | null {
  const lowest = (kind: ContractDiscountRule["target"], code: string | null) =>
    rules
      .filter((r) => r.target === kind && code !== null && r.code === code)
      .reduce<Discount | null>(
        (best, r) => (best === null || r.discount.hundredths < best.hundredths ? r.discount : best),
        null,
      );
  return lowest("product", product.code) ?? lowest("category", product.categoryCode);
}

/**
 * What the contract discount takes off a price (its own line in the breakdown): the price minus
 * the price × rate rounded half-up at 0.00001 yuan. Never negative and never more than the price.
 */
export function contractDiscountAmount(price: Money, discount: Discount): Money {
  return price - applyDiscount(price, discount);
}

/** The tenant's credit limit: the operator's limit, or a larger credit of a contract in execution. */
export function effectiveCreditLimit(operatorLimit: Money, contractCredits: readonly Money[]): Money {
  return max(operatorLimit, ...contractCredits);
}

/**
 * Credit used beyond the limit left once a contract's credit is withdrawn: it becomes a debt
 * (arrears) and the arrears rules apply to it. Zero when the remaining limit still covers it.
 */
export function creditOverflow(creditUsed: Money, remainingLimit: Money): Money {
  return creditUsed > remainingLimit ? creditUsed - remainingLimit : 0n;
}
