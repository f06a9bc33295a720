// The simulated network service's SQL. Each function takes the caller's transaction first.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { type SimNetworkKind, simNetworkObjects } from "./simulator-network.schema";

export type SimNetworkRow = typeof simNetworkObjects.$inferSelect;

/** Serialises every change to one simulated project until the transaction ends. */
export async function lockSimProject(tx: Tx, project: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sim_net:${project}`}))`);
}

export async function findSimObject(tx: Tx, ref: string): Promise<SimNetworkRow | undefined> {
  const [row] = await tx.select().from(simNetworkObjects).where(eq(simNetworkObjects.ref, ref));
  return row;
}

export async function findSimObjectByToken(tx: Tx, clientToken: string): Promise<SimNetworkRow | undefined> {
  const [row] = await tx
    .select()
    .from(simNetworkObjects)
    .where(eq(simNetworkObjects.clientToken, clientToken));
  return row;
}

export function listSimObjects(tx: Tx, project: string, kind: SimNetworkKind): Promise<SimNetworkRow[]> {
  return tx
    .select()
    .from(simNetworkObjects)
    .where(and(eq(simNetworkObjects.project, project), eq(simNetworkObjects.kind, kind)))
    .orderBy(simNetworkObjects.createdAt, simNetworkObjects.ref);
}

export function listSimChildren(tx: Tx, parentRef: string, kind: SimNetworkKind): Promise<SimNetworkRow[]> {
  return tx
    .select()
    .from(simNetworkObjects)
    .where(and(eq(simNetworkObjects.parentRef, parentRef), eq(simNetworkObjects.kind, kind)))
    .orderBy(simNetworkObjects.createdAt, simNetworkObjects.ref);
}

export async function insertSimObject(tx: Tx, row: typeof simNetworkObjects.$inferInsert): Promise<void> {
  await tx.insert(simNetworkObjects).values(row);
}

export async function updateSimBody(tx: Tx, ref: string, body: Record<string, unknown>): Promise<void> {
  await tx.update(simNetworkObjects).set({ body }).where(eq(simNetworkObjects.ref, ref));
}

export async function deleteSimObject(tx: Tx, ref: string): Promise<void> {
  await tx.delete(simNetworkObjects).where(eq(simNetworkObjects.ref, ref));
}
