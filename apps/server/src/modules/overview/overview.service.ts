// The console overview (issue 5 §8): one call gathering what the caller's data scope holds.
// Tenants do not approve or activate orders (operators do, BA07), so "waiting for approval" is the
// caller's own orders sitting in the operators' queue or, approved and paid, waiting for an
// operator to activate them by hand (each flagged `awaitingActivation`).
import { formatYuan } from "@skyledger/billing";
import { type Locale, OVERVIEW_EXPIRING_DAYS, type Overview } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { RequestContext } from "../../platform/request-context";
import { localParts } from "../../platform/time-zone";
import { isAwaitingActivation } from "../orders/approvals/awaiting-activation";
import {
  awaitingApproval,
  expiringResources,
  postpaidByDay,
  recentOrders,
  resourceCounts,
} from "./overview.repo";

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

/** Every day of the month of `now` (in `timeZone`) up to its day, as YYYY-MM-DD. */
export function daysOfMonthSoFar(now: Date, timeZone: string): { cycle: string; days: string[] } {
  const p = localParts(now, timeZone);
  const cycle = `${p.year}-${p.month}`;
  const days = Array.from({ length: Number(p.day) }, (_, i) => `${cycle}-${String(i + 1).padStart(2, "0")}`);
  return { cycle, days };
}

export function createOverviewService(deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;

  return {
    async of(ctx: RequestContext): Promise<Overview> {
      const s = { orgId: ctx.ownTenant(), scope: await ctx.dataScope() };
      const now = clock.now();
      const { cycle, days } = daysOfMonthSoFar(now, timeZone);
      const [counts, expiring, recent, awaiting, spend] = await Promise.all([
        resourceCounts(db, s),
        expiringResources(db, s, new Date(now.getTime() + OVERVIEW_EXPIRING_DAYS * DAY_MS)),
        recentOrders(db, s),
        awaitingApproval(db, s),
        postpaidByDay(db, s, cycle, timeZone),
      ]);
      const byDay = new Map(spend.map((r) => [r.day, BigInt(r.amount)]));
      const total = spend.reduce((sum, r) => sum + BigInt(r.amount), 0n);
      return {
        scope: s.scope.kind === "projects" ? "project" : "tenant",
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
        postpaidSpend: {
          month: cycle,
          timeZone,
          total: formatYuan(total),
          days: days.map((date) => ({ date, amount: formatYuan(byDay.get(date) ?? 0n) })),
        },
      };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
