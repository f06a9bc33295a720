// The catalogue (issue 5 §1) and the price inquiry (§2): product categories, products defined as
// data with a specification schema per kind, billing policies, pricing rows and the inquiry.
import { z } from "zod";
import { bareMetalFlavorDimension, bareMetalSpec } from "./bare-metal-spec";
import { CACHE_MEMORY_DIMENSION, cacheSpec } from "./cache-spec";
import { label, namedOptions, optionId, uniqueIds } from "./catalog-options";
import { FILE_CAPACITY_DIMENSION, FILE_PROTOCOLS, fileShareSpec, scalableFileSpec } from "./file-share-spec";
import { positiveYuan, yuan } from "./finance";
import { FUNDING_SOURCES } from "./funding-sources";
import { hpcPoolSpec, hpcPricedDimensions } from "./hpc";
import { hostNetworkChoice } from "./network";
import {
  BUCKET_ACLS,
  bucketName,
  bucketSpec,
  OBS_REQUESTS_DIMENSION,
  obsStorageDimension,
  STORAGE_CLASSES,
} from "./obs-spec";
import { queuePlanDimension, queueSpec } from "./queue-spec";
import { RDS_ENGINES, rdsClassDimension, rdsSpec } from "./rds-spec";

export const PREPAID_PERIODS = [1, 3, 6, 9, 12, 24, 36] as const;
export const LISTING_STATES = ["listed", "delisted", "pendingListing"] as const;
export type ListingState = (typeof LISTING_STATES)[number];
export const APPROVAL_FLOWS = ["none", "oneLevel", "twoLevels"] as const;
export const PRODUCT_KINDS = [
  "host",
  "disk",
  "elasticIp",
  "capacity",
  "hpcPool",
  "aiPlatform",
  "rds",
  "cache",
  "queue",
  "share",
  "scalableFile",
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** Spec §5: a storage size of 50 to 500 GB. */
export const STORAGE_MIN_GB = 50;
export const STORAGE_MAX_GB = 500;
/** Spec §9: the default bandwidth is 1 Mbit/s. */
export const DEFAULT_BANDWIDTH_MBPS = 1;
/** Spec §5/§9: at most 10 pricing rows can be added at once. */
export const MAX_PRICING_ROWS_PER_ADD = 10;

const code = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,47}$/, "validation.catalogCode");
const positiveInt = z.number().int("validation.quantity").positive("validation.quantity");

export const hostSpec = z.object({
  kind: z.literal("host"),
  flavors: z
    .array(
      z.object({
        id: optionId,
        name: label,
        vcpu: positiveInt.max(512, "validation.quantityMax"),
        memoryGb: positiveInt.max(4096, "validation.quantityMax"),
        gpuCount: z.number().int("validation.quantity").min(0).max(16, "validation.quantityMax"),
        gpuModel: z.string().trim().max(64).default(""),
      }),
    )
    .min(1, "validation.required")
    .max(50)
    .refine(uniqueIds, "validation.duplicateOption"),
  images: namedOptions(50),
  systemDiskGb: z
    .number()
    .int("validation.quantity")
    .min(STORAGE_MIN_GB, "validation.storageSize")
    .max(STORAGE_MAX_GB, "validation.storageSize"),
});

export const diskSpec = z.object({
  kind: z.literal("disk"),
  diskTypes: z
    .array(z.object({ id: optionId, name: label }))
    .min(1, "validation.required")
    .max(20)
    .refine(uniqueIds, "validation.duplicateOption"),
  minGb: z
    .number()
    .int()
    .min(STORAGE_MIN_GB, "validation.storageSize")
    .max(STORAGE_MAX_GB, "validation.storageSize"),
  maxGb: z
    .number()
    .int()
    .min(STORAGE_MIN_GB, "validation.storageSize")
    .max(STORAGE_MAX_GB, "validation.storageSize"),
});

export const elasticIpSpec = z.object({
  kind: z.literal("elasticIp"),
  defaultMbps: positiveInt.default(DEFAULT_BANDWIDTH_MBPS),
  maxMbps: positiveInt.max(10_000, "validation.quantityMax"),
});

