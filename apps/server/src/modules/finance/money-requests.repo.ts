// Manual recharges and voucher issues recorded under the four-eyes rule. Every method takes the
// caller's transaction (or the database handle when there is none).
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { storedFiles } from "../../platform/blobs/blobs.schema";
import type { Tx } from "../../platform/db/client";
import { organizations, users } from "../iam/iam.schema";
import { manualRecharges, voucherIssues } from "./finance.schema";

export type ManualRechargeRow = typeof manualRecharges.$inferSelect;
export type VoucherIssueRow = typeof voucherIssues.$inferSelect;
type Status = ManualRechargeRow["status"];
type Decision = { status: Status; decidedBy: string; decidedAt: Date; decisionRemark: string | null };

const requester = alias(users, "requester");
const decider = alias(users, "decider");
const people = { requestedByAccount: requester.account, decidedByAccount: decider.account };

export type Page<R> = { rows: R[]; total: number };
export type ListFilter = { status?: Status; orgId?: string; limit: number; offset: number };

/** An uploaded file's owner and purpose (the evidence of a manual recharge). */
export async function uploadedFile(tx: Tx, fileId: string) {
  const [row] = await tx
    .select({ id: storedFiles.id, ownerId: storedFiles.ownerId, purpose: storedFiles.purpose })
    .from(storedFiles)
    .where(eq(storedFiles.id, fileId));
  return row;
}

/** Whether a recharge that was not rejected already carries this evidence. */
export async function evidenceInUse(tx: Tx, fileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: manualRecharges.id })
    .from(manualRecharges)
    .where(and(eq(manualRecharges.evidenceFileId, fileId), ne(manualRecharges.status, "rejected")));
  return row !== undefined;
}

// Manual recharges

/** False when a concurrent recharge took the same evidence first (its unique index). */
export async function insertManualRecharge(
  tx: Tx,
  row: typeof manualRecharges.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(manualRecharges)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: manualRecharges.id });
  return inserted.length === 1;
}

export async function manualRechargeForUpdate(tx: Tx, id: string): Promise<ManualRechargeRow | undefined> {
  const [row] = await tx.select().from(manualRecharges).where(eq(manualRecharges.id, id)).for("update");
  return row;
}

export async function decideManualRecharge(
  tx: Tx,
  id: string,
  decision: Decision & { rechargeNo: string | null },
): Promise<void> {
  await tx.update(manualRecharges).set(decision).where(eq(manualRecharges.id, id));
}

const manualListed = (tx: Tx) =>
  tx
    .select({
      r: manualRecharges,
      orgName: organizations.name,
      evidenceName: storedFiles.name,
      evidenceContentType: storedFiles.contentType,
      ...people,
    })
    .from(manualRecharges)
    .leftJoin(organizations, eq(organizations.id, manualRecharges.orgId))
    .leftJoin(storedFiles, eq(storedFiles.id, manualRecharges.evidenceFileId))
    .leftJoin(requester, eq(requester.id, manualRecharges.requestedBy))
    .leftJoin(decider, eq(decider.id, manualRecharges.decidedBy));
export type ListedManualRecharge = Awaited<ReturnType<ReturnType<typeof manualListed>["where"]>>[number];

export async function manualRechargeById(tx: Tx, id: string): Promise<ListedManualRecharge | undefined> {
  const [row] = await manualListed(tx).where(eq(manualRecharges.id, id));
  return row;
}

export async function listManualRecharges(tx: Tx, filter: ListFilter): Promise<Page<ListedManualRecharge>> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(manualRecharges.status, filter.status));
  if (filter.orgId) where.push(eq(manualRecharges.orgId, filter.orgId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    manualListed(tx)
      .where(cond)
      .orderBy(desc(manualRecharges.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    tx.select({ n: count() }).from(manualRecharges).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

// Voucher issues

export async function insertVoucherIssue(tx: Tx, row: typeof voucherIssues.$inferInsert): Promise<void> {
  await tx.insert(voucherIssues).values(row);
}

export async function voucherIssueForUpdate(tx: Tx, id: string): Promise<VoucherIssueRow | undefined> {
  const [row] = await tx.select().from(voucherIssues).where(eq(voucherIssues.id, id)).for("update");
  return row;
}

export async function decideVoucherIssue(
  tx: Tx,
  id: string,
  decision: Decision & { batchNo: string | null },
): Promise<void> {
  await tx.update(voucherIssues).set(decision).where(eq(voucherIssues.id, id));
}

const issueListed = (tx: Tx) =>
  tx
    .select({ v: voucherIssues, orgName: organizations.name, ...people })
    .from(voucherIssues)
    .leftJoin(organizations, eq(organizations.id, voucherIssues.orgId))
    .leftJoin(requester, eq(requester.id, voucherIssues.requestedBy))
    .leftJoin(decider, eq(decider.id, voucherIssues.decidedBy));
export type ListedVoucherIssue = Awaited<ReturnType<ReturnType<typeof issueListed>["where"]>>[number];

export async function voucherIssueById(tx: Tx, id: string): Promise<ListedVoucherIssue | undefined> {
  const [row] = await issueListed(tx).where(eq(voucherIssues.id, id));
  return row;
}

export async function listVoucherIssues(tx: Tx, filter: ListFilter): Promise<Page<ListedVoucherIssue>> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(voucherIssues.status, filter.status));
  if (filter.orgId) where.push(eq(voucherIssues.orgId, filter.orgId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    issueListed(tx)
      .where(cond)
      .orderBy(desc(voucherIssues.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    tx.select({ n: count() }).from(voucherIssues).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
