// Invoices (spec §3 "Invoice", §4 "Invoicing", CC05 `/mgt/invoice`): a tenant's invoice titles and
// mailing addresses, the invoiceable items of its bills, its invoice requests; the operators' queue
// (BA11) issues a request (the e-invoice PDF, its number, a mailing tracking number) or rejects it.
import { z } from "zod";
import { v } from "../validation";
import { pageQuery } from "./common";
import { positiveYuan } from "./finance";

export const INVOICE_TITLE_TYPES = ["vatOrdinary", "vatSpecial", "personal"] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];

/** Which fields each title type needs besides its name (spec §3: tax number, bank, account, address, phone). */
export const INVOICE_TITLE_REQUIRED: Record<InvoiceTitleType, readonly InvoiceTitleField[]> = {
  vatOrdinary: ["taxNumber"],
  vatSpecial: ["taxNumber", "bankName", "bankAccount", "registeredAddress", "registeredPhone"],
  personal: [],
};
export type InvoiceTitleField =
  | "taxNumber"
  | "bankName"
  | "bankAccount"
  | "registeredAddress"
  | "registeredPhone";

/** Request states (spec §4 "Invoicing"); an item no request holds is "not invoiced". */
export const INVOICE_REQUEST_STATES = ["invoicing", "invoiced", "rejected"] as const;
export type InvoiceRequestState = (typeof INVOICE_REQUEST_STATES)[number];
export const INVOICE_MEDIA = ["electronic", "paper"] as const;

const optionalText = (max: number) => z.string().trim().max(max, "validation.invoiceFieldLength").default("");

/** A title's fields, each checked alone (the form's rules); invoiceTitleBody adds what each type needs. */
export const invoiceTitleFields = z.object({
  type: z.enum(INVOICE_TITLE_TYPES),
  name: z.string().trim().min(1, "validation.required").max(128, "validation.invoiceFieldLength"),
  // Chinese tax numbers: the 18-character unified social credit code, or an older 15 or 20.
  taxNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => s === "" || /^[0-9A-Z]{15}([0-9A-Z]{3}([0-9A-Z]{2})?)?$/.test(s), "validation.taxNumber")
    .default(""),
  bankName: optionalText(128),
  bankAccount: z
    .string()
    .trim()
    .refine((s) => s === "" || /^[0-9 -]{6,40}$/.test(s), "validation.bankAccount")
    .default(""),
  registeredAddress: optionalText(200),
  registeredPhone: z
    .string()
    .trim()
    .refine((s) => s === "" || /^[0-9+() -]{6,20}$/.test(s), "validation.invoicePhone")
    .default(""),
});

export const invoiceTitleBody = invoiceTitleFields.superRefine((title, issue) => {
  for (const field of INVOICE_TITLE_REQUIRED[title.type]) {
    if (title[field] === "")
      issue.addIssue({ code: "custom", path: [field], message: "validation.required" });
  }
});
export type InvoiceTitleBody = z.input<typeof invoiceTitleBody>;

