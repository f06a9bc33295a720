// Invoices (spec §3 "Invoice", §4 "Invoicing"): a tenant's titles and mailing addresses, and its
// requests. A request keeps a copy of the title and address it was made with (a later edit changes
// no request) and the amount it holds on each invoiceable item (an order, a prepaid bill without
// an order, or a postpaid month); the items of a request that is not rejected are not invoiceable
// again.
import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export type InvoiceTitleCopy = {
  type: "vatOrdinary" | "vatSpecial" | "personal";
  name: string;
  taxNumber: string;
  bankName: string;
  bankAccount: string;
  registeredAddress: string;
  registeredPhone: string;
};
export type InvoiceAddressCopy = { recipient: string; phone: string; address: string; postcode: string };

export const invoiceTitles = pgTable(
  "invoice_titles",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    type: text("type", { enum: ["vatOrdinary", "vatSpecial", "personal"] }).notNull(),
    name: text("name").notNull(),
    taxNumber: text("tax_number").notNull().default(""),
    bankName: text("bank_name").notNull().default(""),
    bankAccount: text("bank_account").notNull().default(""),
    registeredAddress: text("registered_address").notNull().default(""),
    registeredPhone: text("registered_phone").notNull().default(""),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("invoice_titles_org").on(t.orgId, t.createdAt)],
);

export const invoiceAddresses = pgTable(
  "invoice_addresses",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    recipient: text("recipient").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    postcode: text("postcode").notNull().default(""),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("invoice_addresses_org").on(t.orgId, t.createdAt)],
);

export const invoiceRequests = pgTable(
  "invoice_requests",
  {
    id: text("id").primaryKey(),
    requestNo: text("request_no").notNull().unique(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    state: text("state", { enum: ["invoicing", "invoiced", "rejected"] }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    medium: text("medium", { enum: ["electronic", "paper"] }).notNull(),
    title: jsonb("title").$type<InvoiceTitleCopy>().notNull(),
    address: jsonb("address").$type<InvoiceAddressCopy>(),
    remark: text("remark").notNull().default(""),
    pdfFileId: text("pdf_file_id"),
    invoiceNumber: text("invoice_number"),
    trackingNumber: text("tracking_number"),
    rejectReason: text("reject_reason"),
    requestedBy: text("requested_by"),
    decidedBy: text("decided_by"),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("invoice_requests_org").on(t.orgId, t.createdAt),
    index("invoice_requests_state").on(t.state, t.createdAt),
    check("invoice_request_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const invoiceRequestItems = pgTable(
  "invoice_request_items",
  {
    requestId: text("request_id")
      .notNull()
      .references(() => invoiceRequests.id),
    /** `order:<order no>`, `bill:<bill no>` or `postpaid:<YYYY-MM>` (packages/billing invoiceable.ts). */
    itemKey: text("item_key").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.itemKey] }),
    check("invoice_request_item_amount_positive", sql`${t.amount} > 0`),
  ],
);
