// Packages (`/bag`, spec §3 "package bundle"): offers operators define, the packages tenants buy,
// and what resource packages gave to postpaid metering. A bought package keeps a copy of what its
// offer said at purchase, so an operator editing the offer later changes nothing already sold.
import { PACKAGE_KINDS, PACKAGE_STATUSES } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SerializedAllocation } from "../finance/order-charge";
import { organizations } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

export const packageOffers = pgTable(
  "package_offers",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    kind: text("kind", { enum: PACKAGE_KINDS }).notNull(),
    /** Discount packages: the share paid, in hundredths (80 = pay 80 %). */
    discountHundredths: integer("discount_hundredths"),
    /** Discount packages: the product codes it applies to (empty: every product). */
    productCodes: jsonb("product_codes").$type<string[]>().notNull().default([]),
    /** Resource packages: the product and priced dimension covered ("diskType:ssd", "flavor:c2m4"). */
    productCode: text("product_code"),
    dimension: text("dimension"),
    /** Resource packages: unit-hours included (100 GB × 720 h = 72 000). */
    unitHours: bigint("unit_hours", { mode: "number" }),
    validityMonths: integer("validity_months").notNull(),
    price: money("price").notNull(),
    listingState: text("listing_state", { enum: ["listed", "delisted", "pendingListing"] })
      .notNull()
      .default("pendingListing"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    check(
      "package_offers_kind",
      sql`(${t.kind} = 'discount' and ${t.discountHundredths} between 0 and 100) or (${t.kind} = 'resource' and ${t.unitHours} > 0 and ${t.productCode} is not null and ${t.dimension} is not null)`,
    ),
  ],
);

export const tenantPackages = pgTable(
  "tenant_packages",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    offerId: text("offer_id")
      .notNull()
      .references(() => packageOffers.id),
    offerCode: text("offer_code").notNull(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    kind: text("kind", { enum: PACKAGE_KINDS }).notNull(),
    discountHundredths: integer("discount_hundredths"),
    productCodes: jsonb("product_codes").$type<string[]>().notNull().default([]),
    productCode: text("product_code"),
    dimension: text("dimension"),
    quantity: integer("quantity").notNull().default(1),
    /** Resource packages: unit-hours bought (renewals add to it) and still left. */
    totalUnitHours: bigint("total_unit_hours", { mode: "number" }).notNull().default(0),
    remainingUnitHours: bigint("remaining_unit_hours", { mode: "number" }).notNull().default(0),
    /**
     * Core-hour and GPU-hour packages are drawn to the second: the seconds of a part unit-hour left
     * on top of `remainingUnitHours` (exactly left: remainingUnitHours × 3600 + this).
     */
    remainingPartSeconds: integer("remaining_part_seconds").notNull().default(0),
    validFrom: ts("valid_from").notNull(),
    validUntil: ts("valid_until").notNull(),
    status: text("status", { enum: PACKAGE_STATUSES }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** Every charge for it (purchase, renewals): its bill's order number, amount and allocation. */
    charges: jsonb("charges")
      .$type<
        {
          orderNo: string;
          kind: "purchase" | "renewal";
          amount: string;
          at: string;
          paid: SerializedAllocation[];
        }[]
      >()
      .notNull(),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("tenant_packages_org").on(t.orgId, t.kind, t.status),
    check("tenant_packages_remaining", sql`${t.remainingUnitHours} >= 0`),
    check("tenant_packages_part_seconds", sql`${t.remainingPartSeconds} between 0 and 3599`),
  ],
);

/** What a resource package gave to one metering of one postpaid resource. */
export const packageUsages = pgTable(
  "package_usages",
  {
    id: text("id").primaryKey(),
    packageId: text("package_id")
      .notNull()
      .references(() => tenantPackages.id),
    orgId: text("org_id").notNull(),
    resourceId: text("resource_id").notNull(),
    resourceName: text("resource_name").notNull(),
    hours: integer("hours").notNull(),
    unitHours: bigint("unit_hours", { mode: "number" }).notNull(),
    /** The exact unit-seconds taken (core-hour and GPU-hour packages give fractions of an hour). */
    unitSeconds: bigint("unit_seconds", { mode: "bigint" }).notNull().default(sql`0`),
    usageStart: ts("usage_start").notNull(),
    usageEnd: ts("usage_end").notNull(),
    at: ts("at").notNull(),
  },
  (t) => [index("package_usages_package").on(t.packageId, t.at)],
);
