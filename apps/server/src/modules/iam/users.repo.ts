// Queries of a tenant's users (page `user`): every one is scoped by the organisation.
import type { IamRef } from "@skyledger/contracts";
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { type PageOf, type PageRequest, pageOf } from "../../platform/db/paging";
import {
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

export async function listOrgUsers(db: Db, orgId: string, filter: UserFilter): Promise<PageOf<UserRow>> {
  const where: SQL[] = [eq(users.orgId, orgId)];
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(
      or(ilike(users.account, k), ilike(users.realName, k), ilike(users.email, k), ilike(users.mobile, k))!,
    );
  }
  if (filter.status) where.push(eq(users.status, filter.status));
  if (filter.groupId) {
    where.push(
      exists(
        db
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
      db
        .select()
        .from(users)
        .where(cond)
        .orderBy(desc(users.createdAt), asc(users.account))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(users).where(cond),
    (row) => row,
  );
}

export async function findOrgUser(db: Db, orgId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
  return row;
}

/** The users of `ids` that belong to the organisation (others are left out). */
export async function orgUsersByIds(db: Db, orgId: string, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, ids)));
}

/** Each user's groups, by user id. */
export async function groupsOfUsers(db: Db, userIds: string[]): Promise<Map<string, IamRef[]>> {
  const out = new Map<string, IamRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userGroupMembers.userId, ...groupRef })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(inArray(userGroupMembers.userId, userIds))
    .orderBy(desc(userGroups.builtIn), asc(userGroups.createdAt), asc(userGroups.name));
  for (const { userId, ...group } of rows) out.get(userId)?.push(group);
  return out;
}

export async function directSetsOf(db: Db, userId: string) {
  return db
    .select(setRef)
    .from(userPermissionSets)
    .innerJoin(permissionSets, eq(permissionSets.id, userPermissionSets.permissionSetId))
    .where(eq(userPermissionSets.userId, userId))
    .orderBy(desc(permissionSets.builtIn), asc(permissionSets.name));
}

/** Sets held through a group, one row per (set, group). */
export async function groupSetsOf(db: Db, userId: string) {
  return db
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
export async function roleSetsOf(db: Db, roleId: number) {
  const [role] = await db.select({ keys: roles.permissionSetKeys }).from(roles).where(eq(roles.id, roleId));
  if (!role || role.keys.length === 0) return [];
  return db.select(setRef).from(permissionSets).where(inArray(permissionSets.key, role.keys));
}

export async function projectsOf(db: Db, userId: string) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name));
}

export async function groupIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** Replaces the user's group memberships. */
export async function setGroupsOf(tx: Db, userId: string, groupIds: string[]): Promise<void> {
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  if (groupIds.length > 0) {
    await tx.insert(userGroupMembers).values(groupIds.map((groupId) => ({ groupId, userId })));
  }
}

/** Whether another user already has this e-mail or phone (the checks are platform-wide). */
export async function contactTaken(
  db: Db,
  field: "email" | "mobile",
  value: string,
  exceptUserId: string,
): Promise<boolean> {
  const match =
    field === "email" ? sql`lower(${users.email}) = ${value.toLowerCase()}` : eq(users.mobile, value);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(match, sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return rows.length > 0;
}
