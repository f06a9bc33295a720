// Queries of a tenant's users (page `user`): every one is scoped by the organisation.
import type { IamRef } from "@skyledger/contracts";
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { type PageOf, type PageRequest, pageOf } from "../../platform/db/paging";
import {
  organizations,
  permissionSets,
  projectMembers,
  projects,
  roles,
  userGroupMembers,
  userGroupPermissionSets,
  userGroups,
  userPermissionSets,
  users,
} from "./iam.schema";

export type UserRow = typeof users.$inferSelect;

export type UserFilter = PageRequest & {
  keyword?: string;
  status?: "enabled" | "disabled";
  groupId?: string;
};

const groupRef = {
  id: userGroups.id,
  name: userGroups.name,
  key: userGroups.key,
  builtIn: userGroups.builtIn,
};
const setRef = {
  id: permissionSets.id,
  name: permissionSets.name,
  key: permissionSets.key,
  builtIn: permissionSets.builtIn,
  codes: permissionSets.codes,
};

/** A users' list's keyword (account, name, e-mail, phone) and status conditions. */
export function keywordAndStatus(filter: {
  keyword?: string | undefined;
  status?: "enabled" | "disabled" | undefined;
}): SQL[] {
  const where: SQL[] = [];
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(
      or(ilike(users.account, k), ilike(users.realName, k), ilike(users.email, k), ilike(users.mobile, k))!,
    );
  }
  if (filter.status) where.push(eq(users.status, filter.status));
  return where;
}

export async function listOrgUsers(tx: Tx, orgId: string, filter: UserFilter): Promise<PageOf<UserRow>> {
  const where: SQL[] = [eq(users.orgId, orgId), ...keywordAndStatus(filter)];
  if (filter.groupId) {
    where.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(userGroupMembers)
          .where(and(eq(userGroupMembers.userId, users.id), eq(userGroupMembers.groupId, filter.groupId))),
      ),
    );
  }
  const cond = and(...where);
  return pageOf(
    filter,
    (limit, offset) =>
      tx
        .select()
        .from(users)
        .where(cond)
        .orderBy(desc(users.createdAt), asc(users.account))
        .limit(limit)
        .offset(offset),
    tx.select({ n: count() }).from(users).where(cond),
    (row) => row,
  );
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findOrgUser(tx: Tx, orgId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
  return row;
}

/** The users of `ids` that belong to the organisation (others are left out). */
export async function orgUsersByIds(tx: Tx, orgId: string, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, ids)));
}

/** Each user's groups, by user id. */
export async function groupsOfUsers(tx: Tx, userIds: string[]): Promise<Map<string, IamRef[]>> {
  const out = new Map<string, IamRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await tx
    .select({ userId: userGroupMembers.userId, ...groupRef })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(inArray(userGroupMembers.userId, userIds))
    .orderBy(desc(userGroups.builtIn), asc(userGroups.createdAt), asc(userGroups.name));
  for (const { userId, ...group } of rows) out.get(userId)?.push(group);
  return out;
}

export async function directSetsOf(tx: Tx, userId: string) {
  return tx
    .select(setRef)
    .from(userPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, userPermissionSets.permissionSetId))
    .where(eq(userPermissionSets.userId, userId))
    .orderBy(desc(permissionSets.builtIn), asc(permissionSets.name));
}

/** Sets held through a group, one row per (set, group). */
export async function groupSetsOf(tx: Tx, userId: string) {
  return tx
    .select({
      set: setRef,
      group: groupRef,
    })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .innerJoin(userGroupPermissionSets, eq(userGroupPermissionSets.groupId, userGroups.id))
    .innerJoin(permissionSets, eq(permissionSets.id, userGroupPermissionSets.permissionSetId))
    .where(eq(userGroupMembers.userId, userId))
    .orderBy(desc(permissionSets.builtIn), asc(permissionSets.name));
}

/** Sets a user's role grants (the tenant administrator's). */
export async function roleSetsOf(tx: Tx, roleId: number) {
  const [role] = await tx.select({ keys: roles.permissionSetKeys }).from(roles).where(eq(roles.id, roleId));
  if (!role || role.keys.length === 0) return [];
  return tx.select(setRef).from(permissionSets).where(inArray(permissionSets.key, role.keys));
}

export async function projectsOf(tx: Tx, userId: string) {
  return tx
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name));
}

export async function groupIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** Replaces the user's group memberships. */
export async function setGroupsOf(tx: Tx, userId: string, groupIds: string[]): Promise<void> {
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  if (groupIds.length > 0) {
    await tx.insert(userGroupMembers).values(groupIds.map((groupId) => ({ groupId, userId })));
  }
}

/** Whether another user already has this e-mail or phone (the checks are platform-wide). */
export async function contactTaken(
  tx: Tx,
  field: "email" | "mobile",
  value: string,
  exceptUserId: string,
): Promise<boolean> {
  const match =
    field === "email" ? sql`lower(${users.email}) = ${value.toLowerCase()}` : eq(users.mobile, value);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(match, sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return rows.length > 0;
}

/** Whether a user name, e-mail or phone is taken by anyone on the platform (they are unique platform-wide). */
export async function valueInUse(
  tx: Tx,
  field: "account" | "email" | "mobile",
  value: string,
): Promise<boolean> {
  const v = value.trim();
  const column =
    field === "account"
      ? sql`lower(${users.account}) = ${v.toLowerCase()}`
      : field === "email"
        ? sql`lower(${users.email}) = ${v.toLowerCase()}`
        : eq(users.mobile, v);
  const rows = await tx.select({ id: users.id }).from(users).where(column).limit(1);
  return rows.length > 0;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row);
}

export async function setUserFields(tx: Tx, userId: string, values: Partial<UserRow>): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Grants a permission set to the user directly (nothing when it already is). */
export async function grantSetToUser(tx: Tx, userId: string, setId: string): Promise<void> {
  await tx.insert(userPermissionSets).values({ userId, permissionSetId: setId }).onConflictDoNothing();
}

/** Withdraws a directly granted set; whether the user held it directly. */
export async function withdrawSetFromUser(tx: Tx, userId: string, setId: string): Promise<boolean> {
  const removed = await tx
    .delete(userPermissionSets)
    .where(and(eq(userPermissionSets.userId, userId), eq(userPermissionSets.permissionSetId, setId)))
    .returning({ id: userPermissionSets.permissionSetId });
  return removed.length > 0;
}

/** The user names of `ids`, by id (ids naming no user are left out). */
export async function accountNamesOf(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

/** The ids of every user of the organisation. */
export async function userIdsOfOrg(tx: Tx, orgId: string): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.orgId, orgId));
  return rows.map((r) => r.id);
}

/** Inserts the user unless one with the same id (or user name, e-mail or phone) exists. */
export async function insertUserIfNew(tx: Tx, row: typeof users.$inferInsert): Promise<void> {
  await tx.insert(users).values(row).onConflictDoNothing();
}

/** Where a notice to the user goes. */
export async function contactsOfUser(
  tx: Tx,
  userId: string,
): Promise<
  { userId: string; orgId: string | null; email: string | null; mobile: string | null } | undefined
> {
  const [user] = await tx
    .select({ userId: users.id, orgId: users.orgId, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function orgExists(tx: Tx, orgId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row !== undefined;
}
