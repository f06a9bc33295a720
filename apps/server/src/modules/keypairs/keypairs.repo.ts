// The key pairs' SQL, every query scoped by organisation; each function takes the caller's transaction.
import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { projects } from "../iam/iam.schema";
import { keyPairs } from "./keypairs.schema";

export type KeyPairRow = typeof keyPairs.$inferSelect & { projectName: string | null };

const columns = {
  id: keyPairs.id,
  orgId: keyPairs.orgId,
  projectId: keyPairs.projectId,
  name: keyPairs.name,
  publicKey: keyPairs.publicKey,
  fingerprint: keyPairs.fingerprint,
  keyType: keyPairs.keyType,
  createdBy: keyPairs.createdBy,
  createdAt: keyPairs.createdAt,
  projectName: projects.name,
};

function listWhere(orgId: string, keyword: string | undefined) {
  return keyword
    ? and(eq(keyPairs.orgId, orgId), ilike(keyPairs.name, containsPattern(keyword)))
    : eq(keyPairs.orgId, orgId);
}

export function listKeyPairs(
  tx: Tx,
  orgId: string,
  keyword: string | undefined,
  limit: number,
  offset: number,
) {
  return tx
    .select(columns)
    .from(keyPairs)
    .leftJoin(projects, eq(projects.id, keyPairs.projectId))
    .where(listWhere(orgId, keyword))
    .orderBy(desc(keyPairs.createdAt), keyPairs.id)
    .limit(limit)
    .offset(offset);
}

export function countKeyPairs(tx: Tx, orgId: string, keyword: string | undefined) {
  return tx.select({ n: count() }).from(keyPairs).where(listWhere(orgId, keyword));
}

export async function findKeyPair(tx: Tx, orgId: string, id: string): Promise<KeyPairRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(keyPairs)
    .leftJoin(projects, eq(projects.id, keyPairs.projectId))
    .where(and(eq(keyPairs.orgId, orgId), eq(keyPairs.id, id)));
  return row;
}

/** The name of the organisation's project; undefined for another organisation's. */
export async function findProjectName(tx: Tx, orgId: string, projectId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row?.name;
}

/** Names are unique per organisation, whatever their case. */
export async function keyPairNameTaken(tx: Tx, orgId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: keyPairs.id })
    .from(keyPairs)
    .where(and(eq(keyPairs.orgId, orgId), sql`lower(${keyPairs.name}) = lower(${name})`));
  return row !== undefined;
}

/** Undefined when the name was taken meanwhile (the unique index decides a race). */
export async function insertKeyPair(tx: Tx, row: typeof keyPairs.$inferInsert) {
  const [inserted] = await tx.insert(keyPairs).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function deleteKeyPair(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .delete(keyPairs)
    .where(and(eq(keyPairs.orgId, orgId), eq(keyPairs.id, id)))
    .returning();
  return row;
}
