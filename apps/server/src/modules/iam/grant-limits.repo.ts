// Queries behind the grant limits (grant-limits.ts): which codes a set or a group would hand out,
// whether a group is the organisation's administrator group, whether a set is granted to anyone.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { ADMINISTRATOR_GROUP_KEY } from "./data-scope";
import { permissionSets, userGroupPermissionSets, userGroups, userPermissionSets, users } from "./iam.schema";

/** The union of the codes of the sets `setIds`. */
export async function codesOfSets(tx: Tx, setIds: readonly string[]): Promise<string[]> {
  if (setIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ code: sql<string>`unnest(${permissionSets.codes})` })
    .from(permissionSets)
    .where(inArray(permissionSets.id, [...setIds]));
  return rows.map((r) => r.code);
}

/** The union of the codes the groups `groupIds` grant their members. */
export async function codesOfGroups(tx: Tx, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ code: sql<string>`unnest(${permissionSets.codes})` })
    .from(userGroupPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, userGroupPermissionSets.permissionSetId))
    .where(inArray(userGroupPermissionSets.groupId, [...groupIds]));
  return rows.map((r) => r.code);
}

/** Whether one of the groups is the organisation's built-in administrator group (tenant-wide scope). */
export async function includesAdministratorGroup(tx: Tx, groupIds: readonly string[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const rows = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        inArray(userGroups.id, [...groupIds]),
        eq(userGroups.key, ADMINISTRATOR_GROUP_KEY),
        eq(userGroups.builtIn, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether the set is granted to any group or user of the organisation. */
export async function setIsGranted(tx: Tx, orgId: string, setId: string): Promise<boolean> {
  const viaGroup = await tx
    .select({ id: userGroups.id })
    .from(userGroupPermissionSets)
    .innerJoin(userGroups, eq(userGroups.id, userGroupPermissionSets.groupId))
    .where(and(eq(userGroupPermissionSets.permissionSetId, setId), eq(userGroups.orgId, orgId)))
    .limit(1);
  if (viaGroup.length > 0) return true;
  const direct = await tx
    .select({ id: users.id })
    .from(userPermissionSets)
    .innerJoin(users, eq(users.id, userPermissionSets.userId))
    .where(and(eq(userPermissionSets.permissionSetId, setId), eq(users.orgId, orgId)))
    .limit(1);
  return direct.length > 0;
}

/** The user's role, for the data scope (tenant administrators see the whole organisation). */
export async function roleOf(tx: Tx, userId: string): Promise<number | undefined> {
  const [row] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  return row?.roleId;
}
