// The operators' dashboard (issue 19 §6, /sys/overview): money moved per day from the ledger and
// the tenants by state, for the last 30 local days, and the resources by product and status. Each
// panel is computed only for a caller whose codes open it (money: BI; tenants: BI or BT;
// resources: BA07, BI or BT; the auditor's BR reads all) and is null otherwise,
// so a verification reviewer's answer carries no revenue. The queues are the queues' own list
// totals, asked by the page (features/overview/operator-queues.tsx).
import { formatYuan, fromLocal, toLocal } from "@skyledger/billing";
import {
  codesAllow,
  type LedgerMemoKey,
  type Locale,
  type MoneyMovementQuery,
  OPS_DASHBOARD_DAYS,
  type OpsDashboard,
  type OpsResourceProduct,
  type PermissionCode,
  RESOURCE_STATUSES,
} from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import type { RequestContext } from "../../platform/request-context";
import { signUpsByDay, tenantStateCounts } from "../finance/billing-accounts.repo";
import {
  frozenResourcesByReason,
  moneyByDay,
  movementsPage,
  movementsTotal,
  resourcesByProduct,
} from "./ops-dashboard.repo";

const MONEY_CODES: readonly PermissionCode[] = ["BI"];
const TENANT_CODES: readonly PermissionCode[] = ["BI", "BT"];
// Orders and the catalogue (BA07), frozen for arrears (BI), what a tenant asks after-sales about (BT).
const RESOURCE_CODES: readonly PermissionCode[] = ["BA07", "BI", "BT"];

/** The last `count` local days up to today's, as YYYY-MM-DD, and the instant the first one starts. */
export function lastLocalDays(now: Date, timeZone: string, count: number): { days: string[]; since: Date } {
  const today = toLocal(now, timeZone);
  // Calendar arithmetic on the local date alone (UTC has no daylight saving to skip a day).
  const days = Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - (count - 1 - i)));
    return d.toISOString().slice(0, 10);
  });
  return { days, since: dayStart(days[0]!, timeZone) };
}

/** The instant local day `date` (YYYY-MM-DD) starts, `plusDays` later. */
function dayStart(date: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + plusDays));
  return fromLocal(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    },
    timeZone,
  );
}

const sumOf = (values: bigint[]) => values.reduce((s, v) => s + v, 0n);

export function createOpsDashboardService(deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;

  async function money(days: string[], since: Date): Promise<OpsDashboard["money"]> {
    const rows = new Map((await moneyByDay(db, since, timeZone)).map((r) => [r.day, r]));
    const series = days.map((date) => {
      const r = rows.get(date);
      return {
        date,
        revenue: BigInt(r?.revenue ?? 0),
        topUps: BigInt(r?.top_ups ?? 0),
        refunds: BigInt(r?.refunds ?? 0),
        vouchers: BigInt(r?.vouchers ?? 0),
      };
    });
    const total = (key: "revenue" | "topUps" | "refunds" | "vouchers") =>
      formatYuan(sumOf(series.map((d) => d[key])));
    return {
      days: series.map((d) => ({
        date: d.date,
        revenue: formatYuan(d.revenue),
        topUps: formatYuan(d.topUps),
        refunds: formatYuan(d.refunds),
        vouchers: formatYuan(d.vouchers),
      })),
      totals: {
        revenue: total("revenue"),
        topUps: total("topUps"),
        refunds: total("refunds"),
        vouchers: total("vouchers"),
      },
    };
  }

  async function tenants(days: string[], since: Date, now: Date): Promise<OpsDashboard["tenants"]> {
    const [states, signUps] = await Promise.all([
      tenantStateCounts(db, now),
      signUpsByDay(db, since, timeZone),
    ]);
    const byDay = new Map(signUps.map((r) => [r.day, r.n]));
    const series = days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
    return {
      total: states.total,
      byState: {
        verified: states.verified,
        unverified: states.unverified,
        frozen: states.frozen,
        inArrears: states.in_arrears,
      },
      arrearsTotal: formatYuan(BigInt(states.arrears_total)),
      signUps: series,
      signUpsTotal: series.reduce((s, d) => s + d.count, 0),
    };
  }

  async function resources(locale: Locale): Promise<OpsDashboard["resources"]> {
    const [rows, frozen] = await Promise.all([resourcesByProduct(db), frozenResourcesByReason(db)]);
    const products = new Map<string, OpsResourceProduct>();
    for (const r of rows) {
      const key = `${r.kind}/${r.productId ?? ""}`;
      const name = locale === "zh-CN" ? r.nameZh : r.nameEn;
      const product = products.get(key) ?? {
        kind: r.kind,
        productId: r.productId,
        productName: name ?? null,
        total: 0,
        byStatus: [],
      };
      product.total += r.n;
      product.byStatus.push({ status: r.status, count: r.n });
      products.set(key, product);
    }
    const statusOrder = (s: string) => RESOURCE_STATUSES.indexOf(s as (typeof RESOURCE_STATUSES)[number]);
    const byProduct = [...products.values()]
      .map((p) => ({
        ...p,
        byStatus: p.byStatus.sort((a, b) => statusOrder(a.status) - statusOrder(b.status)),
      }))
      .sort(
        (a, b) =>
          b.total - a.total ||
          a.kind.localeCompare(b.kind) ||
          (a.productId ?? "").localeCompare(b.productId ?? ""),
      );
    const frozenOf = (reason: "expired" | "arrears") => frozen.find((f) => f.reason === reason)?.n ?? 0;
    return {
      total: byProduct.reduce((s, p) => s + p.total, 0),
      frozen: frozen.reduce((s, f) => s + f.n, 0),
      frozenByReason: { expired: frozenOf("expired"), arrears: frozenOf("arrears") },
      byProduct,
    };
  }

  /** The entries behind a money series between two local days (both included), with their sum. */
  async function movements(query: MoneyMovementQuery) {
    const filter = {
      series: query.series,
      since: query.from ? dayStart(query.from, timeZone) : null,
      until: query.to ? dayStart(query.to, timeZone, 1) : null,
    };
    // One query answers both the count the pager needs and the sum the page shows.
    const totals = movementsTotal(db, filter);
    const page = await pageOf(
      query,
      (limit, offset) => movementsPage(db, filter, limit, offset),
      totals,
      (r) => ({
        entryId: r.entry_id,
        time: r.created_at,
        orgId: r.org_id,
        orgName: r.org_name,
        amount: formatYuan(BigInt(r.amount)),
        referenceType: r.reference_type,
        referenceId: r.reference_id,
        memo: r.memo,
        memoKey: r.memo_key as LedgerMemoKey | null,
        memoParams: r.memo_params,
      }),
    );
    return { ...page, sum: formatYuan(BigInt((await totals)[0]?.sum ?? 0)) };
  }

  return {
    movements,
    async of(ctx: RequestContext): Promise<OpsDashboard> {
      const now = clock.now();
      const { days, since } = lastLocalDays(now, timeZone, OPS_DASHBOARD_DAYS);
      const held = ctx.actor.permissions;
      const [m, t, r] = await Promise.all([
        codesAllow(MONEY_CODES, held, true) ? money(days, since) : null,
        codesAllow(TENANT_CODES, held, true) ? tenants(days, since, now) : null,
        codesAllow(RESOURCE_CODES, held, true) ? resources(ctx.locale) : null,
      ]);
      return { timeZone, money: m, tenants: t, resources: r };
    },
  };
}
