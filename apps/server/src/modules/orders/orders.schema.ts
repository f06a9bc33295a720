// Orders (spec §3/§4): what a tenant asked for, what it cost, who approved it and what the
// provisioning did. The events table is both the approval trail and the provisioning log.
import { ORDER_STATUSES, ORDER_TYPES, type SpecChoice } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { organizations, projects } from "../iam/iam.schema";
import type { SerializedAllocation } from "../ledger/order-charge";

export type { SerializedAllocation };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

/** What the tenant chose, kept with the order so a later catalogue change cannot alter it. */
export type OrderRequest = {
  spec: SpecChoice;
  name: string;
  keyPairId?: string | null;
  /** Resize: the resource's choice before the change. */
  previousSpec?: SpecChoice;
  /** One instance's monthly list price (a decimal string of units) and the row's contract discount. */
  monthlyPerInstance?: string;
  discountHundredths?: number | null;
  /** The discount package that priced the order too (docs/billing/rules.md §13). */
  discountPackageId?: string;
};

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderNo: text("order_no").notNull().unique(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The user who submitted it, or SYSTEM_SUBMITTER. */
    submittedBy: text("submitted_by").notNull(),
    type: text("type", { enum: ORDER_TYPES }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    /** Spec §4's approval-level value of the last decision (lev1_passed, lev2_rejected, audited…). */
    approvalLevel: text("approval_level"),
    /** The product's flow when the order was submitted: none, oneLevel or twoLevels. */
    approvalFlow: text("approval_flow", { enum: ["none", "oneLevel", "twoLevels"] }).notNull(),
    /**
     * The product's manual-activation setting when the order was submitted: once approved, the
     * order waits (status approved, `activatedAt` null) until an operator activates or closes it.
     */
    manualActivation: boolean("manual_activation").notNull().default(false),
    activatedAt: ts("activated_at"),
    productId: text("product_id").notNull(),
    productCode: text("product_code").notNull(),
    productNameZh: text("product_name_zh").notNull(),
    productNameEn: text("product_name_en").notNull(),
    paymentType: text("payment_type", { enum: ["prepaid", "postpaid"] }).notNull(),
    periodMonths: integer("period_months"),
    quantity: integer("quantity").notNull(),
    request: jsonb("request").$type<OrderRequest>().notNull(),
    /** The resource a change, unsubscribe or release acts on. */
    resourceId: text("resource_id"),
    /** Prices at submission: list price, after the contract discount, the coupon's share, paid. */
    originalAmount: money("original_amount").notNull(),
    amount: money("amount").notNull(),
    couponId: text("coupon_id"),
    couponDeduction: money("coupon_deduction").notNull().default(sql`0`),
    /** The charge's allocation over the money sources (refunds go back the same way). */
    paid: jsonb("paid").$type<SerializedAllocation[]>().notNull().default(sql`'[]'::jsonb`),
    refunded: money("refunded").notNull().default(sql`0`),
    errorLog: text("error_log"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("orders_org_created").on(t.orgId, t.createdAt),
    index("orders_status").on(t.status),
    // An unsubscribe order refunds what earlier orders paid, so only signs are checked here; the
    // terms bound every refund by what was paid.
    check("orders_amounts", sql`${t.amount} >= 0 and ${t.refunded} >= 0`),
  ],
);

/** An allocation as JSON (bigint amounts as strings). */

export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: ts("at").notNull(),
    actorId: text("actor_id"),
    /** submitted, paid, approved, rejected, provisioning, step, completed, failed, refunded… */
    action: text("action").notNull(),
    /** The approval-level value a decision produced. */
    level: text("level"),
    detail: text("detail"),
  },
  (t) => [index("order_events_order").on(t.orderId, t.id)],
);
