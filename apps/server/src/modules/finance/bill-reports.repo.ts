// Bills as tenants and operators read and export them, and the export tasks. (Bills are written
// with the money that moved them: ledger/bills.repo.ts.) Every function takes the caller's
// transaction (or the handle outside one).
import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations } from "../iam/iam.schema";
import { bills } from "../ledger/ledger.schema";
import { downloadTasks } from "./finance.schema";

export type BillRow = typeof bills.$inferSelect;
export type ListedBill = { b: BillRow; orgName: string | null };
export type BillFilter = { orgId?: string; billingCycle?: string; type?: BillRow["type"]; orderNo?: string };
export type ExportPeriod = { orgId: string | undefined; start: string; end: string };
export type DownloadTaskRow = typeof downloadTasks.$inferSelect;

const listed = (tx: Tx) =>
  tx
    .select({ b: bills, orgName: organizations.name })
    .from(bills)
    .leftJoin(organizations, eq(organizations.id, bills.orgId));

function conditions(f: BillFilter) {
  const where: SQL[] = [];
  if (f.orgId) where.push(eq(bills.orgId, f.orgId));
  if (f.billingCycle) where.push(eq(bills.billingCycle, f.billingCycle));
  if (f.type) where.push(eq(bills.type, f.type));
  if (f.orderNo) where.push(eq(bills.orderNo, f.orderNo));
  return where.length ? and(...where) : undefined;
}

export function billsPage(tx: Tx, f: BillFilter, limit: number, offset: number): Promise<ListedBill[]> {
  return listed(tx)
    .where(conditions(f))
    .orderBy(desc(bills.createdAt), desc(bills.billNo))
    .limit(limit)
    .offset(offset);
}

export function billsCount(tx: Tx, f: BillFilter) {
  return tx.select({ n: count() }).from(bills).where(conditions(f));
}

/** A bill by number, of one organisation (or of any for operators). */
export function listedBill(tx: Tx, orgId: string | undefined, billNo: string): Promise<ListedBill[]> {
  return listed(tx).where(and(eq(bills.billNo, billNo), orgId ? eq(bills.orgId, orgId) : undefined));
}

/** Each billing cycle's count and sums (as decimal strings), newest cycle first. */
export function cycleTotals(tx: Tx, orgId: string | undefined) {
  return tx
    .select({
      billingCycle: bills.billingCycle,
      count: count(),
      originalAmount: sql<string>`sum(${bills.originalAmount})::text`,
      discountAmount: sql<string>`sum(${bills.discountAmount})::text`,
      contractDiscount: sql<string>`sum(${bills.contractDiscount})::text`,
      couponDeduction: sql<string>`sum(${bills.couponDeduction})::text`,
      actualAmount: sql<string>`sum(${bills.actualAmount})::text`,
      cashAmount: sql<string>`sum(${bills.cashAmount})::text`,
      creditAmount: sql<string>`sum(${bills.creditAmount})::text`,
      voucherAmount: sql<string>`sum(${bills.voucherAmount})::text`,
      arrearsAmount: sql<string>`sum(${bills.arrearsAmount})::text`,
      refundAmount: sql<string>`sum(${bills.refundAmount})::text`,
      adjustmentAmount: sql<string>`sum(${bills.adjustmentAmount})::text`,
    })
    .from(bills)
    .where(orgId ? eq(bills.orgId, orgId) : undefined)
    .groupBy(bills.billingCycle)
    .orderBy(desc(bills.billingCycle));
}

const inPeriod = (p: ExportPeriod) =>
  and(
    p.orgId ? eq(bills.orgId, p.orgId) : undefined,
    gte(bills.billingCycle, p.start),
    lte(bills.billingCycle, p.end),
  );

export async function countBillsInPeriod(tx: Tx, p: ExportPeriod): Promise<number> {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(bills).where(inPeriod(p));
  return n;
}

/**
 * One keyset page of an export, in bill-number order. With sorting disabled for this statement
 * the planner walks an index in that order (bills_org_bill_no for one organisation, the bill
 * number's unique index for all), reading each row once over the whole export. Left to itself
 * without statistics (right after a bulk load) it reads every remaining bill of the period and
 * sorts it for every page: quadratic (docs/performance.md "Bill export"). `set local` lasts until
 * the end of `tx`, which must be a transaction of its own.
 */
export type ExportedBill = Awaited<ReturnType<typeof exportPage>>[number];

export async function exportPage(tx: Tx, p: ExportPeriod, after: string, size: number) {
  await tx.execute(sql`set local enable_sort = off`);
  return tx
    .select({
      billNo: bills.billNo,
      billingCycle: bills.billingCycle,
      type: bills.type,
      productName: bills.productName,
      productNameEn: bills.productNameEn,
      orderNo: bills.orderNo,
      chargeType: bills.chargeType,
      originalAmount: bills.originalAmount,
      discountAmount: bills.discountAmount,
      contractDiscount: bills.contractDiscount,
      couponDeduction: bills.couponDeduction,
      actualAmount: bills.actualAmount,
      cashAmount: bills.cashAmount,
      creditAmount: bills.creditAmount,
      voucherAmount: bills.voucherAmount,
      arrearsAmount: bills.arrearsAmount,
      refundAmount: bills.refundAmount,
      adjustmentAmount: bills.adjustmentAmount,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(and(inPeriod(p), gt(bills.billNo, after)))
    .orderBy(asc(bills.billNo))
    .limit(size);
}

// Download tasks

export async function insertDownloadTask(
  tx: Tx,
  row: typeof downloadTasks.$inferInsert,
): Promise<DownloadTaskRow> {
  const [task] = await tx.insert(downloadTasks).values(row).returning();
  return task!;
}

export async function updateDownloadTask(
  tx: Tx,
  id: string,
  change: Partial<Pick<DownloadTaskRow, "status" | "progress" | "rows" | "error" | "finishedAt">>,
): Promise<void> {
  await tx.update(downloadTasks).set(change).where(eq(downloadTasks.id, id));
}

export function userDownloadTasks(tx: Tx, userId: string, limit: number): Promise<DownloadTaskRow[]> {
  return tx
    .select()
    .from(downloadTasks)
    .where(eq(downloadTasks.userId, userId))
    .orderBy(desc(downloadTasks.createdAt))
    .limit(limit);
}

export async function userDownloadTask(
  tx: Tx,
  userId: string,
  id: string,
): Promise<DownloadTaskRow | undefined> {
  const [task] = await tx
    .select()
    .from(downloadTasks)
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.userId, userId)));
  return task;
}

/** Exports still generating (cut off by a stop) become failed. */
export async function failGeneratingTasks(tx: Tx, now: Date): Promise<void> {
  await tx
    .update(downloadTasks)
    .set({ status: "failed", error: "interrupted by a restart", finishedAt: now })
    .where(eq(downloadTasks.status, "generating"));
}
