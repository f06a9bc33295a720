// SQL of the dashboard's money cards: spend by product per local day and month, the spend of a
// recent window, the balance and the projects a caller may narrow the cards to. "Spend" is defined
// once, here: the actual amount (after discounts and coupons, whichever source paid it — cash,
// credit, vouchers or arrears) of every charge bill, prepaid or postpaid, less every refund bill
// (refund bills carry negative amounts, bills.repo.ts). Adjustments are not spend.
import { and, asc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { products } from "../catalog/catalog.schema";
import { projects } from "../iam/iam.schema";
import { bills, ledgerAccounts } from "../ledger/ledger.schema";
import { billScope, type OverviewScope } from "./overview.repo";

const spendBills = (s: OverviewScope) => and(billScope(s), inArray(bills.type, ["charge", "refund"]));

export type SpendRow = { period: string; productCode: string; amount: bigint };

/**
 * Spend per product and local day (`unit` day, from the day `from`, YYYY-MM-DD) or local month
 * (`unit` month, from the month `from`, YYYY-MM). A bill's month is its billing cycle, the local
 * month it was written in, which also keeps the scan on the (org, cycle) index.
 */
export async function spendByPeriod(
  tx: Tx,
  s: OverviewScope,
  q: { unit: "day" | "month"; from: string; timeZone: string },
): Promise<SpendRow[]> {
  const local = sql`(${bills.createdAt} at time zone ${q.timeZone})`;
  const period = q.unit === "day" ? sql`to_char(${local}, 'YYYY-MM-DD')` : sql`${bills.billingCycle}`;
  const fromCycle = q.from.slice(0, 7);
  const rows = await tx.execute(sql`
    select ${period} as period, ${bills.productCode} as product_code, sum(${bills.actualAmount})::text as amount
    from ${bills}
    where ${and(
      spendBills(s),
      gte(bills.billingCycle, fromCycle),
      q.unit === "day" ? sql`${local} >= ${q.from}::timestamp` : undefined,
    )}
    group by 1, 2`);
  return rowsOf<{ period: string; product_code: string; amount: string }>(rows).map((r) => ({
    period: r.period,
    productCode: r.product_code,
    amount: BigInt(r.amount),
  }));
}

/** Spend of bills written after `since` up to `until`. */
export async function spendBetween(tx: Tx, s: OverviewScope, since: Date, until: Date): Promise<bigint> {
  const [row] = await tx
    .select({ amount: sql<string>`coalesce(sum(${bills.actualAmount}), 0)::text` })
    .from(bills)
    .where(and(spendBills(s), gt(bills.createdAt, since), lte(bills.createdAt, until)));
  return BigInt(row?.amount ?? "0");
}

/**
 * A product code's names: the catalogue's, or, for a code the catalogue does not hold (a line
 * billed under a resource kind), the names its bills carry.
 */
export async function productNames(tx: Tx, orgId: string, codes: string[]) {
  if (codes.length === 0) return new Map<string, { zh: string; en: string }>();
  const [catalogue, billed] = await Promise.all([
    tx
      .select({ code: products.code, zh: products.nameZh, en: products.nameEn })
      .from(products)
      .where(inArray(products.code, codes)),
    tx
      .select({
        code: bills.productCode,
        zh: sql<string>`min(${bills.productName})`,
        en: sql<string>`min(${bills.productNameEn})`,
      })
      .from(bills)
      .where(and(eq(bills.orgId, orgId), inArray(bills.productCode, codes)))
      .groupBy(bills.productCode),
  ]);
  return new Map([...billed, ...catalogue].map((r) => [r.code, { zh: r.zh, en: r.en }]));
}

/** The balance of the account card: cash less what is owed (the arrears account is 0 or below). */
export async function balanceOf(tx: Tx, orgId: string): Promise<bigint> {
  const [row] = await tx
    .select({ amount: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.orgId, orgId), inArray(ledgerAccounts.kind, ["cash", "arrears"])));
  return BigInt(row?.amount ?? "0");
}

/** The organisation's projects, or only those listed, by name. */
export function projectsOf(tx: Tx, orgId: string, only?: string[]) {
  return tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), only ? inArray(projects.id, only.length ? only : [""]) : undefined))
    .orderBy(asc(projects.name), asc(projects.id));
}
