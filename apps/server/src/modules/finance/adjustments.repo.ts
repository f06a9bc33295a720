// Balance adjustments' SQL. Every function takes the caller's transaction (or the handle outside one).
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/client";
import { organizations, users } from "../iam/iam.schema";
import { balanceAdjustments } from "./finance.schema";

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type NewAdjustment = typeof balanceAdjustments.$inferInsert;
export type ListedAdjustment = {
  a: AdjustmentRow;
  orgName: string | null;
  requestedByAccount: string | null;
  decidedByAccount: string | null;
};
export type AdjustmentFilter = { status?: AdjustmentRow["status"]; orgId?: string };

// Operators read who asked and who decided by account name, not by id.
const requester = alias(users, "requester");
const decider = alias(users, "decider");

const listed = (tx: Tx) =>
  tx
    .select({
      a: balanceAdjustments,
      orgName: organizations.name,
      requestedByAccount: requester.account,
      decidedByAccount: decider.account,
    })
    .from(balanceAdjustments)
    .leftJoin(organizations, eq(organizations.id, balanceAdjustments.orgId))
    .leftJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));

export async function insertAdjustment(tx: Tx, row: NewAdjustment): Promise<AdjustmentRow> {
  const [inserted] = await tx.insert(balanceAdjustments).values(row).returning();
  return inserted!;
}

export async function setAdjustmentEntry(tx: Tx, id: string, entryId: bigint): Promise<void> {
  await tx.update(balanceAdjustments).set({ entryId }).where(eq(balanceAdjustments.id, id));
}

export async function adjustmentForUpdate(tx: Tx, id: string): Promise<AdjustmentRow | undefined> {
  const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for("update");
  return row;
}

export async function decideAdjustment(
  tx: Tx,
  id: string,
  decision: {
    status: AdjustmentRow["status"];
    decidedBy: string;
    decidedAt: Date;
    decisionRemark: string;
    entryId: bigint | null;
  },
): Promise<void> {
  await tx.update(balanceAdjustments).set(decision).where(eq(balanceAdjustments.id, id));
}

export async function adjustmentById(tx: Tx, id: string): Promise<ListedAdjustment | undefined> {
  const [row] = await listed(tx).where(eq(balanceAdjustments.id, id));
  return row;
}

function conditions(f: AdjustmentFilter) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(balanceAdjustments.status, f.status));
  if (f.orgId) where.push(eq(balanceAdjustments.orgId, f.orgId));
  return where.length ? and(...where) : undefined;
}

export function adjustmentsPage(tx: Tx, f: AdjustmentFilter, limit: number, offset: number) {
  return listed(tx)
    .where(conditions(f))
    .orderBy(desc(balanceAdjustments.createdAt))
    .limit(limit)
    .offset(offset);
}

export function adjustmentsCount(tx: Tx, f: AdjustmentFilter) {
  return tx.select({ n: count() }).from(balanceAdjustments).where(conditions(f));
}
