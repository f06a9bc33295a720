// SQL of the operators' dashboard: money moved per local day, read from the ledger's journal, and
// the resources that exist by product and status.
import type { OpsMoneySeries } from "@skyledger/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { products } from "../catalog/catalog.schema";
import { organizations } from "../iam/iam.schema";
import { journalEntries, journalLines, ledgerAccounts } from "../ledger/ledger.schema";
import { existingResources, frozenResources } from "../resources/resources.repo";
import { resources } from "../resources/resources.schema";

/**
 * What each money series sums, and why (one place, so a day's figure and the list behind it agree):
 * - revenue: the lines on the platform revenue account of charge entries — everything charged to
 *   tenants, whatever paid it (cash, credit, vouchers, or owed as arrears); refunds are not netted.
 * - topUps: the lines on tenants' own accounts of top-up entries — the money that arrived (online
 *   payments and manual recharges), whichever of the tenant's accounts it went to.
 * - refunds: the lines on the platform refunds account of refund entries, sign turned — what was
 *   given back to tenants' cash, credit or still-open vouchers.
 * - vouchers: the lines on voucher accounts of voucher-issue entries — the face value of the cash
 *   vouchers tenants received.
 */
const SERIES: Record<OpsMoneySeries, { entryKind: string; account: SQL; sign: SQL }> = {
  revenue: { entryKind: "charge", account: sql`${ledgerAccounts.kind} = 'revenue'`, sign: sql`1` },
  topUps: { entryKind: "topup", account: sql`${ledgerAccounts.orgId} is not null`, sign: sql`1` },
  refunds: { entryKind: "refund", account: sql`${ledgerAccounts.kind} = 'refunds'`, sign: sql`-1` },
  vouchers: { entryKind: "voucher_issue", account: sql`${ledgerAccounts.kind} = 'voucher'`, sign: sql`1` },
};

/** Per local day since `since` (bigint units as text), each series as SERIES says. */
export async function moneyByDay(tx: Tx, since: Date, timeZone: string) {
  const day = sql`to_char(${journalEntries.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const sumOf = (series: OpsMoneySeries) => {
    const { entryKind, account, sign } = SERIES[series];
    return sql`(${sign} * coalesce(sum(${journalLines.amount}) filter (where ${journalEntries.kind} = ${entryKind} and ${account}), 0))::text`;
  };
  const rows = await tx.execute(sql`
    select ${day} as day,
      ${sumOf("revenue")} as revenue, ${sumOf("topUps")} as top_ups,
      ${sumOf("refunds")} as refunds, ${sumOf("vouchers")} as vouchers
    from ${journalEntries}
    join ${journalLines} on ${journalLines.entryId} = ${journalEntries.id}
    join ${ledgerAccounts} on ${ledgerAccounts.id} = ${journalLines.accountId}
    where ${journalEntries.createdAt} >= ${since.toISOString()}::timestamptz
      and ${journalEntries.kind} in ('charge', 'topup', 'refund', 'voucher_issue')
    group by 1`);
  return rowsOf<{ day: string; revenue: string; top_ups: string; refunds: string; vouchers: string }>(rows);
}

export type MovementFilter = { series: OpsMoneySeries; since: Date | null; until: Date | null };

/** The entries of one series in [since, until), each with its part of the series (as SERIES says). */
function movements(f: MovementFilter): SQL {
  const { entryKind, account, sign } = SERIES[f.series];
  const range = [
    f.since ? sql` and ${journalEntries.createdAt} >= ${f.since.toISOString()}::timestamptz` : sql``,
    f.until ? sql` and ${journalEntries.createdAt} < ${f.until.toISOString()}::timestamptz` : sql``,
  ];
  return sql`(
    select ${journalEntries.id} as entry_id, ${journalEntries.createdAt} as created_at,
      ${journalEntries.orgId} as org_id, ${journalEntries.referenceType} as reference_type,
      ${journalEntries.referenceId} as reference_id, ${journalEntries.memo} as memo,
      ${journalEntries.memoKey} as memo_key, ${journalEntries.memoParams} as memo_params,
      ${sign} * sum(${journalLines.amount}) as amount
    from ${journalEntries}
    join ${journalLines} on ${journalLines.entryId} = ${journalEntries.id}
    join ${ledgerAccounts} on ${ledgerAccounts.id} = ${journalLines.accountId}
    where ${journalEntries.kind} = ${entryKind} and ${account}${range[0]}${range[1]}
    group by ${journalEntries.id}
  )`;
}

export type MovementRow = {
  entry_id: string;
  created_at: string;
  org_id: string | null;
  org_name: string | null;
  amount: string;
  reference_type: string;
  reference_id: string;
  memo: string | null;
  memo_key: string | null;
  memo_params: Record<string, string> | null;
};

export async function movementsPage(tx: Tx, f: MovementFilter, limit: number, offset: number) {
  const rows = await tx.execute(sql`
    select m.entry_id::text as entry_id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, m.org_id,
      ${organizations.name} as org_name, m.amount::text as amount, m.reference_type, m.reference_id,
      m.memo, m.memo_key, m.memo_params
    from ${movements(f)} m
    left join ${organizations} on ${organizations.id} = m.org_id
    order by m.created_at desc, m.entry_id desc
    limit ${limit} offset ${offset}`);
  return rowsOf<MovementRow>(rows);
}

/** How many entries the filter holds and their sum (bigint units as text). */
export async function movementsTotal(tx: Tx, f: MovementFilter) {
  const rows = await tx.execute(
    sql`select count(*)::int as n, coalesce(sum(m.amount), 0)::text as sum from ${movements(f)} m`,
  );
  return rowsOf<{ n: number; sum: string }>(rows);
}

/**
 * Resources that exist (not deleted) per kind, catalogue product and status, with the product's
 * names; a resource ordered before it had a product (or a third-party one) has a null product.
 * "Exist" is the operators' resource list's condition, so each cell is its filtered list's total.
 */
export async function resourcesByProduct(tx: Tx) {
  const rows = await tx
    .select({
      kind: resources.kind,
      productId: resources.productId,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      status: resources.status,
      n: sql<number>`count(*)::int`,
    })
    .from(resources)
    .leftJoin(products, eq(products.id, resources.productId))
    .where(existingResources())
    .groupBy(resources.kind, resources.productId, products.nameZh, products.nameEn, resources.status);
  return rows;
}

/**
 * Frozen resources (not deleted) by why they were frozen: their term expired, or arrears. The
 * conditions are the operators' resource list's (`frozenReason`), so each count is its list's total.
 */
export async function frozenResourcesByReason(tx: Tx) {
  return tx
    .select({ reason: resources.frozenReason, n: sql<number>`count(*)::int` })
    .from(resources)
    .where(and(existingResources(), frozenResources()))
    .groupBy(resources.frozenReason);
}
