// The console overview (issue 5 §8): one call gathering what the caller's data scope holds.
// Tenants do not approve or activate orders (operators do, BA07), so "waiting for approval" is the
// caller's own orders sitting in the operators' queue or, approved and paid, waiting for an
// operator to activate them by hand (each flagged `awaitingActivation`). Issue 19 item 4 adds the
// spend trend by product, the balance forecast and a project filter (docs/billing/spend-and-forecast.md).
import { daysOfBalanceLeft, FORECAST_WINDOW_DAYS, formatYuan } from "@skyledger/billing";
import { type Locale, OVERVIEW_EXPIRING_DAYS, type Overview, type OverviewQuery } from "@skyledger/contracts";
import type { DataScope } from "../../platform/auth/data-scope";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { isAwaitingActivation } from "../orders/approvals/awaiting-activation";
import {
  awaitingApproval,
  expiringResources,
  type OverviewScope,
  recentOrders,
  resourceCounts,
} from "./overview.repo";
import { balanceOf, productNames, projectsOf, spendBetween, spendByPeriod } from "./overview-spend.repo";
import { spendTrend, trendPeriods } from "./spend-trend";

const DAY_MS = 86_400_000;

type OrderRow = Awaited<ReturnType<typeof recentOrders>>[number];

function toOrder(o: OrderRow, locale: Locale) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    type: o.type,
    productName: locale === "zh-CN" ? o.productNameZh : o.productNameEn,
    status: o.status,
    approvalLevel: o.approvalLevel,
    awaitingActivation: isAwaitingActivation(o),
    amount: formatYuan(o.amount),
    createdAt: o.createdAt.toISOString(),
  };
}

type OrgScope = Exclude<DataScope, { kind: "all" }>;

/**
 * The scope narrowed to one project when one is asked for: a project of the organisation for a
 * tenant-wide caller, one of their own projects for a project member.
 */
function narrowed(scope: OrgScope, orgId: string, visible: string[], projectId?: string): DataScope {
  if (projectId === undefined) return scope;
  if (!visible.includes(projectId)) throw new DomainError("OVERVIEW_PROJECT_UNKNOWN");
  return { kind: "projects", orgId, projectIds: [projectId] };
}

export function createOverviewService(deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;

  return {
    async of(ctx: RequestContext, query: OverviewQuery = {}): Promise<Overview> {
      const orgId = ctx.ownTenant();
      // A tenant's caller is never of the platform's "all" scope.
      const own = (await ctx.dataScope()) as OrgScope;
      const projects = await projectsOf(db, orgId, own.kind === "projects" ? own.projectIds : undefined);
      const scope = narrowed(
        own,
        orgId,
        projects.map((p) => p.id),
        query.projectId,
      );
      const s: OverviewScope = { orgId, scope };
      const now = clock.now();
      const periods = trendPeriods(now, timeZone);
      const weekAgo = new Date(now.getTime() - FORECAST_WINDOW_DAYS * DAY_MS);
      const [counts, expiring, recent, awaiting, dayRows, monthRows, burn, balance] = await Promise.all([
        resourceCounts(db, s),
        expiringResources(db, s, new Date(now.getTime() + OVERVIEW_EXPIRING_DAYS * DAY_MS)),
        recentOrders(db, s),
        awaitingApproval(db, s),
        spendByPeriod(db, s, { unit: "day", from: periods.days[0]!, timeZone }),
        spendByPeriod(db, s, { unit: "month", from: periods.months[0]!, timeZone }),
        spendBetween(db, s, weekAgo, now),
        balanceOf(db, orgId),
      ]);
      const names = await productNames(db, orgId, [...new Set(monthRows.map((r) => r.productCode))]);
      return {
        scope: own.kind === "projects" ? "project" : "tenant",
        resources: counts,
        expiring: {
          total: expiring.total,
          list: expiring.list.map((r) => ({
            id: r.id,
            kind: r.kind,
            name: r.name,
            status: r.status,
            // The query keeps only rows with an end date.
            expiresAt: r.expiresAt!.toISOString(),
            autoRenew: r.autoRenew,
          })),
        },
        recentOrders: recent.map((o) => toOrder(o, ctx.locale)),
        awaitingApproval: {
          total: awaiting.total,
          activation: awaiting.activation,
          list: awaiting.list.map((o) => toOrder(o, ctx.locale)),
        },
        spend: spendTrend({ dayRows, monthRows, periods, names, locale: ctx.locale, timeZone }),
        forecast: {
          balance: formatYuan(balance),
          spendLast7Days: formatYuan(burn),
          dailyBurn: formatYuan(burn > 0n ? burn / BigInt(FORECAST_WINDOW_DAYS) : 0n),
          daysLeft: daysOfBalanceLeft(balance, burn),
        },
        projectId: query.projectId ?? null,
        projects,
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
