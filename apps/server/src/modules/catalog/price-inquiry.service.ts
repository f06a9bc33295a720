// The price inquiry (issue 5 §2): every figure comes from packages/billing — the monthly price of
// the row's model, the prepaid or postpaid price with the row's discount, the coupon, and the
// deduction order against the caller's balances as they stand (read only, nothing is charged).
import {
  applyDiscount,
  discountFromHundredths,
  formatYuan,
  type Money,
  monthlyPrice,
  NO_DISCOUNT,
  type PriceModel,
  postpaidCharge,
  prepaidPrice,
} from "@skyledger/billing";
import type { PriceQuote, priceInquiry, SpecChoice, SpecSchema, UnitPrice } from "@skyledger/contracts";
import type { z } from "zod";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/http/errors";
import { chooseCoupon } from "../finance/coupon-choice";
import type { CatalogRepo, PriceRow, ProductRow } from "./catalog.repo";
import { discountText } from "./catalog.service";
import { deductionBreakdown } from "./deduction-breakdown";

type Inquiry = z.output<typeof priceInquiry>;

const notCalculable = () => new DomainError("PRICE_NOT_CALCULABLE");

/** The priced dimension a choice falls on and how many of its units one instance takes. */
export function resolveChoice(spec: SpecSchema, choice: SpecChoice): { dimension: string; units: number } {
  switch (spec.kind) {
    case "host": {
      const flavor = spec.flavors.find((f) => f.id === choice.flavorId);
      if (!flavor) throw notCalculable();
      if (choice.imageId !== undefined && !spec.images.some((i) => i.id === choice.imageId))
        throw notCalculable();
      return { dimension: `flavor:${flavor.id}`, units: 1 };
    }
    case "disk": {
      const type = spec.diskTypes.find((d) => d.id === choice.diskType);
      const size = choice.sizeGb;
      if (!type || size === undefined || size < spec.minGb || size > spec.maxGb) throw notCalculable();
      return { dimension: `diskType:${type.id}`, units: size };
    }
    case "elasticIp": {
      const mbps = choice.bandwidthMbps ?? spec.defaultMbps;
      if (mbps > spec.maxMbps) throw notCalculable();
      return { dimension: "bandwidth", units: mbps };
    }
    case "capacity": {
      const option = spec.options.find((o) => o.id === choice.optionId);
      if (!option) throw notCalculable();
      return { dimension: `option:${option.id}`, units: choice.units ?? 1 };
    }
  }
}

export function priceModelOf(row: PriceRow): PriceModel {
  return row.model === "base_plus_unit"
    ? {
        model: "base_plus_unit",
        basePrice: row.basePrice,
        unitPrice: row.unitPrice,
        configurationFee: row.configurationFee,
      }
    : { model: "unit", unitPrice: row.unitPrice, configurationFee: row.configurationFee };
}

export type PriceInquiryService = ReturnType<typeof createPriceInquiryService>;

/** The organisation's discount package for a product at an instant (packages module), if any. */
export type DiscountPackageLookup = (
  orgId: string,
  productCode: string,
  at: Date,
) => Promise<{ id: string; discountHundredths: number } | null>;

