// Idempotency keys for money-moving calls: the first answer is stored in the same transaction as
// the effect and replayed for 24 hours; the same key with other parameters is refused.
// Concurrent duplicates wait on the key's row and then replay, so only one effect happens.
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Clock } from "./clock";
import type { Db } from "./db/client";
import { DomainError } from "./http/errors";
import { findKey, insertKeyIfNew, keyForUpdate, restartKey, storeResponse } from "./idempotency.repo";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function idempotencyKeyOf(req: FastifyRequest): string {
  const key = req.headers["idempotency-key"];
  if (typeof key !== "string" || !/^[\w.:-]{8,128}$/.test(key)) {
    throw new DomainError("IDEMPOTENCY_KEY_REQUIRED");
  }
  return key;
}

const hashOf = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)))
    .digest("hex");

/**
 * Runs `effect` once per (scope, key). `scope` names the caller (e.g. an organisation and the
 * operation) so that two tenants' keys never meet.
 */
export async function once<T>(
  db: Db,
  clock: Clock,
  scope: string,
  key: string,
  params: unknown,
  effect: (tx: Db) => Promise<T>,
): Promise<T> {
  const scopeKey = `${scope}|${key}`;
  const requestHash = hashOf(params);
  return db.transaction(async (tx) => {
    const now = clock.now();
    if (!(await insertKeyIfNew(tx, { scopeKey, requestHash, createdAt: now }))) {
      const existing = await keyForUpdate(tx, scopeKey);
      if (existing && now.getTime() - existing.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) {
        // An expired key starts over.
        await restartKey(tx, scopeKey, requestHash, now);
      } else {
        if (!existing || existing.requestHash !== requestHash) throw new DomainError("IDEMPOTENCY_CONFLICT");
        return existing.response as T;
      }
    }
    const result = await effect(tx);
    await storeResponse(tx, scopeKey, JSON.parse(JSON.stringify(result ?? null)));
    return result;
  });
}

/**
 * The answer a key already gave for these parameters, or null while the key is new, unanswered or
 * expired; the key used with other parameters is refused. For calls whose effect starts before
 * their transaction (a provider operation): a retry is answered without starting it again.
 */
export async function replayed<T>(
  db: Db,
  clock: Clock,
  scope: string,
  key: string,
  params: unknown,
): Promise<T | null> {
  const existing = await findKey(db, `${scope}|${key}`);
  if (!existing || existing.response === null) return null;
  if (clock.now().getTime() - existing.createdAt.getTime() >= IDEMPOTENCY_TTL_MS) return null;
  if (existing.requestHash !== hashOf(params)) throw new DomainError("IDEMPOTENCY_CONFLICT");
  return existing.response as T;
}
