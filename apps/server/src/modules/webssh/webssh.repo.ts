// SQL of remote login: the host keys recorded on first use.
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { webSshHostKeys } from "./webssh.schema";

export type HostKeyRow = typeof webSshHostKeys.$inferSelect;

export async function findHostKey(tx: Tx, resourceId: string): Promise<HostKeyRow | undefined> {
  const [row] = await tx.select().from(webSshHostKeys).where(eq(webSshHostKeys.resourceId, resourceId));
  return row;
}

/**
 * Records the host's key unless one is recorded already (two first logins at once: the first one
 * wins); answers the key recorded after the call.
 */
export async function recordHostKey(tx: Tx, row: HostKeyRow): Promise<HostKeyRow> {
  await tx.insert(webSshHostKeys).values(row).onConflictDoNothing();
  return (await findHostKey(tx, row.resourceId)) ?? row;
}

/** Forgets the host's recorded key; the one forgotten, if there was one. */
export async function deleteHostKey(tx: Tx, resourceId: string): Promise<HostKeyRow | undefined> {
  const [row] = await tx.delete(webSshHostKeys).where(eq(webSshHostKeys.resourceId, resourceId)).returning();
  return row;
}