export function createPriceInquiryService(deps: {
  repo: CatalogRepo;
  clock: Clock;
  discountPackage: DiscountPackageLookup;
}) {
  const { repo, clock } = deps;

  /** The listed product by code; spec §8's listing messages otherwise. */
  async function listedProduct(code: string): Promise<ProductRow> {
    const found = await repo.productByCode(code);
    if (!found) throw new DomainError("NOT_FOUND");
    if (found.p.listingState === "pendingListing") throw new DomainError("SERVICE_PENDING_LISTING");
    if (found.p.listingState === "delisted") throw new DomainError("PRODUCT_NOT_LISTED");
    return found.p;
  }

  /** The product's charge before any coupon; throws PRICE_NOT_CALCULABLE when there is no price. */
  async function priceOf(p: ProductRow, q: Inquiry) {
    if (q.paymentType === "prepaid" && !p.prepaidPeriods.includes(q.periodMonths ?? 0)) throw notCalculable();
    if (q.paymentType === "postpaid" && !p.postpaid) throw notCalculable();
    const { dimension, units } = resolveChoice(p.spec, q.spec);
    const row = await repo.price(p.id, dimension);
    if (!row) throw notCalculable();
    const perInstance = monthlyPrice(priceModelOf(row), units);
    if (!perInstance.ok) throw notCalculable();
    const monthly = perInstance.amount * BigInt(q.quantity);
    const discount =
      row.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(row.discountHundredths);
    const hours = q.hours ?? 1;
    const [original, amount] =
      q.paymentType === "prepaid"
        ? [prepaidPrice(monthly, q.periodMonths!), prepaidPrice(monthly, q.periodMonths!, discount)]
        : [postpaidCharge(monthly, hours), postpaidCharge(monthly, hours, discount)];
    return {
      dimension,
      monthly,
      perInstance: perInstance.amount,
      discountHundredths: row.discountHundredths,
      original,
      amount,
      packageDiscount: 0n,
      discountPackageId: null as string | null,
      hours,
    };
  }

  function quote(
    p: ProductRow,
    q: Inquiry,
    price: Awaited<ReturnType<typeof priceOf>>,
    coupon: PriceQuote["coupon"],
    couponDeduction: Money,
    deduction: PriceQuote["deduction"],
  ): PriceQuote {
    return {
      productCode: p.code,
      dimension: price.dimension,
      paymentType: q.paymentType,
      periodMonths: q.paymentType === "prepaid" ? q.periodMonths! : null,
      hours: q.paymentType === "postpaid" ? price.hours : null,
      monthly: formatYuan(price.monthly),
      original: formatYuan(price.original),
      discount: formatYuan(price.original - price.amount - price.packageDiscount),
      packageDiscount: formatYuan(price.packageDiscount),
      amount: formatYuan(price.amount),
      coupon,
      couponDeduction: formatYuan(couponDeduction),
      payable: formatYuan(price.amount - couponDeduction),
      deduction,
    };
  }

  /**
   * The figures of an order before it is charged: the listed product, its price and the coupon's
   * share when the coupon applies (an inapplicable one is reported, not applied).
   */
  async function evaluate(orgId: string, q: Inquiry) {
    const p = await listedProduct(q.productCode);
    const price = await priceOf(p, q);
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
    let coupon: PriceQuote["coupon"] = null;
    let applied: { couponId: string; deduction: Money } | undefined;
    if (q.couponId) {
      const row = await repo.coupon(orgId, q.couponId);
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
    listedProduct,

    async inquire(orgId: string, q: Inquiry): Promise<PriceQuote> {
      const { product: p, price, coupon, applied } = await evaluate(orgId, q);
      const funding = await repo.funding(orgId);
      return quote(
        p,
        q,
        price,
        coupon,
        applied?.deduction ?? 0n,
        deductionBreakdown(price.amount, funding, clock.now(), applied),
      );
    },

    /** Operators preview a product's price in any listing state, without a coupon or balances. */
    async preview(productId: string, q: Inquiry): Promise<PriceQuote> {
      const found = await repo.product(productId);
      if (!found) throw new DomainError("NOT_FOUND");
      const price = await priceOf(found.p, q);
      return quote(found.p, q, price, null, 0n, {
        sufficient: false,
        shortfall: formatYuan(price.amount),
        allocations: [],
      });
    },

    async unitPrices(query: { productCode?: string; pageNum: number; pageSize: number }) {
      const [rows, totals] = await repo.listedPrices(
        query.productCode,
        query.pageSize,
        (query.pageNum - 1) * query.pageSize,
      );
      const list: UnitPrice[] = rows.map(({ r, productCode }) => ({
        productCode,
        dimension: r.dimension,
        model: r.model,
        unitPrice: formatYuan(r.unitPrice),
        basePrice: formatYuan(r.basePrice),
        configurationFee: formatYuan(r.configurationFee),
        discount: discountText(r.discountHundredths),
        hourlyUnitPrice: formatYuan(
          postpaidCharge(
            r.unitPrice,
            1,
            r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths),
          ),
        ),
      }));
      return { list, total: totals[0]?.n ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
    },
  };
}
