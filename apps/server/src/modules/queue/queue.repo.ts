// SQL of message-queue instances: their rows on the RabbitMQ server, the `resources` row an instance
// is made for, and what the sweep reads and records.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { resources } from "../resources/resources.schema";
import { type QueueInstanceRow, queueInstances } from "./queue.schema";

const byResource = (resourceId: string) => eq(queueInstances.resourceId, resourceId);

export async function findQueueInstance(tx: Tx, resourceId: string): Promise<QueueInstanceRow | undefined> {
  const [row] = await tx.select().from(queueInstances).where(byResource(resourceId));
  return row;
}

export function queueInstancesOf(tx: Tx, resourceIds: string[]): Promise<QueueInstanceRow[]> {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return tx.select().from(queueInstances).where(inArray(queueInstances.resourceId, resourceIds));
}

export async function insertQueueInstance(tx: Tx, row: typeof queueInstances.$inferInsert): Promise<void> {
  await tx.insert(queueInstances).values(row).onConflictDoNothing();
}

/** A new sealed password, the access applied, another plan, or the release, as of `now`. */
export async function updateQueueInstance(
  tx: Tx,
  resourceId: string,
  set: Partial<
    Pick<
      QueueInstanceRow,
      "passwordSealed" | "enabled" | "droppedAt" | "planId" | "maxQueues" | "maxConnections"
    >
  >,
  now: Date,
): Promise<void> {
  await tx
    .update(queueInstances)
    .set({ ...set, updatedAt: now })
    .where(byResource(resourceId));
}

/** The instances still on the server, with their resource's status (the sweep's work list). */
export function liveQueueInstances(tx: Tx) {
  return tx
    .select({ row: queueInstances, status: resources.status })
    .from(queueInstances)
    .innerJoin(resources, eq(resources.id, queueInstances.resourceId))
    .where(and(isNull(queueInstances.droppedAt), isNull(resources.deletedAt)));
}
