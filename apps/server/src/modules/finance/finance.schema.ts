import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { journalEntries, ledgerAccounts } from "../ledger/ledger.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

/** A cash voucher; its balance is the balance of its ledger account once a tenant holds it. */
export const cashVouchers = pgTable(
  "cash_vouchers",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: ["deduction", "topup"] }).notNull(),
    faceValue: money("face_value").notNull(),
    orgId: text("org_id"),
    accountId: text("account_id").references(() => ledgerAccounts.id),
    status: text("status", { enum: ["undistributed", "available", "used", "expired", "voided"] }).notNull(),
    validFrom: ts("valid_from").notNull(),
    validUntil: ts("valid_until").notNull(),
    batchNo: text("batch_no").notNull(),
    remark: text("remark").notNull().default(""),
    receivedAt: ts("received_at"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("cash_vouchers_org").on(t.orgId, t.status),
    check("cash_voucher_face_positive", sql`${t.faceValue} > 0`),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    couponNo: text("coupon_no").notNull().unique(),
    name: text("name").notNull(),
    benefitKind: text("benefit_kind", { enum: ["value", "discount"] }).notNull(),
    value: money("value").notNull().default(sql`0`),
    discountHundredths: integer("discount_hundredths").notNull().default(100),
    threshold: money("threshold").notNull().default(sql`0`),
    applicableProducts: text("applicable_products").array().notNull(),
    applicablePaymentTypes: text("applicable_payment_types").array().notNull(),
    validFrom: ts("valid_from").notNull(),
    validUntil: ts("valid_until").notNull(),
    status: text("status", {
      enum: ["undistribute", "valid", "used", "expired", "voided", "inactive"],
    }).notNull(),
    orgId: text("org_id"),
    userId: text("user_id"),
    distributedAt: ts("distributed_at"),
    usedAt: ts("used_at"),
    usedOrderNo: text("used_order_no"),
    batchNo: text("batch_no").notNull(),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("coupons_org").on(t.orgId, t.status)],
);

export const topUps = pgTable(
  "top_ups",
  {
    id: text("id").primaryKey(),
    rechargeNo: text("recharge_no").notNull().unique(),
    orgId: text("org_id").notNull(),
    userId: text("user_id"),
    channel: text("channel", { enum: ["sandbox", "alipay", "unionpay", "manual"] }).notNull(),
    amount: money("amount").notNull(),
    status: text("status", { enum: ["pending", "success", "failed", "expired"] }).notNull(),
    gatewayTradeNo: text("gateway_trade_no"),
    failureReason: text("failure_reason"),
    entryId: bigint("entry_id", { mode: "bigint" }).references(() => journalEntries.id),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    paidAt: ts("paid_at"),
  },
  (t) => [index("top_ups_org").on(t.orgId, t.createdAt), check("top_up_positive", sql`${t.amount} > 0`)],
);

export const balanceAdjustments = pgTable(
  "balance_adjustments",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    // Signed: positive credits the tenant's cash, negative debits it.
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending_approval", "applied", "rejected"] }).notNull(),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decisionRemark: text("decision_remark"),
    entryId: bigint("entry_id", { mode: "bigint" }).references(() => journalEntries.id),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
  },
  (t) => [index("balance_adjustments_status").on(t.status, t.createdAt)],
);

/**
 * The built-in sandbox payment gateway's own record of what the payer chose. It delivers a signed
 * asynchronous notification for each decision until Skyledger acknowledges it, like a real gateway.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  tradeNo: text("trade_no").primaryKey(),
  rechargeNo: text("recharge_no").notNull().unique(),
  amount: money("amount").notNull(),
  decision: text("decision", { enum: ["paid", "cancelled"] }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  deliveredAt: ts("delivered_at"),
  createdAt: ts("created_at").notNull(),
});

/** Server-side secrets generated on first start (never shown in the console). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/** Background exports (bills to .xlsx): generating → succeeded / failed, with progress. */
export const downloadTasks = pgTable(
  "download_tasks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id"),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["generating", "succeeded", "failed"] }).notNull(),
    progress: integer("progress").notNull().default(0),
    rows: integer("rows").notNull().default(0),
    error: text("error"),
    createdAt: ts("created_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("download_tasks_user").on(t.userId, t.createdAt)],
);