export const invoiceTitle = z.object({
  id: z.string(),
  type: z.enum(INVOICE_TITLE_TYPES),
  name: z.string(),
  taxNumber: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  registeredAddress: z.string(),
  registeredPhone: z.string(),
  createdAt: z.string(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitle>;

export const invoiceAddressBody = z.object({
  recipient: z.string().trim().min(1, "validation.required").max(64, "validation.invoiceFieldLength"),
  phone: v.phone,
  address: z.string().trim().min(1, "validation.required").max(200, "validation.invoiceFieldLength"),
  postcode: z
    .string()
    .trim()
    .refine((s) => s === "" || /^\d{6}$/.test(s), "validation.postcode")
    .default(""),
});
export type InvoiceAddressBody = z.input<typeof invoiceAddressBody>;

export const invoiceAddress = z.object({
  id: z.string(),
  recipient: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  createdAt: z.string(),
});
export type InvoiceAddress = z.infer<typeof invoiceAddress>;

export const invoiceIdParams = z.object({ id: z.string().min(1).max(64) });

export const invoiceableItemDto = z.object({
  key: z.string(),
  kind: z.enum(["order", "bill", "postpaidMonth"]),
  reference: z.string(),
  chargeType: z.enum(["prepaid", "postpaid"]),
  paid: z.string(),
  requested: z.string(),
  invoiceable: z.string(),
  open: z.boolean(),
  /** "YYYY-MM-DD", the first local day a postpaid month may be invoiced; null for a prepaid item. */
  opensOn: z.string().nullable(),
});
export type InvoiceableItemDto = z.infer<typeof invoiceableItemDto>;

export const invoiceableSummary = z.object({
  total: z.string(),
  items: z.array(invoiceableItemDto),
});
export type InvoiceableSummary = z.infer<typeof invoiceableSummary>;

export const invoiceRequestBody = z
  .object({
    titleId: z.string().trim().min(1, "validation.required").max(64),
    medium: z.enum(INVOICE_MEDIA),
    addressId: z.string().trim().max(64).nullable().default(null),
    /** Item keys to invoice; empty: the amount is spread over every open item, oldest first. */
    items: z.array(z.string().max(80)).max(200).default([]),
    /** Yuan; null asks for the chosen items in full. */
    amount: positiveYuan.nullable().default(null),
    remark: z.string().trim().max(200, "validation.invoiceFieldLength").default(""),
  })
  .refine((b) => b.medium !== "paper" || !!b.addressId, {
    path: ["addressId"],
    message: "validation.required",
  })
  .refine((b) => b.items.length > 0 || b.amount !== null, {
    path: ["amount"],
    message: "validation.required",
  });
export type InvoiceRequestBody = z.input<typeof invoiceRequestBody>;

export const invoiceRequestQuery = pageQuery.extend({
  state: z.enum(INVOICE_REQUEST_STATES).optional(),
});

/**
 * The operators' queue: oldest first by default (the longest waiting on top); a tenant's page reads
 * one organisation's requests (`orgId`) as its history, newest first.
 */
export const invoiceQueueQuery = invoiceRequestQuery.extend({
  orgId: z.string().trim().min(1).max(64).optional(),
  order: z.enum(["oldest", "newest"]).default("oldest"),
});

export const invoiceRequestItem = z.object({ key: z.string(), amount: z.string() });

export const invoiceRequestRecord = z.object({
  id: z.string(),
  requestNo: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  state: z.enum(INVOICE_REQUEST_STATES),
  amount: z.string(),
  medium: z.enum(INVOICE_MEDIA),
  title: invoiceTitle.omit({ id: true, createdAt: true }),
  address: invoiceAddress.omit({ id: true, createdAt: true }).nullable(),
  items: z.array(invoiceRequestItem),
  remark: z.string(),
  invoiceNumber: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  hasPdf: z.boolean(),
  rejectReason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type InvoiceRequestRecord = z.infer<typeof invoiceRequestRecord>;

export const invoiceIssueBody = z.object({
  /** An uploaded file of purpose `invoicePdf` (the e-invoice). */
  pdfFileId: z.string().trim().min(1, "validation.required").max(64),
  invoiceNumber: z
    .string()
    .trim()
    .min(1, "validation.required")
    .regex(/^[0-9A-Za-z-]{1,32}$/, "validation.invoiceNumber"),
  trackingNumber: z
    .string()
    .trim()
    .refine((s) => s === "" || /^[0-9A-Za-z-]{4,40}$/.test(s), "validation.trackingNumber")
    .default(""),
});
export type InvoiceIssueBody = z.input<typeof invoiceIssueBody>;

export const invoiceRejectBody = z.object({
  reason: z.string().trim().min(1, "validation.required").max(200, "validation.invoiceFieldLength"),
});
