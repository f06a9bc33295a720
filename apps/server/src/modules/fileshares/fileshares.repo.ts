// SQL of file-share access rules, and the share's row locked while its rules change.
import { asc, count, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { resources } from "../resources/resources.schema";
import { type FileShareRuleRow, fileShareRules } from "./fileshares.schema";

export function rulesOf(tx: Tx, resourceId: string): Promise<FileShareRuleRow[]> {
  return tx
    .select()
    .from(fileShareRules)
    .where(eq(fileShareRules.resourceId, resourceId))
    .orderBy(asc(fileShareRules.priority), asc(fileShareRules.createdAt), asc(fileShareRules.id));
}

/** How many rules each share has. */
export async function ruleCounts(tx: Tx, resourceIds: string[]): Promise<Map<string, number>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await tx
    .select({ resourceId: fileShareRules.resourceId, n: count() })
    .from(fileShareRules)
    .where(inArray(fileShareRules.resourceId, resourceIds))
    .groupBy(fileShareRules.resourceId);
  return new Map(rows.map((r) => [r.resourceId, Number(r.n)]));
}

/** Locks the share's row: rule changes of one share are checked for overlaps one after another. */
export async function lockShare(tx: Tx, resourceId: string): Promise<void> {
  await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, resourceId)).for("update");
}

export async function insertRule(tx: Tx, row: FileShareRuleRow): Promise<void> {
  await tx.insert(fileShareRules).values(row);
}

export async function updateRule(
  tx: Tx,
  id: string,
  set: Pick<FileShareRuleRow, "cidr" | "access" | "priority" | "updatedAt">,
): Promise<FileShareRuleRow | undefined> {
  const [row] = await tx.update(fileShareRules).set(set).where(eq(fileShareRules.id, id)).returning();
  return row;
}

export async function deleteRule(tx: Tx, id: string): Promise<void> {
  await tx.delete(fileShareRules).where(eq(fileShareRules.id, id));
}

/** Where each share lives on the backend: its provider reference and the server's address. */
export async function shareBackends(
  tx: Tx,
  resourceIds: string[],
): Promise<Map<string, { providerRef: string | null; ipAddress: string | null }>> {
  if (resourceIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: resources.id, providerRef: resources.providerRef, ipAddress: resources.ipAddress })
    .from(resources)
    .where(inArray(resources.id, resourceIds));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}
