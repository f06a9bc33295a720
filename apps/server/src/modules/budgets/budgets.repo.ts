// SQL of monthly budgets: the budgets and the organisation's settings, the notices already sent,
// and the spend a budget is measured against. Every function runs on the handle or transaction it
// is given.
import { and, asc, eq, exists, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { projects } from "../iam/iam.schema";
import { bills } from "../ledger/ledger.schema";
import { orders } from "../orders/orders.schema";
import { resources } from "../resources/resources.schema";
import { budgetNoticesSent, budgetSettings, budgets } from "./budgets.schema";

export type BudgetRow = typeof budgets.$inferSelect & { projectName: string | null };
export type BudgetNoticeRow = typeof budgetNoticesSent.$inferInsert;

const budgetColumns = {
  id: budgets.id,
  orgId: budgets.orgId,
  projectId: budgets.projectId,
  amount: budgets.amount,
  createdAt: budgets.createdAt,
  updatedAt: budgets.updatedAt,
  projectName: projects.name,
};

/** Budgets with their project's name: the organisation's first, then by project name. */
function selectBudgets(tx: Tx, where: SQL | undefined) {
  return tx
    .select(budgetColumns)
    .from(budgets)
    .leftJoin(projects, eq(projects.id, budgets.projectId))
    .where(where)
    .orderBy(sql`${budgets.projectId} is not null`, asc(projects.name), asc(budgets.id));
}

export const listBudgets = (tx: Tx, orgId: string) => selectBudgets(tx, eq(budgets.orgId, orgId));

/** Every organisation's budgets: what the lifecycle step evaluates. */
export const everyBudget = (tx: Tx) => selectBudgets(tx, undefined);

export async function findBudget(tx: Tx, orgId: string, id: string): Promise<BudgetRow | undefined> {
  const [row] = await selectBudgets(tx, and(eq(budgets.orgId, orgId), eq(budgets.id, id)));
  return row;
}

/** Inserts a budget; undefined when the organisation or the project already has one. */
export async function insertBudget(tx: Tx, row: typeof budgets.$inferInsert) {
  const [inserted] = await tx.insert(budgets).values(row).onConflictDoNothing().returning({ id: budgets.id });
  return inserted;
}

export async function updateBudgetAmount(tx: Tx, id: string, amount: bigint, at: Date) {
  await tx.update(budgets).set({ amount, updatedAt: at }).where(eq(budgets.id, id));
}

export async function deleteBudget(tx: Tx, id: string) {
  await tx.delete(budgets).where(eq(budgets.id, id));
}

/** The organisation's project of that id, if any. */
export async function findProject(tx: Tx, orgId: string, projectId: string) {
  const [row] = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row;
}

export async function forecastDaysOf(tx: Tx, orgId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ days: budgetSettings.forecastDays })
    .from(budgetSettings)
    .where(eq(budgetSettings.orgId, orgId));
  return row?.days;
}

export async function saveForecastDays(tx: Tx, orgId: string, forecastDays: number, at: Date) {
  await tx
    .insert(budgetSettings)
    .values({ orgId, forecastDays, updatedAt: at })
    .onConflictDoUpdate({ target: budgetSettings.orgId, set: { forecastDays, updatedAt: at } });
}

/** The organisations the forecast notice watches: those with a budget or a chosen horizon. */
export async function orgsWatchingForecast(tx: Tx): Promise<{ orgId: string; days: number | null }[]> {
  const rows = await tx.execute(sql`
    select o.org_id as "orgId", ${budgetSettings.forecastDays} as days
    from (select ${budgets.orgId} as org_id from ${budgets}
          union select ${budgetSettings.orgId} from ${budgetSettings}) o
    left join ${budgetSettings} on ${budgetSettings.orgId} = o.org_id`);
  return rowsOf<{ orgId: string; days: number | null }>(rows);
}

/** The notices of the month already sent for the organisation: scope and threshold. */
export function noticesSentIn(tx: Tx, orgId: string, month: string) {
  return tx
    .select({ scope: budgetNoticesSent.scope, threshold: budgetNoticesSent.threshold })
    .from(budgetNoticesSent)
    .where(and(eq(budgetNoticesSent.orgId, orgId), eq(budgetNoticesSent.month, month)));
}

/** Records a notice as sent; false when it already was (another step got there first). */
export async function recordNoticeSent(tx: Tx, row: BudgetNoticeRow): Promise<boolean> {
  const inserted = await tx
    .insert(budgetNoticesSent)
    .values(row)
    .onConflictDoNothing()
    .returning({ scope: budgetNoticesSent.scope });
  return inserted.length > 0;
}

/**
 * Bills carry no project: a bill is a project's when the order it was charged for is in the
 * project, or — for a resource without an order, whose metering writes the resource id as the
 * order number — when that resource is (the overview's rule, overview.repo.ts).
 */
function ofProject(projectId: string): SQL {
  const viaOrder = exists(
    sql`(select 1 from ${orders} where ${orders.orderNo} = ${bills.orderNo} and ${orders.projectId} = ${projectId})`,
  );
  const viaResource = exists(
    sql`(select 1 from ${resources} where ${resources.id} = ${bills.orderNo} and ${isNull(resources.orderId)} and ${resources.projectId} = ${projectId})`,
  );
  return or(viaOrder, viaResource)!;
}

/**
 * What was charged: every charge bill — prepaid orders, renewals, changes, metered hours — less
 * the refunds (signed negative), after discounts and coupons. Adjustments are not spend.
 */
async function spendWhere(tx: Tx, where: SQL | undefined): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${bills.actualAmount}), 0)::text` })
    .from(bills)
    .where(and(inArray(bills.type, ["charge", "refund"]), where));
  return BigInt(row?.total ?? "0");
}

/** Spend of a billing cycle (YYYY-MM, the business time zone's month), of one project or all. */
export function monthSpend(tx: Tx, orgId: string, projectId: string | null, month: string) {
  return spendWhere(
    tx,
    and(eq(bills.orgId, orgId), eq(bills.billingCycle, month), projectId ? ofProject(projectId) : undefined),
  );
}

/** The organisation's spend since an instant (the forecast's last 7 days). */
export function spendSince(tx: Tx, orgId: string, since: Date) {
  return spendWhere(tx, and(eq(bills.orgId, orgId), gte(bills.createdAt, since)));
}
