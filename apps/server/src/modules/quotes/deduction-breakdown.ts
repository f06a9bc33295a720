// The deduction breakdown every quote shows before the user confirms (spec §9 deduction order):
// how a charge would be paid from the organisation's coupon, vouchers, cash and credit as they
// stand now, or how much is missing. Read only: nothing is charged.
import { allocateCharge, formatYuan, type Money } from "@skyledger/billing";
import type { PriceQuote } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { type Funding as LedgerFunding, readFunding } from "../ledger/funding";

export type Funding = Pick<LedgerFunding, "cash" | "debt" | "deductionVouchers" | "topUpVouchers"> & {
  availableCredit: Money;
};
export type DeductionBreakdown = PriceQuote["deduction"];

/**
 * The organisation's money sources as they stand, read without locks: a quote only shows how a
 * charge would be covered; the order's charge locks and re-reads them.
 */
export async function readQuoteFunding(tx: Tx, orgId: string): Promise<Funding> {
  const f = await readFunding(tx, orgId);
  return {
    cash: f.cash,
    availableCredit: f.creditLimit - f.creditUsed,
    debt: f.debt,
    deductionVouchers: f.deductionVouchers,
    topUpVouchers: f.topUpVouchers,
  };
}

export function deductionBreakdown(
  amount: Money,
  funding: Funding,
  now: Date,
  applied?: { couponId: string; deduction: Money },
): DeductionBreakdown {
  const result = allocateCharge({
    charge: amount,
    ...(applied ? { coupon: applied } : {}),
    deductionVouchers: funding.deductionVouchers,
    topUpVouchers: funding.topUpVouchers,
    cashBalance: funding.cash,
    availableCredit: funding.availableCredit > 0n ? funding.availableCredit : 0n,
    now,
  });
  return result.ok
    ? {
        sufficient: true,
        shortfall: formatYuan(0n),
        allocations: result.allocations.map((a) => ({
          source: a.source,
          sourceId: a.sourceId ?? null,
          amount: formatYuan(a.amount),
        })),
      }
    : { sufficient: false, shortfall: formatYuan(result.shortfall), allocations: [] };
}
