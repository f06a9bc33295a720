// The console overview (issue 5 §8, page /mgt/dashboard, CA): what the caller's data scope holds
// at a glance — resources by kind and status, prepaid terms ending soon, recent orders, orders in
// the approval queue or awaiting manual activation, spend by product (30 days, 12 months) and the
// balance forecast (issue 19 item 4). Spend and the forecast: docs/billing/spend-and-forecast.md.
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

/** Days of the daily spend trend (today included) and months of the monthly one (this one included). */
export const OVERVIEW_TREND_DAYS = 30;
export const OVERVIEW_TREND_MONTHS = 12;
/** Under this many days left the forecast is shown as an alarm. */
export const OVERVIEW_FORECAST_ALARM_DAYS = 7;

export const overviewQuery = z.object({
  /** Narrows every card to one project; it must be one the caller sees (OVERVIEW_PROJECT_UNKNOWN). */
  projectId: z.string().trim().min(1).max(64).optional(),
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

export const overviewSpendPeriod = z.object({
  /** A day (YYYY-MM-DD) or a month (YYYY-MM) of the business time zone. */
  period: z.string(),
  /** Yuan with 5 decimals: the period's spend over every product. */
  total: z.string(),
  /** Yuan with 5 decimals per product, in the order of `spend.products`; 0 included. */
  amounts: z.array(z.string()),
});
export type OverviewSpendPeriod = z.infer<typeof overviewSpendPeriod>;

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
  /** Spend (charges less refunds of every charge type, docs/billing/spend-and-forecast.md). */
  spend: z.object({
    /** The business month, YYYY-MM, and the zone its days are counted in. */
    month: z.string(),
    timeZone: z.string(),
    monthToDate: z.string(),
    /** Products with spend in the last 12 months, most spent first; names in the caller's language. */
    products: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The last OVERVIEW_TREND_DAYS days, oldest first. */
    days: z.array(overviewSpendPeriod),
    /** The last OVERVIEW_TREND_MONTHS months, oldest first. */
    months: z.array(overviewSpendPeriod),
  }),
  /** How long the organisation's balance lasts at the last 7 days' burn of the cards' scope. */
  forecast: z.object({
    /** Yuan: the account's balance (cash less arrears), the figure of the account card. */
    balance: z.string(),
    spendLast7Days: z.string(),
    /** Yuan with 5 decimals, rounded down: spendLast7Days ÷ 7. */
    dailyBurn: z.string(),
    /** Whole days; null when nothing was spent in the last 7 days. */
    daysLeft: z.number().int().nullable(),
  }),
  /** The project the cards are narrowed to, if one was asked for. */
  projectId: z.string().nullable(),
  /** The projects the caller may narrow the cards to (the names are what people typed). */
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Overview = z.infer<typeof overview>;
