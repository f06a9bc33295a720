import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { journalEntries } from "../ledger/ledger.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

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
    /**
     * The sandbox payment page's per-top-up secret: its link carries it and every action on the page
     * checks it, so knowing a top-up's number (date + 6 digits) is not enough to pay or cancel it.
     */
    payToken: text("pay_token"),
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
    // The number people read and quote: A, the local time, random digits (as top-ups are numbered).
    adjustmentNo: text("adjustment_no").notNull().unique(),
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
  (t) => [
    index("balance_adjustments_status").on(t.status, t.createdAt),
    // The four-eyes rule sums an operator's adjustments to one tenant over the last 24 hours.
    index("balance_adjustments_requester").on(t.requestedBy, t.orgId, t.createdAt),
  ],
);

const fourEyesStatus = (name: string) =>
  text(name, { enum: ["pending_approval", "applied", "rejected"] }).notNull();

/**
 * Money a tenant paid outside the gateways (a bank transfer), recorded by an operator with the
 * evidence; above the four-eyes threshold it waits for a second operator, and the top-up record
 * (`rechargeNo`) is created only when the money moves.
 */
export const manualRecharges = pgTable(
  "manual_recharges",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    amount: money("amount").notNull(),
    remark: text("remark").notNull(),
    evidenceFileId: text("evidence_file_id").notNull(),
    status: fourEyesStatus("status"),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decisionRemark: text("decision_remark"),
    rechargeNo: text("recharge_no"),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("manual_recharges_status").on(t.status, t.createdAt),
    index("manual_recharges_requester").on(t.requestedBy, t.orgId, t.createdAt),
    // One bank slip credits once: a rejected request frees it for a corrected one.
    uniqueIndex("manual_recharges_evidence").on(t.evidenceFileId).where(sql`${t.status} <> 'rejected'`),
    check("manual_recharge_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * An operator's issue of cash vouchers (to a tenant, or as codes when `orgId` is null). Every issue
 * is recorded here; one above the four-eyes threshold issues nothing until a second operator approves.
 */
export const voucherIssues = pgTable(
  "voucher_issues",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id"),
    kind: text("kind", { enum: ["deduction", "topup"] }).notNull(),
    faceValue: money("face_value").notNull(),
    count: integer("count").notNull(),
    total: money("total").notNull(),
    validFrom: ts("valid_from").notNull(),
    validUntil: ts("valid_until").notNull(),
    remark: text("remark").notNull().default(""),
    status: fourEyesStatus("status"),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decisionRemark: text("decision_remark"),
    batchNo: text("batch_no"),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("voucher_issues_status").on(t.status, t.createdAt),
    index("voucher_issues_requester").on(t.requestedBy, t.orgId, t.createdAt),
    check("voucher_issue_positive", sql`${t.faceValue} > 0 and ${t.count} > 0`),
  ],
);

/**
 * A verified payment notification whose money could not be credited (the amount differs, the
 * top-up was cancelled or is unknown, or the ledger refused the entry). Operators see it with the
 * reason and retry it once the cause is fixed; it is never retried silently.
 */
export const paymentFailures = pgTable(
  "payment_notification_failures",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: ["sandbox", "alipay", "unionpay"] }).notNull(),
    rechargeNo: text("recharge_no").notNull(),
    tradeNo: text("trade_no").notNull(),
    amount: money("amount").notNull(),
    noticeStatus: text("notice_status", { enum: ["paid", "cancelled"] }).notNull(),
    orgId: text("org_id"),
    reason: text("reason").notNull(),
    detail: text("detail"),
    status: text("status", { enum: ["open", "resolved"] }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    firstFailedAt: ts("first_failed_at").notNull(),
    lastFailedAt: ts("last_failed_at").notNull(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("payment_failures_notice").on(t.channel, t.tradeNo, t.rechargeNo),
    index("payment_failures_status").on(t.status, t.lastFailedAt),
  ],
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
