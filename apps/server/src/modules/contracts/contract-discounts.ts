// The one answer to "which contract discount applies to this product for this organisation at this
// time" (decision 0029): quotes and new orders, renewals, configuration changes and every hourly or
// usage rater ask here, inside their own transaction. A product rule beats a category rule; across
// rules and contracts in execution the lowest rate wins (packages/billing contractDiscountAt).
import {
  type ContractWindow,
  contractDiscountAt,
  type Discount,
  discountFromHundredths,
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
  const rows = await discountWindows(tx, orgId, from, until);
  if (rows.length === 0) return NONE;
  const windows: ContractWindow[] = rows.map((r) => ({
    from: r.from,
    until: r.until,
    rules: r.discounts.map((d) => ({
      target: d.target,
      code: d.code,
      discount: discountFromHundredths(d.hundredths),
    })),
  }));
  const product = { code: productCode, categoryCode: await categoryCodeOfProduct(tx, productCode) };
  return (at) => contractDiscountAt(windows, product, at);
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
