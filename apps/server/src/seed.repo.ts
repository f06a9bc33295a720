// The seed's SQL (seed.ts): configuration entries, dictionaries, policy texts and the demo's rows.
// Each function takes the caller's transaction or handle first; every write is safe to repeat.
import { eq } from "drizzle-orm";
import { dictItems, policyDocuments, systemConfigs } from "./modules/config/config.schema";
import { organizations, permissionSets, userPermissionSets, users } from "./modules/iam/iam.schema";
import { invitationCodes } from "./modules/invitations/invitations.schema";
import type { Tx } from "./platform/db/client";

/** Operators own the values; a release may change what an entry is and who may read it. */
export async function upsertConfigEntry(tx: Tx, row: typeof systemConfigs.$inferInsert): Promise<void> {
  await tx
    .insert(systemConfigs)
    .values(row)
    .onConflictDoUpdate({
      target: systemConfigs.configKey,
      set: { configType: row.configType, description: row.description, isPublic: row.isPublic },
    });
}

export async function upsertDictItem(tx: Tx, row: typeof dictItems.$inferInsert): Promise<void> {
  await tx
    .insert(dictItems)
    .values(row)
    .onConflictDoUpdate({
      target: [dictItems.category, dictItems.code],
      set: { labelZh: row.labelZh, labelEn: row.labelEn },
    });
}

export async function insertPolicyDocumentIfMissing(
  tx: Tx,
  row: typeof policyDocuments.$inferInsert,
): Promise<void> {
  await tx.insert(policyDocuments).values(row).onConflictDoNothing();
}

export async function userExists(tx: Tx, id: string): Promise<boolean> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return existing !== undefined;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row);
}

export async function insertUserIfMissing(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row).onConflictDoNothing();
}

export async function insertOrganization(tx: Tx, row: typeof organizations.$inferInsert): Promise<void> {
  await tx.insert(organizations).values(row);
}

/** A custom permission set and the one user holding it. */
export async function insertPermissionSetFor(
  tx: Tx,
  set: typeof permissionSets.$inferInsert & { id: string },
  userId: string,
): Promise<void> {
  await tx.insert(permissionSets).values(set);
  await tx.insert(userPermissionSets).values({ userId, permissionSetId: set.id });
}

export async function insertInvitationCodeIfMissing(
  tx: Tx,
  row: typeof invitationCodes.$inferInsert,
): Promise<void> {
  await tx.insert(invitationCodes).values(row).onConflictDoNothing();
}
