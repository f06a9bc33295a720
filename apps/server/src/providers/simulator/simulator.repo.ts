// The simulator's SQL: the machines it pretends to run and the faults an operator armed. Each
// function takes the caller's transaction or handle first.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { simFaults, simInstances } from "./simulator.schema";

export type SimInstanceRow = typeof simInstances.$inferSelect;

/** Takes one armed fault of the operation, if any: its message. */
export async function takeFault(tx: Tx, operation: string): Promise<string | null> {
  const [fault] = await tx
    .update(simFaults)
    .set({ remaining: sql`${simFaults.remaining} - 1` })
    .where(and(eq(simFaults.operation, operation), gt(simFaults.remaining, 0)))
    .returning({ message: simFaults.message });
  return fault?.message ?? null;
}

/** Arms (or re-arms) a fault: the next `remaining` operations of that kind fail. */
export async function armFault(tx: Tx, row: typeof simFaults.$inferInsert): Promise<void> {
  await tx
    .insert(simFaults)
    .values(row)
    .onConflictDoUpdate({
      target: simFaults.operation,
      set: { remaining: row.remaining, message: row.message },
    });
}

export function listArmedFaults(tx: Tx) {
  return tx
    .select({ operation: simFaults.operation, remaining: simFaults.remaining, message: simFaults.message })
    .from(simFaults)
    .where(gt(simFaults.remaining, 0));
}

/** The instance, deleted or not. */
export async function findInstance(tx: Tx, ref: string): Promise<SimInstanceRow | undefined> {
  const [row] = await tx.select().from(simInstances).where(eq(simInstances.id, ref));
  return row;
}

export async function findLiveInstance(tx: Tx, ref: string): Promise<SimInstanceRow | undefined> {
  const [row] = await tx
    .select()
    .from(simInstances)
    .where(and(eq(simInstances.id, ref), isNull(simInstances.deletedAt)));
  return row;
}

export async function findInstanceByToken(tx: Tx, clientToken: string): Promise<SimInstanceRow | undefined> {
  const [row] = await tx.select().from(simInstances).where(eq(simInstances.clientToken, clientToken));
  return row;
}

/** Undefined when a concurrent create with the same client token won the insert. */
export async function insertInstance(
  tx: Tx,
  row: typeof simInstances.$inferInsert,
): Promise<SimInstanceRow | undefined> {
  const [inserted] = await tx.insert(simInstances).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateInstance(
  tx: Tx,
  ref: string,
  set: Partial<SimInstanceRow>,
): Promise<SimInstanceRow | undefined> {
  const [updated] = await tx.update(simInstances).set(set).where(eq(simInstances.id, ref)).returning();
  return updated;
}

/** Deleting what is already gone changes nothing. */
export async function markInstanceDeleted(tx: Tx, ref: string, at: Date): Promise<void> {
  await tx
    .update(simInstances)
    .set({ state: "deleted", targetState: "deleted", deletedAt: at })
    .where(and(eq(simInstances.id, ref), isNull(simInstances.deletedAt)));
}
