import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { accessKeys, users } from "../iam/iam.schema";

export type AccessKeyRecord = typeof accessKeys.$inferSelect;

const ownKey = (userId: string, id: string) => and(eq(accessKeys.userId, userId), eq(accessKeys.id, id));

const keysQuery = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(accessKeys)
    .where(eq(accessKeys.userId, userId))
    .orderBy(desc(accessKeys.createdAt), accessKeys.id);

export const keysOf = (tx: Tx, userId: string, limit: number, offset: number) =>
  keysQuery(tx, userId).limit(limit).offset(offset);

export const allKeysOf = (tx: Tx, userId: string) => keysQuery(tx, userId);

export function countKeysOf(tx: Tx, userId: string) {
  return tx.select({ n: count() }).from(accessKeys).where(eq(accessKeys.userId, userId));
}

/** Serialises key creation per user (the limit is counted under this lock). */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length === 1;
}

export async function insertKey(tx: Tx, row: typeof accessKeys.$inferInsert): Promise<AccessKeyRecord> {
  const [inserted] = await tx.insert(accessKeys).values(row).returning();
  return inserted!;
}

export async function setKeyStatus(
  tx: Tx,
  userId: string,
  id: string,
  status: AccessKeyRecord["status"],
): Promise<AccessKeyRecord | undefined> {
  const [row] = await tx.update(accessKeys).set({ status }).where(ownKey(userId, id)).returning();
  return row;
}

export async function deleteKey(tx: Tx, userId: string, id: string): Promise<AccessKeyRecord | undefined> {
  const [row] = await tx.delete(accessKeys).where(ownKey(userId, id)).returning();
  return row;
}

/** The key and its user, read fresh on every request so that a change applies at once everywhere. */
export async function keyWithUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({ key: accessKeys, user: users })
    .from(accessKeys)
    .innerJoin(users, eq(users.id, accessKeys.userId))
    .where(eq(accessKeys.id, id));
  return row;
}

/** Records the last use unless one was recorded since `since` (several instances may race: one wins). */
export async function markUsed(tx: Tx, id: string, at: Date, ip: string, since: Date): Promise<void> {
  await tx
    .update(accessKeys)
    .set({ lastUsedAt: at, lastUsedIp: ip })
    .where(and(eq(accessKeys.id, id), or(isNull(accessKeys.lastUsedAt), lt(accessKeys.lastUsedAt, since))));
}
