import type { LedgerMemoKey } from "@skyledger/contracts";
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
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

/**
 * Every place money can sit. Tenant accounts: `cash` (the balance), `credit` (0 down to
 * −credit_limit while credit is used), `arrears` (0 or below: postpaid hours used beyond everything
 * the tenant held, owed until money arrives) and one `voucher` account per cash voucher. Platform
 * accounts (org_id null): revenue, refunds, gateway clearing, promotions, adjustments.
 * Balances are signed and every journal entry's lines sum to zero.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id"),
    kind: text("kind", {
      enum: [
        "cash",
        "credit",
        "arrears",
        "voucher",
        "revenue",
        "refunds",
        "gateway_clearing",
        "promotions",
        "adjustments",
      ],
    }).notNull(),
    balance: money("balance").notNull().default(sql`0`),
    /** The operator's credit limit (finance); the tenant's limit is the larger of it and the next. */
    creditLimit: money("credit_limit").notNull().default(sql`0`),
    /** The largest credit of the tenant's contracts in execution, kept by the contracts module (decision 0029). */
    contractCreditLimit: money("contract_credit_limit").notNull().default(sql`0`),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_org_kind")
      .on(t.orgId, t.kind)
      .where(sql`${t.kind} in ('cash', 'credit', 'arrears')`),
    // The database itself refuses an overdraft, whatever the code above it does.
    check("ledger_cash_not_negative", sql`${t.kind} not in ('cash', 'voucher') or ${t.balance} >= 0`),
    check(
      "ledger_credit_within_limit",
      sql`${t.kind} <> 'credit' or (${t.balance} <= 0 and ${t.balance} >= -greatest(${t.creditLimit}, ${t.contractCreditLimit}))`,
    ),
    check("ledger_credit_limit_not_negative", sql`${t.creditLimit} >= 0`),
    check("ledger_contract_credit_not_negative", sql`${t.contractCreditLimit} >= 0`),
    check("ledger_arrears_not_positive", sql`${t.kind} <> 'arrears' or ${t.balance} <= 0`),
  ],
);

/**
 * A cash voucher; its balance is the balance of its ledger account once a tenant holds it. Finance
 * issues and closes vouchers; the table sits with the ledger because charges lock and spend them.
 */
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

export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    orgId: text("org_id"),
    kind: text("kind", {
      enum: [
        "topup",
        "charge",
        "refund",
        "adjustment",
        "voucher_issue",
        "voucher_expire",
        "voucher_void",
        "arrears_settlement",
        "credit_withdrawal",
      ],
    }).notNull(),
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    /** An operator's remark as typed; null when the entry says what it is by `memoKey`. */
    memo: text("memo"),
    /** What the entry is, as a key the reader's language renders with `memoParams` (LEDGER_MEMO_KEYS). */
    memoKey: text("memo_key").$type<LedgerMemoKey>(),
    memoParams: jsonb("memo_params").$type<Record<string, string>>(),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("journal_entries_org_created").on(t.orgId, t.createdAt)],
);

export const journalLines = pgTable(
  "journal_lines",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "bigint" })
      .notNull()
      .references(() => journalEntries.id),
    accountId: text("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money("amount").notNull(),
    // The account's balance right after this line: account details show it without recomputing.
    balanceAfter: money("balance_after").notNull(),
  },
  (t) => [
    index("journal_lines_entry").on(t.entryId),
    index("journal_lines_account").on(t.accountId, t.id),
    check("journal_line_not_zero", sql`${t.amount} <> 0`),
  ],
);

/** First answers of money-moving calls, replayed for 24 hours (docs/api/overview.md). */
export const bills = pgTable(
  "bills",
  {
    id: text("id").primaryKey(),
    billNo: text("bill_no").notNull().unique(),
    orgId: text("org_id").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    type: text("type", { enum: ["charge", "refund", "adjustment"] }).notNull(),
    productCode: text("product_code").notNull(),
    /** The line's name in Chinese; `productNameEn` in English (the same text when it is data, a resource's name). */
    productName: text("product_name").notNull(),
    productNameEn: text("product_name_en").notNull(),
    orderNo: text("order_no"),
    chargeType: text("charge_type", { enum: ["prepaid", "postpaid", "none"] }).notNull(),
    originalAmount: money("original_amount").notNull(),
    discountAmount: money("discount_amount").notNull(),
    /** The contract discount's part of the discount (decision 0029): gross − contract discount − … = net. */
    contractDiscount: money("contract_discount").notNull().default(sql`0`),
    couponDeduction: money("coupon_deduction").notNull(),
    actualAmount: money("actual_amount").notNull(),
    cashAmount: money("cash_amount").notNull(),
    creditAmount: money("credit_amount").notNull(),
    voucherAmount: money("voucher_amount").notNull(),
    /** Postpaid hours no source covered: owed on the account (the `arrears` source). */
    arrearsAmount: money("arrears_amount").notNull().default(sql`0`),
    refundAmount: money("refund_amount").notNull(),
    adjustmentAmount: money("adjustment_amount").notNull(),
    entryId: bigint("entry_id", { mode: "bigint" }).references(() => journalEntries.id),
    usageStart: ts("usage_start"),
    usageEnd: ts("usage_end"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("bills_org_cycle").on(t.orgId, t.billingCycle, t.createdAt),
    // Exports page through one organisation's bills in bill-number order.
    index("bills_org_bill_no").on(t.orgId, t.billNo),
    // Debt origins (arrears-settlement.ts) are read newest first among the few bills that owed.
    index("bills_org_arrears")
      .on(t.orgId, t.entryId)
      .where(sql`${t.arrearsAmount} > 0 and ${t.type} = 'charge'`),
    check(
      "bills_contract_discount_within",
      sql`${t.contractDiscount} between 0 and greatest(${t.discountAmount}, 0)`,
    ),
  ],
);

/**
 * How each settlement of a debt was spread over the debt's origins, first-in first-out (decision
 * 0032): written with the settlement's journal entry. `paid` when money settled it (a top-up, a
 * positive adjustment, cash or credit), not when a voucher or a refund's arrears share did. What money
 * settled of a bill's arrears part is invoiceable; a credit withdrawal never is (its credit was
 * counted on the bills that used it).
 */
export const arrearsSettlements = pgTable(
  "arrears_settlements",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    orgId: text("org_id").notNull(),
    /** The settlement's journal entry (a top-up, adjustment, arrears settlement or refund). */
    entryId: bigint("entry_id", { mode: "bigint" })
      .notNull()
      .references(() => journalEntries.id),
    /** The bill whose arrears part this settled, or null for a credit withdrawal. */
    billNo: text("bill_no"),
    /** The credit withdrawal's journal entry this settled, or null for a bill. */
    withdrawalEntryId: bigint("withdrawal_entry_id", { mode: "bigint" }).references(() => journalEntries.id),
    amount: money("amount").notNull(),
    paid: boolean("paid").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("arrears_settlements_org_bill").on(t.orgId, t.billNo),
    index("arrears_settlements_entry").on(t.entryId),
    check("arrears_settlement_positive", sql`${t.amount} > 0`),
    check("arrears_settlement_one_origin", sql`(${t.billNo} is null) <> (${t.withdrawalEntryId} is null)`),
  ],
);

export const billSequences = pgTable("bill_sequences", {
  day: text("day").primaryKey(),
  last: integer("last").notNull(),
});
