// SQL of cache instances: their rows on the Redis server, the `resources` row an instance is made
// for, and what the sweep reads and records.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { resources } from "../resources/resources.schema";
import { type CacheInstanceRow, cacheInstances } from "./cache.schema";

export async function findCacheInstance(tx: Tx, resourceId: string): Promise<CacheInstanceRow | undefined> {
  const [row] = await tx.select().from(cacheInstances).where(eq(cacheInstances.resourceId, resourceId));
  return row;
}

export function cacheInstancesOf(tx: Tx, resourceIds: string[]): Promise<CacheInstanceRow[]> {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return tx.select().from(cacheInstances).where(inArray(cacheInstances.resourceId, resourceIds));
}

export async function insertCacheInstance(tx: Tx, row: typeof cacheInstances.$inferInsert): Promise<void> {
  await tx.insert(cacheInstances).values(row).onConflictDoNothing();
}

export async function setCachePassword(tx: Tx, resourceId: string, sealed: string, now: Date): Promise<void> {
  await tx
    .update(cacheInstances)
    .set({ passwordSealed: sealed, updatedAt: now })
    .where(eq(cacheInstances.resourceId, resourceId));
}

/** What the sweep measured and applied, or another memory plan. */
export async function setCacheAccess(
  tx: Tx,
  resourceId: string,
  set: Partial<Pick<CacheInstanceRow, "usedBytes" | "measuredAt" | "enabled" | "writesPaused" | "planBytes">>,
  now: Date,
): Promise<void> {
  await tx
    .update(cacheInstances)
    .set({ ...set, updatedAt: now })
    .where(eq(cacheInstances.resourceId, resourceId));
}

export async function markCacheDropped(tx: Tx, resourceId: string, now: Date): Promise<void> {
  await tx
    .update(cacheInstances)
    .set({ droppedAt: now, updatedAt: now })
    .where(eq(cacheInstances.resourceId, resourceId));
}

/** The instances still on the server, with their resource's status (the sweep's work list). */
export function liveCacheInstances(tx: Tx) {
  return tx
    .select({ row: cacheInstances, status: resources.status })
    .from(cacheInstances)
    .innerJoin(resources, eq(resources.id, cacheInstances.resourceId))
    .where(and(isNull(cacheInstances.droppedAt), isNull(resources.deletedAt)));
}

/** The resource an instance is made for: its spec and status, or undefined. */
export async function cacheResource(tx: Tx, resourceId: string) {
  const [row] = await tx
    .select({ id: resources.id, spec: resources.spec, status: resources.status })
    .from(resources)
    .where(eq(resources.id, resourceId));
  return row;
}
