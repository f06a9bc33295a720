import { applyDiscount, type Discount } from "./discount";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, min } from "./money";
import type { PaymentType } from "./pricing";
import { type Instant, toEpochMs } from "./time-zone";

export type CouponStatus = "inactive" | "used" | "valid" | "expired" | "voided";

// A value coupon takes a fixed amount off; a discount coupon makes the order cost amount × discount.
export type CouponBenefit = { kind: "value"; value: Money } | { kind: "discount"; discount: Discount };

export type Coupon = {
  id: string;
  benefit: CouponBenefit;
  // The order amount must be ≥ threshold; 0n means no threshold.
  threshold: Money;
  // Empty means every product / both payment types.
  productCodes: readonly string[];
  paymentTypes: readonly PaymentType[];
  // Valid on [validFrom, validUntil): the end instant itself is already outside.
  validFrom: Instant;
  validUntil: Instant;
  status: CouponStatus;
};

export type CouponOrder = { amount: Money; productCode: string; paymentType: PaymentType };

export type CouponRejection =
  | "COUPON_INACTIVE"
  | "COUPON_USED"
  | "COUPON_VOIDED"
  | "COUPON_EXPIRED"
  | "COUPON_NOT_STARTED"
  | "COUPON_PAYMENT_TYPE_NOT_APPLICABLE"
  | "COUPON_PRODUCT_NOT_APPLICABLE"
  | "COUPON_THRESHOLD_NOT_MET";

// A coupon worth more than the order only covers the order; spec §8: "a coupon exceeds the order and
// the excess is not refunded", so the excess is reported as forfeited for the UI to warn about.
export type CouponEvaluation =
  | { applicable: true; couponId: string; deduction: Money; excessForfeited: boolean; forfeited: Money }
  | { applicable: false; couponId: string; reason: CouponRejection };

const STATUS_REJECTIONS: Record<Exclude<CouponStatus, "valid">, CouponRejection> = {
  inactive: "COUPON_INACTIVE",
  used: "COUPON_USED",
  voided: "COUPON_VOIDED",
  expired: "COUPON_EXPIRED",
};

// Checks run in a fixed order (status, validity window, payment type, product, threshold) so the
// reason shown for a coupon that fails several checks is stable.
function rejection(coupon: Coupon, order: CouponOrder, now: number): CouponRejection | undefined {
  if (coupon.status !== "valid") return STATUS_REJECTIONS[coupon.status];
  if (now < toEpochMs(coupon.validFrom)) return "COUPON_NOT_STARTED";
  if (now >= toEpochMs(coupon.validUntil)) return "COUPON_EXPIRED";
  if (coupon.paymentTypes.length > 0 && !coupon.paymentTypes.includes(order.paymentType)) {
    return "COUPON_PAYMENT_TYPE_NOT_APPLICABLE";
  }
  if (coupon.productCodes.length > 0 && !coupon.productCodes.includes(order.productCode)) {
    return "COUPON_PRODUCT_NOT_APPLICABLE";
  }
  if (order.amount < coupon.threshold) return "COUPON_THRESHOLD_NOT_MET";
  return undefined;
}

export function evaluateCoupon(coupon: Coupon, order: CouponOrder, now: Instant): CouponEvaluation {
  assertNonNegative(order.amount, "order amount");
  assertNonNegative(coupon.threshold, "coupon threshold");
  const reason = rejection(coupon, order, toEpochMs(now));
  if (reason !== undefined) return { applicable: false, couponId: coupon.id, reason };
  if (coupon.benefit.kind === "discount") {
    // The customer pays amount × discount (half-up); the coupon covers the rest, never more than the order.
    const deduction = order.amount - applyDiscount(order.amount, coupon.benefit.discount);
    return { applicable: true, couponId: coupon.id, deduction, excessForfeited: false, forfeited: 0n };
  }
  if (coupon.benefit.value <= 0n) throw new BillingError("INVALID_AMOUNT", "coupon value must be positive");
  const deduction = min(coupon.benefit.value, order.amount);
  const forfeited = coupon.benefit.value - deduction;
  return { applicable: true, couponId: coupon.id, deduction, excessForfeited: forfeited > 0n, forfeited };
}
