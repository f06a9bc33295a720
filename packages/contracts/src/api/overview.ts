// The console overview (issue 5 §8, page /mgt/dashboard, CA): what the caller's data scope holds
// at a glance — resources by kind and status, prepaid terms ending soon, recent orders, orders in
// the approval queue or awaiting manual activation and this month's postpaid spend day by day.
import { z } from "zod";
import { ORDER_STATUSES, RESOURCE_STATUSES } from "../statuses";
import { ORDER_TYPES } from "./orders";
import { RESOURCE_KINDS } from "./resources";

/** Days ahead the "expiring soon" card looks. */
export const OVERVIEW_EXPIRING_DAYS = 30;

export const overviewResourceCount = z.object({
  kind: z.enum(RESOURCE_KINDS),
  status: z.enum(RESOURCE_STATUSES),
  count: z.number().int(),
});
export type OverviewResourceCount = z.infer<typeof overviewResourceCount>;

export const overviewExpiring = z.object({
  id: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  status: z.enum(RESOURCE_STATUSES),
  expiresAt: z.string(),
  autoRenew: z.boolean(),
});
export type OverviewExpiring = z.infer<typeof overviewExpiring>;

export const overviewOrder = z.object({
  id: z.string(),
  orderNo: z.string(),
  type: z.enum(ORDER_TYPES),
  /** In the caller's language. */
  productName: z.string(),
  status: z.enum(ORDER_STATUSES),
  approvalLevel: z.string().nullable(),
  /** Approved and paid, waiting for an administrator to activate it by hand (spec §1). */
  awaitingActivation: z.boolean(),
  /** Yuan with 5 decimals. */
  amount: z.string(),
  createdAt: z.string(),
});
export type OverviewOrder = z.infer<typeof overviewOrder>;

export const overviewSpendDay = z.object({
  /** A day of the business time zone, YYYY-MM-DD. */
  date: z.string(),
  /** Yuan with 5 decimals: postpaid charges less postpaid refunds of that day. */
  amount: z.string(),
});

export const overview = z.object({
  /** tenant: the whole organisation; project: the caller's projects only. */
  scope: z.enum(["tenant", "project"]),
  /** Counts of the resources not deleted, one row per kind and status present. */
  resources: z.array(overviewResourceCount),
  /** Prepaid resources whose term ends within OVERVIEW_EXPIRING_DAYS (or has ended), soonest first. */
  expiring: z.object({ total: z.number().int(), list: z.array(overviewExpiring) }),
  /** The newest orders, newest first. */
  recentOrders: z.array(overviewOrder),
  /**
   * Orders waiting for the operators, newest first: for a decision in the approval queue, or,
   * approved and paid, for manual activation (`activation` of the `total` are those).
   */
  awaitingApproval: z.object({
    total: z.number().int(),
    activation: z.number().int(),
    list: z.array(overviewOrder),
  }),
  postpaidSpend: z.object({
    /** The business month, YYYY-MM, and the zone its days are counted in. */
    month: z.string(),
    timeZone: z.string(),
    total: z.string(),
    /** Every day of the month up to today, oldest first. */
    days: z.array(overviewSpendDay),
  }),
});
export type Overview = z.infer<typeof overview>;
