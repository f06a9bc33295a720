// Packages (`/bag`, spec §3 "package bundle", §9 "discount packages"): offers operators define and
// list, and the discount and resource packages tenants buy, subscribe to and renew.
import { z } from "zod";
import { allocationOut, deductionOut, LISTING_STATES, PREPAID_PERIODS } from "./catalog";
import { positiveYuan } from "./finance";

export const PACKAGE_KINDS = ["discount", "resource"] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
export const PACKAGE_STATUSES = ["active", "expired", "used"] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

const code = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,47}$/, "validation.catalogCode");
const label = z.string().trim().min(1, "validation.required").max(64, "validation.generalLength");
const discountText = z
  .string()
  .trim()
  .regex(/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/, "validation.discount");

export const packageOfferInput = z
  .object({
    code,
    nameZh: label,
    nameEn: label,
    kind: z.enum(PACKAGE_KINDS),
    /** Discount packages: "0.80" = pay 80 %. */
    discount: discountText.nullable().default(null),
    /** Discount packages: the products it applies to; empty for every product. */
    productCodes: z.array(code).max(50).default([]),
    /** Resource packages: the product and its priced dimension ("diskType:ssd", "flavor:c2m4"). */
    productCode: code.nullable().default(null),
    dimension: z.string().trim().max(64).nullable().default(null),
    /** Resource packages: unit-hours included (100 GB × 720 h = 72000). */
    unitHours: z.number().int("validation.quantity").positive("validation.quantity").nullable().default(null),
    validityMonths: z
      .number()
      .int()
      .refine((m) => (PREPAID_PERIODS as readonly number[]).includes(m), "validation.invalid"),
    price: positiveYuan,
  })
  .superRefine((o, ctx) => {
    if (o.kind === "discount" && o.discount === null)
      ctx.addIssue({ code: "custom", path: ["discount"], message: "validation.required" });
    if (o.kind === "resource") {
      for (const key of ["productCode", "dimension", "unitHours"] as const)
        if (o[key] === null || o[key] === "")
          ctx.addIssue({ code: "custom", path: [key], message: "validation.required" });
    }
  });
export type PackageOfferInput = z.input<typeof packageOfferInput>;

export const packageOffer = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  discount: z.string().nullable(),
  productCodes: z.array(z.string()),
  productCode: z.string().nullable(),
  dimension: z.string().nullable(),
  unitHours: z.number().nullable(),
  validityMonths: z.number(),
  price: z.string(),
  listingState: z.enum(LISTING_STATES),
  updatedAt: z.string(),
});
export type PackageOffer = z.infer<typeof packageOffer>;

export const packageOfferQuery = z.object({
  kind: z.enum(PACKAGE_KINDS).optional(),
  listingState: z.enum(LISTING_STATES).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

const quantity = z
  .number()
  .int("validation.quantity")
  .min(1, "validation.quantity")
  .max(100, "validation.quantityMax");

export const packageBuy = z.object({
  offerCode: code,
  quantity: quantity.default(1),
});

/**
 * The package purchase form (`/applyPackage`): a purchase that may subscribe (auto-renew at the end
 * of each validity period) and may start later, e.g. the next discount package right after the
 * current one ends.
 */
export const packageApply = packageBuy.extend({
  autoRenew: z.boolean().default(false),
  startAt: z.iso.datetime({ offset: true, message: "validation.invalid" }).nullable().default(null),
});

export const packageAutoRenew = z.object({ autoRenew: z.boolean() });

/** What a purchase would cost and how the deduction order would pay it (read only). */
export const packageQuote = z.object({
  offerCode: z.string(),
  quantity: z.number(),
  /** One package's price. */
  price: z.string(),
  /** Price × quantity: the charge. */
  amount: z.string(),
  deduction: deductionOut,
});
export type PackageQuote = z.infer<typeof packageQuote>;

export const packageUsage = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  hours: z.number(),
  unitHours: z.number(),
  usageStart: z.string(),
  usageEnd: z.string(),
  at: z.string(),
});
export type PackageUsage = z.infer<typeof packageUsage>;

export const tenantPackage = z.object({
  id: z.string(),
  offerCode: z.string(),
  name: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  discount: z.string().nullable(),
  productCodes: z.array(z.string()),
  productCode: z.string().nullable(),
  dimension: z.string().nullable(),
  quantity: z.number(),
  totalUnitHours: z.number(),
  remainingUnitHours: z.number(),
  usedUnitHours: z.number(),
  validFrom: z.string(),
  validUntil: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  autoRenew: z.boolean(),
  charges: z.array(
    z.object({
      orderNo: z.string(),
      kind: z.enum(["purchase", "renewal"]),
      amount: z.string(),
      at: z.string(),
      allocations: z.array(allocationOut),
    }),
  ),
  /** Resource packages: the latest consumption records (at most 50). */
  usages: z.array(packageUsage),
});
export type TenantPackage = z.infer<typeof tenantPackage>;

export const tenantPackageQuery = z.object({
  kind: z.enum(PACKAGE_KINDS).optional(),
  status: z.enum(PACKAGE_STATUSES).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