/** Object and file storage, databases, HPC and AI pools: options sold by a unit (GB, core, card…). */
export const capacitySpec = z.object({
  kind: z.literal("capacity"),
  unit: z.enum(["gb", "core", "card", "instance", "node"]),
  options: z
    .array(z.object({ id: optionId, name: label }))
    .min(1, "validation.required")
    .max(50)
    .refine(uniqueIds, "validation.duplicateOption"),
});

/**
 * The AI development platform (`/mgt/modelarts`): one subscription per organisation that enables
 * training jobs on its AI pools. Nothing to choose; priced dimension `platform` (monthly price,
 * postpaid by the hour at ÷ 720; the demo's is zero: the jobs are billed on the pools).
 */
export const aiPlatformSpec = z.object({ kind: z.literal("aiPlatform") });
export const AI_PLATFORM_DIMENSION = "platform";

export const specSchema = z
  .discriminatedUnion("kind", [
    hostSpec,
    diskSpec,
    elasticIpSpec,
    capacitySpec,
    hpcPoolSpec,
    aiPlatformSpec,
    rdsSpec,
    cacheSpec,
    queueSpec,
    fileShareSpec,
    scalableFileSpec,
    bucketSpec,
    bareMetalSpec,
  ])
  .superRefine((spec, ctx) => {
    if (spec.kind === "disk" && spec.minGb > spec.maxGb)
      ctx.addIssue({ code: "custom", path: ["maxGb"], message: "validation.storageSize" });
    if (spec.kind === "elasticIp" && spec.defaultMbps > spec.maxMbps)
      ctx.addIssue({ code: "custom", path: ["defaultMbps"], message: "validation.quantityMax" });
    if ((spec.kind === "share" || spec.kind === "scalableFile") && spec.minGb > spec.maxGb)
      ctx.addIssue({ code: "custom", path: ["maxGb"], message: "validation.storageSize" });
    if (spec.kind === "rds" && spec.minGb > spec.maxGb)
      ctx.addIssue({ code: "custom", path: ["maxGb"], message: "validation.rdsStorage" });
  });
export type SpecSchema = z.infer<typeof specSchema>;

/** The dimensions a product's price list must cover, so that "pricing configured" can be derived. */
export function pricedDimensions(spec: SpecSchema): string[] {
  switch (spec.kind) {
    case "host":
      return spec.flavors.map((f) => `flavor:${f.id}`);
    case "disk":
      return spec.diskTypes.map((d) => `diskType:${d.id}`);
    case "elasticIp":
      return ["bandwidth"];
    case "capacity":
      return spec.options.map((o) => `option:${o.id}`);
    case "hpcPool":
      return hpcPricedDimensions(spec.poolType);
    case "aiPlatform":
      return [AI_PLATFORM_DIMENSION];
    case "rds":
      return spec.classes.map((c) => rdsClassDimension(c.id));
    case "cache":
      return [CACHE_MEMORY_DIMENSION];
    case "queue":
      return spec.plans.map((p) => queuePlanDimension(p.id));
    case "share":
    case "scalableFile":
      return [FILE_CAPACITY_DIMENSION];
    case "bucket":
      return [...spec.storageClasses.map(obsStorageDimension), OBS_REQUESTS_DIMENSION];
    case "bareMetal":
      return spec.flavors.map((f) => bareMetalFlavorDimension(f.id));
  }
}

/** The name an operator reads for a priced dimension: its flavour's, disk type's or option's own name. */
export function dimensionName(spec: SpecSchema, dimension: string): string | undefined {
  switch (spec.kind) {
    case "host":
      return spec.flavors.find((f) => `flavor:${f.id}` === dimension)?.name;
    case "disk":
      return spec.diskTypes.find((d) => `diskType:${d.id}` === dimension)?.name;
    case "elasticIp":
      return undefined;
    case "capacity":
      return spec.options.find((o) => `option:${o.id}` === dimension)?.name;
    case "rds":
      return spec.classes.find((c) => rdsClassDimension(c.id) === dimension)?.name;
    case "queue":
      return spec.plans.find((p) => queuePlanDimension(p.id) === dimension)?.name;
    case "bareMetal":
      return spec.flavors.find((f) => bareMetalFlavorDimension(f.id) === dimension)?.name;
    case "hpcPool":
    case "aiPlatform":
    case "cache":
    case "share":
    case "scalableFile":
    case "bucket":
      // coreHour, gpuHour, node, platform, storage classes and requests are named by the web in the reader's language.
      return undefined;
  }
}

