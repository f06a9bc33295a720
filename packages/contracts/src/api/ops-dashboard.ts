// The operators' dashboard (issue 19 §6, /sys/overview) and the billing accounts list (issue 19 §7,
// `accounts`, BI). Money is in yuan strings (5 decimals at most), as everywhere in the API.
import { z } from "zod";
import { RESOURCE_STATUSES } from "../statuses";
import { page, pageQuery } from "./common";
import { ledgerMemoKey } from "./finance";
import { RESOURCE_KINDS } from "./resources";

/** Days the dashboard's series cover, today included. */
export const OPS_DASHBOARD_DAYS = 30;

/** One local day of money moved, from the ledger (what each column is: docs/operations/operators.md). */
export const opsMoneyDay = z.object({
  date: z.string(),
  revenue: z.string(),
  topUps: z.string(),
  refunds: z.string(),
  vouchers: z.string(),
});
export type OpsMoneyDay = z.infer<typeof opsMoneyDay>;

export const OPS_MONEY_SERIES = ["revenue", "topUps", "refunds", "vouchers"] as const;
export type OpsMoneySeries = (typeof OPS_MONEY_SERIES)[number];

/** A local day (YYYY-MM-DD) in the business time zone, one the calendar has (no 2026-02-30). */
const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalid")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "validation.invalid");

/**
 * The journal entries behind one money series of the dashboard (`/sys/finance/movements`, BI):
 * `from` and `to` are local days, both included. Each entry's amount is its part of the series,
 * counted as the dashboard counts it, and `sum` is the whole filtered list's, so the list behind a
 * total adds up to that total.
 */
export const moneyMovementQuery = pageQuery.extend({
  series: z.enum(OPS_MONEY_SERIES),
  from: localDay.optional(),
  to: localDay.optional(),
});
export type MoneyMovementQuery = z.infer<typeof moneyMovementQuery>;

export const moneyMovementRecord = z.object({
  entryId: z.string(),
  time: z.string(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  amount: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  /** An operator's remark as typed; null when the entry has a key. */
  memo: z.string().nullable(),
  memoKey: ledgerMemoKey.nullable(),
  memoParams: z.record(z.string(), z.string()).nullable(),
});
export type MoneyMovementRecord = z.infer<typeof moneyMovementRecord>;
export const moneyMovementPage = page(moneyMovementRecord).extend({ sum: z.string() });
export type MoneyMovementPage = z.infer<typeof moneyMovementPage>;

/** The states a tenant is counted under; "inArrears" and "frozen" overlap the other two. */
export const TENANT_STATES = ["verified", "unverified", "frozen", "inArrears"] as const;
export type TenantState = (typeof TENANT_STATES)[number];

/** One product's resources (not deleted) by status; a resource with no catalogue product counts under its kind. */
export const opsResourceProduct = z.object({
  kind: z.enum(RESOURCE_KINDS),
  productId: z.string().nullable(),
  /** In the caller's language; null when the resource has no catalogue product. */
  productName: z.string().nullable(),
  total: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(RESOURCE_STATUSES), count: z.number().int() })),
});
export type OpsResourceProduct = z.infer<typeof opsResourceProduct>;

export const opsDashboard = z.object({
  timeZone: z.string(),
  /** Revenue, top-ups, refunds and vouchers by day (BI; the auditor reads it). */
  money: z
    .object({
      days: z.array(opsMoneyDay),
      totals: opsMoneyDay.omit({ date: true }),
    })
    .nullable(),
  /** Tenants by state, new sign-ups by day and what they owe (BI, BT). */
  tenants: z
    .object({
      total: z.number().int(),
      byState: z.object({
        verified: z.number().int(),
        unverified: z.number().int(),
        frozen: z.number().int(),
        inArrears: z.number().int(),
      }),
      arrearsTotal: z.string(),
      signUps: z.array(z.object({ date: z.string(), count: z.number().int() })),
      signUpsTotal: z.number().int(),
    })
    .nullable(),
  /** Resources by product and status and the frozen ones by why (BA07, BI, BT). */
  resources: z
    .object({
      total: z.number().int(),
      frozen: z.number().int(),
      frozenByReason: z.object({ expired: z.number().int(), arrears: z.number().int() }),
      byProduct: z.array(opsResourceProduct),
    })
    .nullable(),
});
export type OpsDashboard = z.infer<typeof opsDashboard>;

export const BILLING_ACCOUNT_SORTS = [
  "name",
  "createdAt",
  "balance",
  "creditLimit",
  "vouchers",
  "arrears",
] as const;
export type BillingAccountSort = (typeof BILLING_ACCOUNT_SORTS)[number];

/** Filters of the billing accounts list, shared by the page and its export. */
export const billingAccountFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  state: z.enum(TENANT_STATES).optional(),
  sort: z.enum(BILLING_ACCOUNT_SORTS).default("createdAt"),
  order: z.enum(["asc", "desc"]).default("desc"),
});
export type BillingAccountFilter = z.infer<typeof billingAccountFilter>;

export const billingAccountQuery = pageQuery.merge(billingAccountFilter);

export const billingAccountRecord = z.object({
  orgId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  verified: z.boolean(),
  frozen: z.boolean(),
  balance: z.string(),
  creditLimit: z.string(),
  creditUsed: z.string(),
  voucherBalance: z.string(),
  arrears: z.string(),
  createdAt: z.string(),
});
export type BillingAccountRecord = z.infer<typeof billingAccountRecord>;
export const billingAccountPage = page(billingAccountRecord);
