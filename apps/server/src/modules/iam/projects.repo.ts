// Drizzle queries of projects and their members. Every query takes the organisation: a project
// id of another tenant finds nothing.
import { and, asc, count, desc, eq, ilike, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { projectMembers, projects, users } from "./iam.schema";

export type ProjectRow = typeof projects.$inferSelect;
const memberCount = sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`;

const creator = sql<
  string | null
>`(select ${users.account} from ${users} where ${users.id} = ${projects.createdBy})`;

function keywordOf(keyword: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!keyword) return undefined;
  const like = containsPattern(keyword);
  return or(...columns.map((c) => ilike(c, like)));
}

export function listProjects(tx: Tx, orgId: string, keyword: string | undefined) {
  const where = and(
    eq(projects.orgId, orgId),
    keywordOf(keyword, projects.name, projects.description, projects.contact),
  );
  return {
    rows: (limit: number, offset: number) =>
      tx
        .select({ project: projects, memberCount, createdBy: creator })
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), asc(projects.name))
        .limit(limit)
        .offset(offset),
    total: tx.select({ n: count() }).from(projects).where(where),
  };
}

export async function findProject(tx: Tx, orgId: string, projectId: string) {
  const [row] = await tx
    .select({ project: projects, memberCount, createdBy: creator })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row;
}

export async function projectNamed(tx: Tx, orgId: string, name: string): Promise<ProjectRow | undefined> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), sql`lower(${projects.name}) = ${name.toLowerCase()}`));
  return row;
}

export function membersOf(tx: Tx, projectId: string) {
  return tx
    .select({
      userSid: users.id,
      account: users.account,
      realName: users.realName,
      email: users.email,
      mobile: users.mobile,
      status: users.status,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.account));
}

/** The ids among `userIds` that are users of the organisation. */
export async function usersOfOrg(tx: Tx, orgId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

export async function memberIdsOf(tx: Tx, projectId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.id);
}

/** Users of the organisation who are not members of the project yet. */
export function candidatesOf(tx: Tx, orgId: string, projectId: string, keyword: string | undefined) {
  const where = and(
    eq(users.orgId, orgId),
    keywordOf(keyword, users.account, users.realName, users.email, users.mobile),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, users.id))),
    ),
  );
  return {
    rows: (limit: number, offset: number) =>
      tx
        .select({
          userSid: users.id,
          account: users.account,
          realName: users.realName,
          email: users.email,
          mobile: users.mobile,
          status: users.status,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.account))
        .limit(limit)
        .offset(offset),
    total: tx.select({ n: count() }).from(users).where(where),
  };
}

/** Users whose chosen project is this one go back to their first remaining project. */
export async function clearChosenProject(tx: Tx, projectId: string, userIds?: string[]): Promise<void> {
  if (userIds?.length === 0) return;
  await tx
    .update(users)
    .set({ projectId: null })
    .where(and(eq(users.projectId, projectId), userIds ? inArray(users.id, userIds) : undefined));
}

export async function deleteProject(tx: Tx, projectId: string): Promise<void> {
  await tx.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
  await tx.delete(projects).where(eq(projects.id, projectId));
}

export async function insertProject(tx: Tx, row: typeof projects.$inferInsert): Promise<void> {
  await tx.insert(projects).values(row);
}

export async function updateProject(
  tx: Tx,
  projectId: string,
  values: { name: string; description: string | null; contact: string; phone: string },
): Promise<void> {
  await tx.update(projects).set(values).where(eq(projects.id, projectId));
}

export async function addProjectMembers(tx: Tx, projectId: string, userIds: string[]): Promise<void> {
  await tx
    .insert(projectMembers)
    .values(userIds.map((userId) => ({ projectId, userId })))
    .onConflictDoNothing();
}

/** Ends one membership; whether there was one. */
export async function removeProjectMember(tx: Tx, projectId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}
