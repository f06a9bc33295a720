// Resources a tenant runs (cloud hosts, disks, elastic IPs, snapshots) and the prepaid terms paid
// for them. A term is one payment covering a span of time; an unsubscribe refunds the unused part
// of the terms, each back to the sources that paid it.
import {
  RESOURCE_KINDS,
  RESOURCE_STATUSES,
  type ResourceKind,
  type ResourceStatus,
} from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SerializedAllocation } from "../finance/order-charge";
import { organizations, projects } from "../iam/iam.schema";
import type { ResourceSpec } from "../orders/provisioning/service-domain";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

// What the resource is: the service-domain interface's type (orders provision it without this table).
export type { ResourceSpec };
// The kinds and states are the contracts' (one list for the API and the table).
export { RESOURCE_KINDS, RESOURCE_STATUSES, type ResourceKind, type ResourceStatus };

export const resources = pgTable(
  "resources",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    orderId: text("order_id"),
    productId: text("product_id"),
    productCode: text("product_code"),
    kind: text("kind", { enum: RESOURCE_KINDS }).notNull(),
    name: text("name").notNull(),
    spec: jsonb("spec").$type<ResourceSpec>().notNull(),
    status: text("status", { enum: RESOURCE_STATUSES }).notNull(),
    statusInfo: text("status_info"),
    manageStatus: text("manage_status").notNull().default("ununited"),
    dockerStatus: text("docker_status").notNull().default("none"),
    monitorStatus: text("monitor_status").notNull().default("none"),
    /** The operation the provider is running on it (create, stop, attach…), null when idle. */
    taskStatus: text("task_status"),
    cloudEnvType: text("cloud_env_type").notNull().default("simulator"),
    /** The provider's id for it once created; null for a third-party service (no provider knows it). */
    providerRef: text("provider_ref"),
    /** A third-party service (`cloudEnvType` thirdParty): the partner's instance reference an operator entered. */
    externalRef: text("external_ref"),
    /** A third-party service: how to reach it, as the operator told the tenant at activation. */
    accessNote: text("access_note"),
    /**
     * The IPv4 address the provider gave it: a host's private address, an elastic IP's public one
     * (null for other kinds, a third-party service, or a resource created before addresses were kept).
     */
    ipAddress: text("ip_address"),
    /** Disks and elastic IPs: the host they are attached to; snapshots: the host they copy. */
    attachedTo: text("attached_to"),
    /** Null for what is not billed (snapshots). */
    paymentType: text("payment_type", { enum: ["prepaid", "postpaid"] }),
    periodMonths: integer("period_months"),
    /** Monthly price after the contract discount, for renewals, changes and hourly metering. */
    monthlyPrice: money("monthly_price").notNull().default(sql`0`),
    discountHundredths: integer("discount_hundredths"),
    expiresAt: ts("expires_at"),
    autoRenew: boolean("auto_renew").notNull().default(false),
    /** Postpaid: the end of the last hour charged. */
    meteredUntil: ts("metered_until"),
    /** Postpaid: when a charge first found no money or credit (freezing follows a grace period). */
    arrearsSince: ts("arrears_since"),
    frozenAt: ts("frozen_at"),
    /** Why it is frozen: its prepaid term ended, or its postpaid charges found no money. */
    frozenReason: text("frozen_reason", { enum: ["expired", "arrears"] }),
    /** The last lifecycle message sent for the current term (so each is sent once). */
    notifiedStage: text("notified_stage"),
    /** The status to return to when a frozen resource is thawed. */
    statusBeforeFreeze: text("status_before_freeze", { enum: RESOURCE_STATUSES }),
    errorLog: text("error_log"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("resources_org_kind").on(t.orgId, t.kind, t.createdAt),
    index("resources_expiry").on(t.expiresAt),
    index("resources_status").on(t.status),
  ],
);

export const resourceTerms = pgTable(
  "resource_terms",
  {
    id: text("id").primaryKey(),
    resourceId: text("resource_id")
      .notNull()
      .references(() => resources.id),
    orgId: text("org_id").notNull(),
    orderId: text("order_id"),
    kind: text("kind", { enum: ["purchase", "renewal", "change", "alignment"] }).notNull(),
    /** Whole prepaid months when the term is a standard period; null for a term of days. */
    months: integer("months"),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    /** The term's price after discount, coupon included. */
    amount: money("amount").notNull(),
    couponDeduction: money("coupon_deduction").notNull().default(sql`0`),
    paid: jsonb("paid").$type<SerializedAllocation[]>().notNull(),
    refunded: money("refunded").notNull().default(sql`0`),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("resource_terms_resource").on(t.resourceId, t.startsAt),
    check(
      "resource_terms_refund",
      sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount} - ${t.couponDeduction}`,
    ),
  ],
);

/**
 * The columns a managed service's instance table (cache, message queue) starts with: the
 * `resources` row it is, whether it was made on no real server, and where and as whom to connect.
 */
export const managedInstanceColumns = () => ({
  resourceId: text("resource_id")
    .primaryKey()
    .references(() => resources.id),
  simulated: boolean("simulated").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  username: text("username").notNull(),
});
