// The tenant's price inquiry (issue 5 §2): the catalogue's price of the choice, the discount package
// (rules §13), the coupon and the deduction order against the caller's balances as they stand (read
// only, nothing is charged). Ordering evaluates an order's figures with the same `evaluate`. It sits
// above the money modules because coupons and balances are theirs.
import {
  applyDiscount,
  contractDiscountAmount,
  type Discount,
  discountFromHundredths,
  type Money,
} from "@skyledger/billing";
import type { PriceQuote } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { type Inquiry, listedProduct, priceOf, quoteOf } from "../catalog/product-pricing.service";
import { chooseCoupon } from "../finance/coupon-choice";
import { deductionBreakdown, readQuoteFunding } from "./deduction-breakdown";
import { findOwnCoupon } from "./quotes.repo";

/**
 * The organisation's discount package for a product at an instant, if any. The packages module
 * answers; the wiring injects it, so quotes never imports packages (which quote through here).
 */
export type DiscountPackageLookup = (
  orgId: string,
  productCode: string,
  at: Date,
) => Promise<{ id: string; discountHundredths: number } | null>;

/**
 * The discount of the organisation's contract in execution for a product at an instant, if any
 * (contracts module; injected like the package look-up). Decision 0029.
 */
export type ContractDiscountLookup = (
  orgId: string,
  product: { code: string; categoryId: string | null },
  at: Date,
) => Promise<Discount | null>;

export type PriceInquiryService = ReturnType<typeof createPriceInquiryService>;

export function createPriceInquiryService(deps: {
  db: Db;
  clock: Clock;
  discountPackage: DiscountPackageLookup;
  contractDiscount: ContractDiscountLookup;
}) {
  const { db, clock } = deps;

  /**
   * The figures of an order before it is charged: the listed product, its price and the coupon's
   * share when the coupon applies (an inapplicable one is reported, not applied).
   */
  async function evaluate(orgId: string, q: Inquiry) {
    const p = await listedProduct(db, q.productCode);
    const price = await priceOf(db, p, q);
    // rules §13: a prepaid order is discounted again by the active discount package, after the
    // product's discount (half-up once more); the coupon is evaluated on what is left.
    if (q.paymentType === "prepaid") {
      const pkg = await deps.discountPackage(orgId, p.code, clock.now());
      if (pkg) {
        const after = applyDiscount(price.amount, discountFromHundredths(pkg.discountHundredths));
        price.packageDiscount = price.amount - after;
        price.discountPackageId = pkg.id;
        price.amount = after;
      }
    }
    // Decision 0029: a contract in execution discounts every price, prepaid or postpaid, after the
    // package (half-up at 0.00001 yuan); its share is its own line of the breakdown.
    const contract = await deps.contractDiscount(orgId, p, clock.now());
    if (contract) {
      price.contractDiscount = contractDiscountAmount(price.amount, contract);
      price.amount -= price.contractDiscount;
    }
    let coupon: PriceQuote["coupon"] = null;
    let applied: { couponId: string; deduction: Money } | undefined;
    if (q.couponId) {
      const row = await findOwnCoupon(db, orgId, q.couponId);
      if (!row) throw new DomainError("COUPON_NOT_FOUND");
      const choice = chooseCoupon(
        row,
        { amount: price.amount, productCode: p.code, paymentType: q.paymentType },
        clock.now(),
      );
      coupon = choice.coupon;
      applied = choice.applied;
    }
    return { product: p, price, coupon, applied };
  }

  return {
    evaluate,
    listedProduct: (code: string) => listedProduct(db, code),

    async inquire(ctx: RequestContext, q: Inquiry): Promise<PriceQuote> {
      const orgId = ctx.ownTenant();
      const { product: p, price, coupon, applied } = await evaluate(orgId, q);
      const funding = await readQuoteFunding(db, orgId);
      return quoteOf(
        p,
        q,
        price,
        coupon,
        applied?.deduction ?? 0n,
        deductionBreakdown(price.amount, funding, clock.now(), applied),
      );
    },
  };
}