// ---- categories ----
export const categoryInput = z.object({
  code,
  nameZh: label,
  nameEn: label,
  sort: z.number().int().min(0).max(9999).default(0),
});
export type CategoryInput = z.infer<typeof categoryInput>;
export const category = categoryInput.extend({ id: z.string(), productCount: z.number().int() });
export type Category = z.infer<typeof category>;

// ---- billing policies ----
export const BILLING_FREQUENCIES = ["hourly", "monthly"] as const;
export const BILLING_METHODS = ["prepaid", "postpaid"] as const;
export const REFUND_READINGS = ["byMonth", "paidMinusUsed"] as const;
/**
 * Where a product's resources run. `thirdParty`: at a partner's cloud, delivered by an operator by
 * hand (云管平台 third-party cloud service): its orders always wait for manual activation, which
 * records the partner's instance reference instead of asking a provider.
 */
export const CLOUD_ENVS = ["simulator", "openstack", "slurm", "thirdParty"] as const;
export type CloudEnv = (typeof CLOUD_ENVS)[number];
export const billingPolicyInput = z
  .object({
    name: label,
    categoryId: z.string().min(1, "validation.required"),
    frequency: z.enum(BILLING_FREQUENCIES),
    method: z.enum(BILLING_METHODS),
    cloudEnv: z.enum(CLOUD_ENVS),
    refundReading: z.enum(REFUND_READINGS),
  })
  // Postpaid is charged by the hour, prepaid by the month (spec §1, §9).
  .refine((p) => (p.method === "postpaid") === (p.frequency === "hourly"), {
    path: ["frequency"],
    message: "validation.policyFrequency",
  });
export type BillingPolicyInput = z.infer<typeof billingPolicyInput>;
export const billingPolicy = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string(),
  frequency: z.enum(BILLING_FREQUENCIES),
  method: z.enum(BILLING_METHODS),
  cloudEnv: z.enum(CLOUD_ENVS),
  refundReading: z.enum(REFUND_READINGS),
});
export type BillingPolicy = z.infer<typeof billingPolicy>;

// ---- products ----
export const productInput = z
  .object({
    code,
    nameZh: label,
    nameEn: label,
    categoryId: z.string().min(1, "validation.required"),
    provider: z.enum(CLOUD_ENVS).default("simulator"),
    spec: specSchema,
    prepaidPeriods: z
      .array(
        z
          .number()
          .int()
          .refine((m) => (PREPAID_PERIODS as readonly number[]).includes(m), "validation.prepaidPeriod"),
      )
      .max(PREPAID_PERIODS.length)
      .default([]),
    postpaid: z.boolean().default(false),
    approvalFlow: z.enum(APPROVAL_FLOWS).default("none"),
    /** Spec §1: an approved order waits for an operator to activate (or close) it. */
    manualActivation: z.boolean().default(false),
    billingPolicyIds: z.array(z.string()).max(10).default([]),
  })
  .refine((p) => p.prepaidPeriods.length > 0 || p.postpaid, {
    path: ["postpaid"],
    message: "validation.billingModeRequired",
  })
  .refine((p) => new Set(p.prepaidPeriods).size === p.prepaidPeriods.length, {
    path: ["prepaidPeriods"],
    message: "validation.invalid",
  });
export type ProductInput = z.input<typeof productInput>;

