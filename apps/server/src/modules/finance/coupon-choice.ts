// Whether an organisation's coupon applies to a charge and what it takes off (docs/billing/rules.md
// §4). Purchases (the price inquiry and `/service/apply`) and renewals share this one evaluation, so
// a coupon is never accepted by one and refused by the other for the same charge.
import {
  type AppliedCoupon,
  type Coupon,
  type CouponOrder,
  type CouponStatus,
  discountFromHundredths,
  evaluateCoupon,
  formatYuan,
} from "@skyledger/billing";
import type { PriceQuote } from "@skyledger/contracts";
import type { coupons } from "./finance.schema";

export type CouponRow = typeof coupons.$inferSelect;
export type CouponQuote = NonNullable<PriceQuote["coupon"]>;

export function billingCoupon(c: CouponRow, now: Date): Coupon {
  // A coupon waiting for its start shows as inactive until the sweep wakes it; by now it may be due.
  const status: CouponStatus =
    c.status === "inactive" && c.validFrom <= now
      ? "valid"
      : c.status === "undistribute"
        ? "inactive"
        : c.status;
  return {
    id: c.id,
    benefit:
      c.benefitKind === "discount"
        ? { kind: "discount", discount: discountFromHundredths(c.discountHundredths) }
        : { kind: "value", value: c.value },
    threshold: c.threshold,
    productCodes: c.applicableProducts,
    paymentTypes: c.applicablePaymentTypes.filter(
      (p): p is "prepaid" | "postpaid" => p === "prepaid" || p === "postpaid",
    ),
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    status,
  };
}

/**
 * The coupon's figures for a quote, and its share of the charge when it applies. A coupon that does
 * not apply is reported with its reason and takes nothing (`applied` is undefined).
 */
export function chooseCoupon(
  row: CouponRow,
  order: CouponOrder,
  now: Date,
): { coupon: CouponQuote; applied: AppliedCoupon | undefined } {
  const evaluation = evaluateCoupon(billingCoupon(row, now), order, now);
  if (!evaluation.applicable) {
    return {
      coupon: {
        couponId: row.id,
        applicable: false,
        reason: evaluation.reason,
        deduction: formatYuan(0n),
        forfeited: formatYuan(0n),
      },
      applied: undefined,
    };
  }
  return {
    coupon: {
      couponId: row.id,
      applicable: true,
      reason: null,
      deduction: formatYuan(evaluation.deduction),
      forfeited: formatYuan(evaluation.forfeited),
    },
    applied: { couponId: row.id, deduction: evaluation.deduction },
  };
}
