// Idempotency keys (idempotency.ts): every function takes the caller's transaction (or the handle).
import { eq } from "drizzle-orm";
import type { Tx } from "./db/client";
import { idempotencyKeys } from "./db/platform.schema";

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/** Records a new key; false when the key exists already. */
export async function insertKeyIfNew(
  tx: Tx,
  row: { scopeKey: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ scopeKey: idempotencyKeys.scopeKey });
  return inserted.length > 0;
}

/** The key's row, locked until the transaction ends (concurrent duplicates wait here). */
export async function keyForUpdate(tx: Tx, scopeKey: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scopeKey, scopeKey))
    .for("update");
  return row;
}

export async function findKey(tx: Tx, scopeKey: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopeKey, scopeKey));
  return row;
}

/** Starts an expired key over for new parameters. */
export async function restartKey(tx: Tx, scopeKey: string, requestHash: string, now: Date): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ requestHash, createdAt: now, response: null })
    .where(eq(idempotencyKeys.scopeKey, scopeKey));
}

export async function storeResponse(tx: Tx, scopeKey: string, response: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.scopeKey, scopeKey));
}