export const product = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  categoryId: z.string(),
  /** The category's code, which operators edit; people read its name in their language. */
  categoryCode: z.string(),
  categoryNameZh: z.string(),
  categoryNameEn: z.string(),
  provider: z.enum(CLOUD_ENVS),
  spec: specSchema,
  prepaidPeriods: z.array(z.number().int()),
  postpaid: z.boolean(),
  approvalFlow: z.enum(APPROVAL_FLOWS),
  manualActivation: z.boolean(),
  billingPolicyIds: z.array(z.string()),
  listingState: z.enum(LISTING_STATES),
  /** Spec §4 "Pricing: configured or not": every priced dimension of the spec has a row. */
  pricingConfigured: z.boolean(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productQuery = z.object({
  categoryId: z.string().optional(),
  listingState: z.enum(LISTING_STATES).optional(),
  keyword: z.string().trim().max(64).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const listingChange = z.object({ listingState: z.enum(LISTING_STATES) });

// ---- pricing rows ----
const discountText = z
  .string()
  .trim()
  .regex(/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/, "validation.discount");
export const PRICE_MODELS = ["unit", "base_plus_unit"] as const;
export const pricingRow = z
  .object({
    dimension: z.string().trim().min(1, "validation.pricingRowIncomplete").max(64),
    model: z.enum(PRICE_MODELS),
    unitPrice: yuan,
    basePrice: yuan.default("0"),
    configurationFee: yuan.default("0"),
    discount: discountText.nullable().default(null),
  })
  .superRefine((row, ctx) => {
    for (const key of ["unitPrice", "basePrice", "configurationFee"] as const)
      if (row[key].startsWith("-"))
        ctx.addIssue({ code: "custom", path: [key], message: "validation.amount" });
    if (row.model === "base_plus_unit" && !positiveYuan.safeParse(row.basePrice).success)
      ctx.addIssue({ code: "custom", path: ["basePrice"], message: "validation.pricingRowIncomplete" });
  });
export type PricingRowInput = z.input<typeof pricingRow>;

/** A row the form may still be filling in: complete once its dimension, model and prices are set. */
export type DraftPricingRow = Partial<
  Record<"dimension" | "model" | "unitPrice" | "basePrice", string | null>
>;
export function isPricingRowComplete(row: DraftPricingRow): boolean {
  if (!row.dimension || !row.model || !row.unitPrice || !yuan.safeParse(row.unitPrice).success) return false;
  return row.model !== "base_plus_unit" || (!!row.basePrice && positiveYuan.safeParse(row.basePrice).success);
}
/** Spec §5: the previous row must be complete before another is added, and at most 10 per add. */
export function canAddPricingRow(rows: readonly DraftPricingRow[], newRows: number): boolean {
  const last = rows[rows.length - 1];
  return newRows < MAX_PRICING_ROWS_PER_ADD && (last === undefined || isPricingRowComplete(last));
}

export const pricingAdd = z.object({
  rows: z
    .array(pricingRow)
    .min(1, "validation.required")
    .max(MAX_PRICING_ROWS_PER_ADD, "validation.pricingRowsMax"),
});
export const pricingRowOut = z.object({
  id: z.string(),
  dimension: z.string(),
  model: z.enum(PRICE_MODELS),
  unitPrice: z.string(),
  basePrice: z.string(),
  configurationFee: z.string(),
  discount: z.string().nullable(),
});
export type PricingRow = z.infer<typeof pricingRowOut>;
export const pricing = z.object({
  productId: z.string(),
  dimensions: z.array(z.string()),
  missing: z.array(z.string()),
  configured: z.boolean(),
  rows: z.array(pricingRowOut),
});
export type Pricing = z.infer<typeof pricing>;

// ---- tenant side ----
export const listedProduct = product.pick({
  id: true,
  code: true,
  nameZh: true,
  nameEn: true,
  categoryCode: true,
  spec: true,
  prepaidPeriods: true,
  postpaid: true,
  approvalFlow: true,
  manualActivation: true,
});
export const unitPrice = z.object({
  productCode: z.string(),
  dimension: z.string(),
  model: z.enum(PRICE_MODELS),
  unitPrice: z.string(),
  basePrice: z.string(),
  configurationFee: z.string(),
  discount: z.string().nullable(),
  /** The discounted price of one hour for one unit (display only; charges use the whole period). */
  hourlyUnitPrice: z.string(),
});
export type UnitPrice = z.infer<typeof unitPrice>;
export const unitPriceQuery = z.object({
  productCode: z.string().trim().max(48).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const specChoice = z.object({
  flavorId: optionId.optional(),
  imageId: optionId.optional(),
  diskType: optionId.optional(),
  sizeGb: z.number().int("validation.quantity").positive("validation.quantity").optional(),
  bandwidthMbps: z.number().int("validation.quantity").positive("validation.quantity").optional(),
  optionId: optionId.optional(),
  units: z.number().int("validation.quantity").positive("validation.quantity").optional(),
  /** A database: its engine (its class is `flavorId`, its storage `sizeGb`); a message queue's plan is `flavorId` too. */
  engine: z.enum(RDS_ENGINES).optional(),
  /** A cache instance: its memory plan in GB. */
  memoryGb: z.number().int("validation.quantity").positive("validation.quantity").optional(),
  /** A file share or elastic file: its protocol (its capacity is `sizeGb`). */
  protocol: z.enum(FILE_PROTOCOLS).optional(),
  /** A host: where it goes on the tenant's network (absent: the provider's default network). */
  network: hostNetworkChoice.optional(),
  /** A bucket: its S3 name (obs-spec.ts's rules), storage class and access. */
  bucketName: bucketName.optional(),
  storageClass: z.enum(STORAGE_CLASSES).optional(),
  acl: z.enum(BUCKET_ACLS).optional(),
});
export type SpecChoice = z.infer<typeof specChoice>;

export const priceInquiry = z
  .object({
    productCode: z.string().trim().min(1, "validation.required").max(48),
    spec: specChoice,
    quantity: z
      .number()
      .int("validation.quantity")
      .positive("validation.quantity")
      .max(100, "validation.quantityMax"),
    paymentType: z.enum(["prepaid", "postpaid"]),
    periodMonths: z.number().int().optional(),
    hours: z.number().int("validation.quantity").positive("validation.quantity").max(8784).optional(),
    couponId: z.string().trim().max(64).optional(),
  })
  .refine((q) => q.paymentType !== "prepaid" || q.periodMonths !== undefined, {
    path: ["periodMonths"],
    message: "validation.required",
  });
export type PriceInquiry = z.input<typeof priceInquiry>;

export const allocationOut = z.object({
  source: z.enum(FUNDING_SOURCES),
  sourceId: z.string().nullable(),
  amount: z.string(),
});
/** How the deduction order would pay a charge now, or how much is missing (spec §9). */
export const deductionOut = z.object({
  sufficient: z.boolean(),
  shortfall: z.string(),
  allocations: z.array(allocationOut),
});
export const priceQuote = z.object({
  productCode: z.string(),
  dimension: z.string(),
  paymentType: z.enum(["prepaid", "postpaid"]),
  periodMonths: z.number().nullable(),
  hours: z.number().nullable(),
  /** List price of one month for the whole quantity (before any discount). */
  monthly: z.string(),
  /** Price for the whole period before the discount. */
  original: z.string(),
  /** Amount the product's discount takes off. */
  discount: z.string(),
  /**
   * Amount the organisation's active discount package takes off after the product's discount
   * (prepaid only, docs/billing/rules.md §13); "0.00000" without one.
   */
  packageDiscount: z.string(),
  /**
   * Amount the tenant's contract in execution takes off after the package discount (every payment
   * type; docs/billing/contracts.md); "0.00000" without one. Its own line in the breakdown.
   */
  contractDiscount: z.string(),
  /** The charge the deduction order covers: original minus the discount, package and contract discounts. */
  amount: z.string(),
  coupon: z
    .object({
      couponId: z.string(),
      applicable: z.boolean(),
      reason: z.string().nullable(),
      deduction: z.string(),
      /** Spec §8: a coupon worth more than the order covers the order; the excess is not refunded. */
      forfeited: z.string(),
    })
    .nullable(),
  couponDeduction: z.string(),
  /** What the tenant's money pays: amount minus the coupon. */
  payable: z.string(),
  deduction: deductionOut,
});
export type PriceQuote = z.infer<typeof priceQuote>;
