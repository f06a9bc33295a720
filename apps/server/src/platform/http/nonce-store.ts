import type { Db } from "../db/client";
import { claimNonce, deleteExpiredNonces } from "./nonce-store.repo";

/** Remembers request nonces long enough to outlive the signature window. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

export type NonceStore = { claim(nonce: string, now: Date): Promise<boolean> };

// The embedded database belongs to one process, so its nonces can live in memory.
export function memoryNonceStore(): NonceStore {
  const seen = new Map<string, number>();
  let lastSweep = 0;
  return {
    async claim(nonce, now) {
      const t = now.getTime();
      if (t - lastSweep > 60_000) {
        for (const [n, exp] of seen) if (exp <= t) seen.delete(n);
        lastSweep = t;
      }
      const exp = seen.get(nonce);
      if (exp !== undefined && exp > t) return false;
      seen.set(nonce, t + NONCE_TTL_MS);
      return true;
    },
  };
}

// On a PostgreSQL server several instances share nonces through a table.
export function databaseNonceStore(db: Db): NonceStore {
  let lastSweep = 0;
  return {
    async claim(nonce, now) {
      if (now.getTime() - lastSweep > 60_000) {
        lastSweep = now.getTime();
        await deleteExpiredNonces(db, now);
      }
      return claimNonce(db, nonce, now, new Date(now.getTime() + NONCE_TTL_MS));
    },
  };
}
