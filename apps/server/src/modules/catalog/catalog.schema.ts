// The catalogue: product categories, products defined as data (their specification schema is
// JSON validated by the contracts' zod schema), billing policies and per-product pricing rows.
import { CLOUD_ENVS, type SpecSchema } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

export const productCategories = pgTable("product_categories", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  nameZh: text("name_zh").notNull(),
  nameEn: text("name_en").notNull(),
  sort: integer("sort").notNull().default(0),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

export const billingPolicies = pgTable("billing_policies", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  categoryId: text("category_id")
    .notNull()
    .references(() => productCategories.id),
  frequency: text("frequency", { enum: ["hourly", "monthly"] }).notNull(),
  method: text("method", { enum: ["prepaid", "postpaid"] }).notNull(),
  cloudEnv: text("cloud_env", { enum: CLOUD_ENVS }).notNull(),
  /** Spec §9's two readings of an unsubscribe refund. */
  refundReading: text("refund_reading", { enum: ["byMonth", "paidMinusUsed"] }).notNull(),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    nameZh: text("name_zh").notNull(),
    nameEn: text("name_en").notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => productCategories.id),
    /** Where its resources run (contracts' CLOUD_ENVS; a text column, no CHECK: the API validates it). */
    provider: text("provider", { enum: CLOUD_ENVS }).notNull().default("simulator"),
    spec: jsonb("spec").$type<SpecSchema>().notNull(),
    prepaidPeriods: integer("prepaid_periods").array().notNull(),
    postpaid: boolean("postpaid").notNull().default(false),
    /** Stored now, used by the approval flow of orders. */
    approvalFlow: text("approval_flow", { enum: ["none", "oneLevel", "twoLevels"] })
      .notNull()
      .default("none"),
    /** Spec §1: approved orders wait for an operator to activate (or close) them. */
    manualActivation: boolean("manual_activation").notNull().default(false),
    billingPolicyIds: text("billing_policy_ids").array().notNull(),
    listingState: text("listing_state", { enum: ["listed", "delisted", "pendingListing"] })
      .notNull()
      .default("pendingListing"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("products_category").on(t.categoryId)],
);

export const productPrices = pgTable(
  "product_prices",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** What the row prices: `flavor:<id>`, `diskType:<id>`, `bandwidth` or `option:<id>`. */
    dimension: text("dimension").notNull(),
    model: text("model", { enum: ["unit", "base_plus_unit"] }).notNull(),
    unitPrice: money("unit_price").notNull(),
    basePrice: money("base_price").notNull().default(sql`0`),
    configurationFee: money("configuration_fee").notNull().default(sql`0`),
    /** The share paid in hundredths (85 = 0.85); null is no discount. */
    discountHundredths: integer("discount_hundredths"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    unique("product_prices_dimension").on(t.productId, t.dimension),
    check(
      "product_price_non_negative",
      sql`${t.unitPrice} >= 0 and ${t.basePrice} >= 0 and ${t.configurationFee} >= 0`,
    ),
    check(
      "product_price_discount",
      sql`${t.discountHundredths} is null or ${t.discountHundredths} between 0 and 100`,
    ),
  ],
);
