// SQL of the operators' dashboard: money moved per local day, read from the ledger's journal, and
// the resources that exist by product and status.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { products } from "../catalog/catalog.schema";
import { journalEntries, journalLines, ledgerAccounts } from "../ledger/ledger.schema";
import { resources } from "../resources/resources.schema";

/**
 * Per local day since `since` (bigint units as text). What each column sums, and why:
 * - revenue: the lines on the platform revenue account of charge entries — everything charged to
 *   tenants, whatever paid it (cash, credit, vouchers, or owed as arrears); refunds are not netted.
 * - topUps: the lines on tenants' own accounts of top-up entries — the money that arrived (online
 *   payments and manual recharges), whichever of the tenant's accounts it went to.
 * - refunds: the lines on the platform refunds account of refund entries, sign turned — what was
 *   given back to tenants' cash, credit or still-open vouchers.
 * - vouchers: the lines on voucher accounts of voucher-issue entries — the face value of the cash
 *   vouchers tenants received.
 */
export async function moneyByDay(tx: Tx, since: Date, timeZone: string) {
  const day = sql`to_char(${journalEntries.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const sumWhere = (entryKind: string, account: ReturnType<typeof sql>) =>
    sql`coalesce(sum(${journalLines.amount}) filter (where ${journalEntries.kind} = ${entryKind} and ${account}), 0)`;
  const rows = await tx.execute(sql`
    select ${day} as day,
      ${sumWhere("charge", sql`${ledgerAccounts.kind} = 'revenue'`)}::text as revenue,
      ${sumWhere("topup", sql`${ledgerAccounts.orgId} is not null`)}::text as top_ups,
      (-${sumWhere("refund", sql`${ledgerAccounts.kind} = 'refunds'`)})::text as refunds,
      ${sumWhere("voucher_issue", sql`${ledgerAccounts.kind} = 'voucher'`)}::text as vouchers
    from ${journalEntries}
    join ${journalLines} on ${journalLines.entryId} = ${journalEntries.id}
    join ${ledgerAccounts} on ${ledgerAccounts.id} = ${journalLines.accountId}
    where ${journalEntries.createdAt} >= ${since.toISOString()}::timestamptz
      and ${journalEntries.kind} in ('charge', 'topup', 'refund', 'voucher_issue')
    group by 1`);
  return rowsOf<{ day: string; revenue: string; top_ups: string; refunds: string; vouchers: string }>(rows);
}

/**
 * Resources that exist (not deleted) per kind, catalogue product and status, with the product's
 * names; a resource ordered before it had a product (or a third-party one) has a null product.
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
    .where(and(isNull(resources.deletedAt), ne(resources.status, "deleted")))
    .groupBy(resources.kind, resources.productId, products.nameZh, products.nameEn, resources.status);
  return rows;
}

/** Frozen resources (not deleted) by why they were frozen: their term expired, or arrears. */
export async function frozenResourcesByReason(tx: Tx) {
  return tx
    .select({ reason: resources.frozenReason, n: sql<number>`count(*)::int` })
    .from(resources)
    .where(and(isNull(resources.deletedAt), eq(resources.status, "frozen")))
    .groupBy(resources.frozenReason);
}
