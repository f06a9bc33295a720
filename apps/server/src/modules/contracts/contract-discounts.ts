// The one answer to "which contract discount applies to this product for this organisation at this
// time" (decision 0029): quotes and new orders, renewals, configuration changes and every hourly or
// usage rater ask here, inside their own transaction. A product rule beats a category rule; across
// rules and contracts in execution the lowest rate wins (packages/billing contractDiscountAt).
import {
  type ContractWindow,
  contractDiscountAmount,
  contractDiscountAt,
  type Discount,
  discountFromHundredths,
  type Money,
  uniformContractSpan,
} from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { categoryCodeOfProduct, discountWindows } from "./contracts.repo";

/** The contract discount at each instant of the span it was read for (null: none applies). */
export type ContractDiscountSchedule = (at: Date) => Discount | null;

const NONE: ContractDiscountSchedule = () => null;

/** The organisation's contract discounts for a product over [from, until), read once. */
export async function contractDiscountSchedule(
  tx: Tx,
  orgId: string,
  productCode: string,
  from: Date,
  until: Date,
): Promise<ContractDiscountSchedule> {
  return (await contractDiscountSchedules(tx, orgId, from, until))(productCode);
}

/**
 * The organisation's contract windows over [from, until), read once, as a schedule per product
 * (batched metering asks for many products of one organisation; most have no contract at all).
 */
export async function contractDiscountSchedules(
  tx: Tx,
  orgId: string,
  from: Date,
  until: Date,
): Promise<(productCode: string) => Promise<ContractDiscountSchedule>> {
  const rows = await discountWindows(tx, orgId, from, until);
  if (rows.length === 0) return async () => NONE;
  const windows: ContractWindow[] = rows.map((r) => ({
    from: r.from,
    until: r.until,
    rules: r.discounts.map((d) => ({
      target: d.target,
      code: d.code,
      discount: discountFromHundredths(d.hundredths),
    })),
  }));
  const categories = new Map<string, string | null>();
  return async (productCode) => {
    if (!categories.has(productCode))
      categories.set(productCode, await categoryCodeOfProduct(tx, productCode));
    const product = { code: productCode, categoryCode: categories.get(productCode)! };
    return (at) => contractDiscountAt(windows, product, at);
  };
}

/** The contract discount for a product at one instant, or null. */
export async function contractDiscountOn(
  tx: Tx,
  orgId: string,
  productCode: string,
  at: Date,
): Promise<Discount | null> {
  const schedule = await contractDiscountSchedule(tx, orgId, productCode, at, new Date(at.getTime() + 1));
  return schedule(at);
}

/**
 * For a usage rater charging [from, until) at once: the part of it from `from` with one contract
 * rate throughout (hours beginning in the same contracts' execution), and a function that takes
 * that rate's discount off an amount. The rater charges that part and rates the rest apart.
 */
export async function contractSpan(tx: Tx, orgId: string, productCode: string, from: Date, until: Date) {
  const span = uniformContractSpan(
    from,
    until,
    await contractDiscountSchedule(tx, orgId, productCode, from, until),
  );
  return {
    until: span.until,
    discountOf: (amount: Money): Money =>
      span.discount ? contractDiscountAmount(amount, span.discount) : 0n,
  };
}
