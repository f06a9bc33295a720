// The deduction breakdown every quote shows before the user confirms (spec §9 deduction order):
// how a charge would be paid from the organisation's coupon, vouchers, cash and credit as they
// stand now, or how much is missing. Read only: nothing is charged.
import { allocateCharge, formatYuan, type Money } from "@skyledger/billing";
import type { PriceQuote } from "@skyledger/contracts";
import type { CatalogRepo } from "./catalog.repo";

export type Funding = Awaited<ReturnType<CatalogRepo["funding"]>>;
export type DeductionBreakdown = PriceQuote["deduction"];

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
