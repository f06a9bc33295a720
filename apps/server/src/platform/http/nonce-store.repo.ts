// Request nonces shared by several instances on a PostgreSQL server (nonce-store.ts).
import { lt, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { requestNonces } from "../db/platform.schema";

export async function deleteExpiredNonces(tx: Tx, now: Date): Promise<void> {
  await tx.delete(requestNonces).where(lt(requestNonces.expiresAt, now));
}

/**
 * Claims the nonce until `expiresAt`: a row past its expiry may be reused, a live one means a
 * replay. Whether the claim succeeded.
 */
export async function claimNonce(tx: Tx, nonce: string, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(requestNonces)
    .values({ nonce, expiresAt })
    .onConflictDoUpdate({
      target: requestNonces.nonce,
      set: { expiresAt },
      setWhere: sql`${requestNonces.expiresAt} <= ${now}`,
    })
    .returning({ nonce: requestNonces.nonce });
  return rows.length === 1;
}
