// A product's price as the catalogue states it (issue 5 §2): every figure comes from
// packages/billing — the monthly price of the row's model, the prepaid or postpaid price with the
// row's discount. The operators' preview and the tenants' unit price list answer from here; the
// tenant's quote (coupon, discount package, balances) is modules/quotes, above the money modules.
import {
  discountFromHundredths,
  formatYuan,
  type Money,
  monthlyPrice,
  NO_DISCOUNT,
  type PriceModel,
  postpaidCharge,
  prepaidPrice,
} from "@skyledger/billing";
import {
  AI_PLATFORM_DIMENSION,
  bareMetalFlavorDimension,
  CACHE_MEMORY_DIMENSION,
  cacheMemoryAllowed,
  FILE_CAPACITY_DIMENSION,
  HPC_SHARED_POOL_TYPES,
  hpcPricedDimensions,
  obsStorageDimension,
  type PriceQuote,
  type priceInquiry,
  queuePlanDimension,
  queuePlanOf,
  rdsClassDimension,
  rdsStorageAllowed,
  type SpecChoice,
  type SpecSchema,
  type UnitPrice,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { bareMetalFlavorChosen } from "./bare-metal-choice";
import { bucketClassOf } from "./bucket-choice";
import {
  findPrice,
  findProduct,
  findProductByCode,
  listListedPrices,
  type PriceRow,
  type ProductRow,
} from "./catalog.repo";
import { priceFigures } from "./catalog.service";
import { fileChoiceOf } from "./storage-rules";

export type Inquiry = z.output<typeof priceInquiry>;

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
    case "hpcPool": {
      // A shared pool is quoted on its first hour dimension (GPU-hours for an AI pool), a
      // dedicated one on its nodes.
      const [dimension] = hpcPricedDimensions(spec.poolType);
      return { dimension: dimension!, units: usageRated(spec) ? 1 : (choice.units ?? 1) };
    }
    case "aiPlatform":
      return { dimension: AI_PLATFORM_DIMENSION, units: 1 };
    case "rds": {
      // The class's monthly base plus its price per GB of the storage chosen.
      const dbClass = spec.classes.find((c) => c.id === choice.flavorId);
      const engineOk = choice.engine === undefined || spec.engines.includes(choice.engine);
      if (!dbClass || !engineOk || !rdsStorageAllowed(spec, choice.sizeGb))
        throw new DomainError("RDS_CHOICE_INVALID");
      return { dimension: rdsClassDimension(dbClass.id), units: choice.sizeGb! };
    }
    case "cache":
      // The plan's monthly base plus its price per GB of memory.
      if (!cacheMemoryAllowed(spec, choice.memoryGb)) throw new DomainError("CACHE_CHOICE_INVALID");
      return { dimension: CACHE_MEMORY_DIMENSION, units: choice.memoryGb! };
    case "queue": {
      // The plan's monthly base plus its own price, one instance at a time.
      const plan = queuePlanOf(spec, choice.flavorId);
      if (!plan) throw new DomainError("QUEUE_CHOICE_INVALID");
      return { dimension: queuePlanDimension(plan.id), units: 1 };
    }
    case "share":
    case "scalableFile":
      // A price per GB of capacity; the size and protocol as the storage rule set allows.
      return { dimension: FILE_CAPACITY_DIMENSION, units: fileChoiceOf(spec, choice).sizeGb };
    case "bareMetal":
      // One whole machine at its flavour's price; the image costs nothing.
      return { dimension: bareMetalFlavorDimension(bareMetalFlavorChosen(spec, choice).id), units: 1 };
    case "bucket":
      // Usage-rated: the order is quoted on the class chosen and costs nothing by itself.
      return { dimension: obsStorageDimension(bucketClassOf(spec, choice)), units: 1 };
  }
}

/**
 * A shared HPC or AI pool costs nothing by itself: its jobs are rated by the core-hour and the
 * GPU-hour (the hpc accounting), so the order and the pool's monthly price are zero.
 */
export const usageRated = (spec: SpecSchema): boolean =>
  (spec.kind === "hpcPool" && HPC_SHARED_POOL_TYPES.includes(spec.poolType)) || spec.kind === "bucket";

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

/** The listed product by code; spec §8's listing messages otherwise. */
export async function listedProduct(tx: Tx, code: string): Promise<ProductRow> {
  const found = await findProductByCode(tx, code);
  if (!found) throw new DomainError("NOT_FOUND");
  if (found.p.listingState === "pendingListing") throw new DomainError("SERVICE_PENDING_LISTING");
  if (found.p.listingState === "delisted") throw new DomainError("PRODUCT_NOT_LISTED");
  return found.p;
}

export type ProductPrice = Awaited<ReturnType<typeof priceOf>>;

/** The product's charge before any coupon; throws PRICE_NOT_CALCULABLE when there is no price. */
export async function priceOf(tx: Tx, p: ProductRow, q: Inquiry) {
  if (q.paymentType === "prepaid" && !p.prepaidPeriods.includes(q.periodMonths ?? 0)) throw notCalculable();
  if (q.paymentType === "postpaid" && !p.postpaid) throw notCalculable();
  const { dimension, units } = resolveChoice(p.spec, q.spec);
  const row = await findPrice(tx, p.id, dimension);
  if (!row) throw notCalculable();
  const perInstance = usageRated(p.spec)
    ? ({ ok: true, amount: 0n } as const)
    : monthlyPrice(priceModelOf(row), units);
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
    /** What the tenant's contract in execution takes off (decision 0029), applied by quotes. */
    contractDiscount: 0n,
    hours,
  };
}

/** The quote's figures in the answer's shape. */
export function quoteOf(
  p: ProductRow,
  q: Inquiry,
  price: ProductPrice,
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
    discount: formatYuan(price.original - price.amount - price.packageDiscount - price.contractDiscount),
    packageDiscount: formatYuan(price.packageDiscount),
    contractDiscount: formatYuan(price.contractDiscount),
    amount: formatYuan(price.amount),
    coupon,
    couponDeduction: formatYuan(couponDeduction),
    payable: formatYuan(price.amount - couponDeduction),
    deduction,
  };
}

export type ProductPricingService = ReturnType<typeof createProductPricingService>;

export function createProductPricingService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Operators preview a product's price in any listing state, without a coupon or balances. */
    async preview(productId: string, q: Inquiry): Promise<PriceQuote> {
      const found = await findProduct(db, productId);
      if (!found) throw new DomainError("NOT_FOUND");
      const price = await priceOf(db, found.p, q);
      return quoteOf(found.p, q, price, null, 0n, {
        sufficient: false,
        shortfall: formatYuan(price.amount),
        allocations: [],
      });
    },

    async unitPrices(query: { productCode?: string; pageNum: number; pageSize: number }) {
      const [rows, totals] = await listListedPrices(
        db,
        query.productCode,
        query.pageSize,
        (query.pageNum - 1) * query.pageSize,
      );
      const list: UnitPrice[] = rows.map(({ r, productCode }) => ({
        productCode,
        ...priceFigures(r),
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
