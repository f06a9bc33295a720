// Queries of a tenant's user groups (page `usergroup`): every one is scoped by the organisation.
import type { IamRef } from "@skyledger/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { permissionSets, userGroupMembers, userGroupPermissionSets, userGroups, users } from "./iam.schema";

export type GroupRecord = typeof userGroups.$inferSelect;

const parents = alias(userGroups, "parent_group");
const memberCount = sql<number>`(select count(*)::int from ${userGroupMembers} m where m.group_id = ${userGroups.id})`;

export type GroupFilter = PageRequest & { keyword?: string };

export async function listGroups(tx: Tx, orgId: string, filter: GroupFilter) {
  const where: SQL[] = [eq(userGroups.orgId, orgId)];
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(or(ilike(userGroups.name, k), ilike(userGroups.description, k))!);
  }
  const cond = and(...where);
  return pageOf(
    filter,
    (limit, offset) =>
      tx
        .select({ group: userGroups, parent: parents, memberCount })
        .from(userGroups)
        .leftJoin(parents, eq(parents.id, userGroups.parentId))
        .where(cond)
        .orderBy(desc(userGroups.builtIn), asc(userGroups.createdAt), asc(userGroups.name))
        .limit(limit)
        .offset(offset),
    tx.select({ n: count() }).from(userGroups).where(cond),
    (row) => row,
  );
}

export async function findGroupWithParent(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({ group: userGroups, parent: parents, memberCount })
    .from(userGroups)
    .leftJoin(parents, eq(parents.id, userGroups.parentId))
    .where(and(eq(userGroups.id, id), eq(userGroups.orgId, orgId)));
  return row;
}

export async function findOrgGroup(tx: Tx, orgId: string, id: string): Promise<GroupRecord | undefined> {
  const [row] = await tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.id, id), eq(userGroups.orgId, orgId)));
  return row;
}

/** The groups of `ids` that belong to the organisation (others are left out). */
export async function orgGroupsByIds(tx: Tx, orgId: string, ids: string[]): Promise<GroupRecord[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, ids)));
}

/** Each group's permission sets, by group id. */
export async function setsOfGroups(tx: Tx, groupIds: string[]): Promise<Map<string, IamRef[]>> {
  const out = new Map<string, IamRef[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await tx
    .select({
      groupId: userGroupPermissionSets.groupId,
      id: permissionSets.id,
      name: permissionSets.name,
      key: permissionSets.key,
      builtIn: permissionSets.builtIn,
    })
    .from(userGroupPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, userGroupPermissionSets.permissionSetId))
    .where(inArray(userGroupPermissionSets.groupId, groupIds))
    .orderBy(desc(permissionSets.builtIn), asc(permissionSets.name));
  for (const { groupId, ...set } of rows) out.get(groupId)?.push(set);
  return out;
}

export async function membersOf(tx: Tx, groupId: string) {
  return tx
    .select({
      user: users,
      groupCount: sql<number>`(select count(*)::int from ${userGroupMembers} o where o.user_id = ${users.id})`,
    })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(eq(userGroupMembers.groupId, groupId))
    .orderBy(asc(users.account));
}

export async function memberIdsOf(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.groupId, groupId));
  return rows.map((r) => r.id);
}

/** Members whose only group this is: removing the group from them ends their platform access. */
export async function soleMembersOf(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.groupId, groupId),
        sql`not exists (select 1 from ${userGroupMembers} o where o.user_id = ${userGroupMembers.userId} and o.group_id <> ${groupId})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function childrenOf(tx: Tx, groupId: string): Promise<GroupRecord[]> {
  return tx.select().from(userGroups).where(eq(userGroups.parentId, groupId)).orderBy(asc(userGroups.name));
}

export async function groupNameTaken(
  tx: Tx,
  orgId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.orgId, orgId),
        sql`lower(${userGroups.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${userGroups.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Replaces a group's permission sets. */
export async function setSetsOfGroup(tx: Tx, groupId: string, setIds: string[]): Promise<void> {
  await tx.delete(userGroupPermissionSets).where(eq(userGroupPermissionSets.groupId, groupId));
  if (setIds.length > 0) {
    await tx
      .insert(userGroupPermissionSets)
      .values(setIds.map((permissionSetId) => ({ groupId, permissionSetId })));
  }
}

export async function insertGroup(tx: Tx, row: typeof userGroups.$inferInsert): Promise<void> {
  await tx.insert(userGroups).values(row);
}

export async function updateGroup(
  tx: Tx,
  groupId: string,
  values: { name: string; description: string | null; parentId: string | null },
): Promise<void> {
  await tx.update(userGroups).set(values).where(eq(userGroups.id, groupId));
}

export async function deleteGroup(tx: Tx, groupId: string): Promise<void> {
  await tx.delete(userGroups).where(eq(userGroups.id, groupId));
}

/** Adds the users to the group (those already in it stay as they are). */
export async function addGroupMembers(tx: Tx, groupId: string, userIds: string[]): Promise<void> {
  await tx
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export async function removeGroupMember(tx: Tx, groupId: string, userId: string): Promise<void> {
  await tx
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.groupId, groupId), eq(userGroupMembers.userId, userId)));
}
