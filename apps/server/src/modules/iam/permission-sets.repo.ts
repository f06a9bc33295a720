// Queries of permission sets (page `strategy`): the built-in sets a tenant may hand out and the
// organisation's own custom sets.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import type { PageRequest } from "../../platform/db/paging";
import { pageOf } from "../../platform/db/paging";
import {
  permissionSets,
  userGroupMembers,
  userGroupPermissionSets,
  userGroups,
  userPermissionSets,
  users,
} from "./iam.schema";

export type PermissionSetRecord = typeof permissionSets.$inferSelect;

// A built-in set holding any operator (B) code is the operators' own: never shown to or granted by
// a tenant.
const tenantBuiltIn = and(
  eq(permissionSets.builtIn, true),
  sql`not exists (select 1 from unnest(${permissionSets.codes}) as c(code) where c.code not like 'C%')`,
);

/** The sets an organisation may see and hand out. */
export const visibleTo = (orgId: string) => or(tenantBuiltIn, eq(permissionSets.orgId, orgId))!;

export type SetFilter = PageRequest & { keyword?: string; source?: "builtIn" | "custom" };

export async function listSets(tx: Tx, orgId: string, filter: SetFilter) {
  const where: SQL[] = [visibleTo(orgId)];
  if (filter.source === "builtIn") where.push(eq(permissionSets.builtIn, true));
  if (filter.source === "custom") where.push(eq(permissionSets.builtIn, false));
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(or(ilike(permissionSets.name, k), ilike(permissionSets.description, k))!);
  }
  const cond = and(...where);
  const groupCount = sql<number>`(select count(*)::int from ${userGroupPermissionSets} g join ${userGroups} ug on ug.id = g.group_id where g.permission_set_id = ${permissionSets.id} and ug.org_id = ${orgId})`;
  const userCount = sql<number>`(select count(*)::int from ${userPermissionSets} u join ${users} us on us.id = u.user_id where u.permission_set_id = ${permissionSets.id} and us.org_id = ${orgId})`;
  return pageOf(
    filter,
    (limit, offset) =>
      tx
        .select({ set: permissionSets, creator: users.account, groupCount, userCount })
        .from(permissionSets)
        .leftJoin(users, eq(users.id, permissionSets.createdBy))
        .where(cond)
        .orderBy(desc(permissionSets.builtIn), asc(permissionSets.createdAt), asc(permissionSets.name))
        .limit(limit)
        .offset(offset),
    tx.select({ n: count() }).from(permissionSets).where(cond),
    (row) => row,
  );
}

export async function findVisibleSet(
  tx: Tx,
  orgId: string,
  id: string,
): Promise<PermissionSetRecord | undefined> {
  const [row] = await tx
    .select()
    .from(permissionSets)
    .where(and(eq(permissionSets.id, id), visibleTo(orgId)));
  return row;
}

/** The sets of `ids` the organisation may hand out (others are left out). */
export async function visibleSetsByIds(tx: Tx, orgId: string, ids: string[]): Promise<PermissionSetRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(permissionSets)
    .where(and(inArray(permissionSets.id, ids), visibleTo(orgId)));
}

/** Whether another custom set of the organisation already has this name (case-insensitive). */
export async function setNameTaken(tx: Tx, orgId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: permissionSets.id })
    .from(permissionSets)
    .where(
      and(
        eq(permissionSets.orgId, orgId),
        sql`lower(${permissionSets.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${permissionSets.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Users of the organisation holding the set directly or through a group. */
export async function holdersOfSet(tx: Tx, orgId: string, setId: string): Promise<string[]> {
  const direct = tx
    .select({ id: userPermissionSets.userId })
    .from(userPermissionSets)
    .innerJoin(users, eq(users.id, userPermissionSets.userId))
    .where(and(eq(userPermissionSets.permissionSetId, setId), eq(users.orgId, orgId)));
  const viaGroups = tx
    .select({ id: userGroupMembers.userId })
    .from(userGroupPermissionSets)
    .innerJoin(userGroups, eq(userGroups.id, userGroupPermissionSets.groupId))
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .where(and(eq(userGroupPermissionSets.permissionSetId, setId), eq(userGroups.orgId, orgId)));
  const rows = await direct.union(viaGroups);
  return rows.map((r) => r.id);
}

export async function insertSet(tx: Tx, row: typeof permissionSets.$inferInsert): Promise<void> {
  await tx.insert(permissionSets).values(row);
}

export async function updateSet(
  tx: Tx,
  setId: string,
  values: { name: string; description: string | null; codes: string[]; shared: boolean },
): Promise<void> {
  await tx.update(permissionSets).set(values).where(eq(permissionSets.id, setId));
}

export async function deleteSet(tx: Tx, setId: string): Promise<void> {
  await tx.delete(permissionSets).where(eq(permissionSets.id, setId));
}
