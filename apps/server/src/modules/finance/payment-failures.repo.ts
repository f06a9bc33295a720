// Verified payment notifications that could not be credited, kept for operators. Every method takes
// the caller's transaction (or the database handle when there is none).
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { organizations, users } from "../iam/iam.schema";
import { paymentFailures } from "./finance.schema";

export type PaymentFailureRow = typeof paymentFailures.$inferSelect;
export type ListedPaymentFailure = {
  f: PaymentFailureRow;
  orgName: string | null;
  resolvedByAccount: string | null;
};

/** Records a failure, or counts one more attempt of the same notice (and opens it again). */
export async function upsertPaymentFailure(
  tx: Tx,
  failure: {
    channel: PaymentFailureRow["channel"];
    rechargeNo: string;
    tradeNo: string;
    amount: bigint;
    noticeStatus: PaymentFailureRow["noticeStatus"];
    orgId: string | null;
    reason: string;
    detail: string | null;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = failure;
  await tx
    .insert(paymentFailures)
    .values({ id: newId(), ...rest, status: "open", attempts: 1, firstFailedAt: now, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [paymentFailures.channel, paymentFailures.tradeNo, paymentFailures.rechargeNo],
      set: {
        reason: rest.reason,
        detail: rest.detail,
        amount: rest.amount,
        noticeStatus: rest.noticeStatus,
        status: "open",
        attempts: sql`${paymentFailures.attempts} + 1`,
        lastFailedAt: now,
        resolvedAt: null,
        resolvedBy: null,
      },
    });
}

export async function paymentFailureForUpdate(tx: Tx, id: string): Promise<PaymentFailureRow | undefined> {
  const [row] = await tx.select().from(paymentFailures).where(eq(paymentFailures.id, id)).for("update");
  return row;
}

export async function resolvePaymentFailure(tx: Tx, id: string, actorId: string, now: Date): Promise<void> {
  await tx
    .update(paymentFailures)
    .set({ status: "resolved", resolvedAt: now, resolvedBy: actorId })
    .where(eq(paymentFailures.id, id));
}

function listed(tx: Tx) {
  return tx
    .select({ f: paymentFailures, orgName: organizations.name, resolvedByAccount: users.account })
    .from(paymentFailures)
    .leftJoin(organizations, eq(organizations.id, paymentFailures.orgId))
    .leftJoin(users, eq(users.id, paymentFailures.resolvedBy));
}

export async function paymentFailureById(tx: Tx, id: string): Promise<ListedPaymentFailure | undefined> {
  const [row] = await listed(tx).where(eq(paymentFailures.id, id));
  return row;
}

export async function listPaymentFailures(
  tx: Tx,
  filter: { status?: PaymentFailureRow["status"]; limit: number; offset: number },
): Promise<{ rows: ListedPaymentFailure[]; total: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(paymentFailures.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    listed(tx)
      .where(cond)
      .orderBy(desc(paymentFailures.lastFailedAt))
      .limit(filter.limit)
      .offset(filter.offset),
    tx.select({ n: count() }).from(paymentFailures).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
