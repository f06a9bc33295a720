// The outbox table: notices are inserted in the business transaction that caused them and claimed
// by the delivery worker once committed.
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import { containsPattern } from "../db/like";
import { outboxMessages } from "./outbox.schema";

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type OutboxInsert = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(tx: Tx, row: OutboxInsert): Promise<void> {
  await tx.insert(outboxMessages).values(row);
}

/**
 * Claims up to `limit` messages that are due: pending ones whose next attempt has come, and
 * messages a worker claimed before `staleBefore` and never finished (it died mid-delivery).
 * SKIP LOCKED lets several instances claim side by side without taking the same row.
 */
export async function claimDue(tx: Tx, now: Date, staleBefore: Date, limit: number): Promise<OutboxRow[]> {
  const due = tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        and(
          eq(outboxMessages.status, "pending"),
          or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
        ),
        and(eq(outboxMessages.status, "sending"), lte(outboxMessages.claimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return tx
    .update(outboxMessages)
    .set({ status: "sending", claimedAt: now })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

export async function markDelivered(
  tx: Tx,
  id: string,
  status: "recorded" | "sent",
  at: Date,
  attempts: number,
  gatewayAnswer: string | null = null,
): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ status, deliveredAt: at, attempts, error: null, gatewayAnswer, claimedAt: null })
    .where(eq(outboxMessages.id, id));
}

/** A refused attempt: tried again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  tx: Tx,
  id: string,
  error: string,
  attempts: number,
  retryAt: Date | null,
  gatewayAnswer: string | null = null,
): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({
      status: retryAt ? "pending" : "failed",
      error,
      gatewayAnswer,
      attempts,
      nextAttemptAt: retryAt,
      claimedAt: null,
    })
    .where(eq(outboxMessages.id, id));
}

export type OutboxFilter = { channel?: "sms" | "email"; recipient?: string; status?: OutboxRow["status"] };

function conditions(filter: OutboxFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.channel) where.push(eq(outboxMessages.channel, filter.channel));
  if (filter.status) where.push(eq(outboxMessages.status, filter.status));
  if (filter.recipient) where.push(ilike(outboxMessages.recipient, containsPattern(filter.recipient)));
  return where.length ? and(...where) : undefined;
}

export function outboxPage(tx: Tx, filter: OutboxFilter, limit: number, offset: number) {
  return tx
    .select()
    .from(outboxMessages)
    .where(conditions(filter))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit)
    .offset(offset);
}

export function outboxCount(tx: Tx, filter: OutboxFilter) {
  return tx.select({ n: count() }).from(outboxMessages).where(conditions(filter));
}
