// SQL of relational databases: their rows on the database server, and the `resources` row a
// database is made for.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { resources } from "../resources/resources.schema";
import { type RdsInstanceRow, rdsInstances } from "./rds.schema";

export async function findRdsInstance(tx: Tx, resourceId: string): Promise<RdsInstanceRow | undefined> {
  const [row] = await tx.select().from(rdsInstances).where(eq(rdsInstances.resourceId, resourceId));
  return row;
}

export function rdsInstancesOf(tx: Tx, resourceIds: string[]): Promise<RdsInstanceRow[]> {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return tx.select().from(rdsInstances).where(inArray(rdsInstances.resourceId, resourceIds));
}

export async function insertRdsInstance(tx: Tx, row: RdsInstanceRow): Promise<void> {
  await tx.insert(rdsInstances).values(row).onConflictDoNothing();
}

export async function setRdsPassword(tx: Tx, resourceId: string, sealed: string, now: Date): Promise<void> {
  await tx
    .update(rdsInstances)
    .set({ passwordSealed: sealed, updatedAt: now })
    .where(eq(rdsInstances.resourceId, resourceId));
}

export async function markRdsDropped(tx: Tx, resourceId: string, now: Date): Promise<void> {
  await tx
    .update(rdsInstances)
    .set({ droppedAt: now, updatedAt: now })
    .where(eq(rdsInstances.resourceId, resourceId));
}

/** The databases still on their server, with their resource's status. */
export function liveRdsInstances(tx: Tx) {
  return tx
    .select({ row: rdsInstances, status: resources.status })
    .from(rdsInstances)
    .innerJoin(resources, eq(resources.id, rdsInstances.resourceId))
    .where(and(isNull(rdsInstances.droppedAt), isNull(resources.deletedAt)));
}

export async function setRdsLogin(tx: Tx, resourceId: string, enabled: boolean, now: Date): Promise<void> {
  await tx
    .update(rdsInstances)
    .set({ loginEnabled: enabled, updatedAt: now })
    .where(eq(rdsInstances.resourceId, resourceId));
}

/** The resource a database is made for: its spec and status, or undefined. */
export async function rdsResource(tx: Tx, resourceId: string) {
  const [row] = await tx
    .select({
      id: resources.id,
      orgId: resources.orgId,
      spec: resources.spec,
      status: resources.status,
      deletedAt: resources.deletedAt,
    })
    .from(resources)
    .where(eq(resources.id, resourceId));
  return row;
}
