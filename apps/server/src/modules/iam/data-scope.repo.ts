// The queries behind data scopes (data-scope.ts), and the condition other modules' repositories
// add to limit a query to a scope.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DataScope } from "../../platform/auth/data-scope";
import type { Tx } from "../../platform/db/client";
import { projectMembers, projects, userGroupMembers, userGroups, users } from "./iam.schema";

/** The built-in group whose members see the whole organisation (spec §6 "administrator"). */
export const ADMINISTRATOR_GROUP_KEY = "administrator";

/**
 * The condition limiting a query on a table with an organisation and a project column to the
 * scope; undefined means no limit (platform administrators).
 */
export function scopeCondition(
  scope: DataScope,
  columns: { orgId: AnyPgColumn; projectId: AnyPgColumn },
): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "tenant") return eq(columns.orgId, scope.orgId);
  if (!scope.orgId || scope.projectIds.length === 0) return sql`false`;
  return and(eq(columns.orgId, scope.orgId), inArray(columns.projectId, scope.projectIds));
}

/** Whether the user is in the organisation's built-in administrator group. */
export async function inAdministratorGroup(tx: Tx, userId: string, orgId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: userGroups.id })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(
      and(
        eq(userGroupMembers.userId, userId),
        eq(userGroups.orgId, orgId),
        eq(userGroups.key, ADMINISTRATOR_GROUP_KEY),
        eq(userGroups.builtIn, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The user's projects in the organisation, oldest first. */
export async function projectIdsOf(tx: Tx, userId: string, orgId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: projects.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projects.orgId, orgId)))
    .orderBy(asc(projects.createdAt), asc(projects.name));
  return rows.map((r) => r.id);
}

/** The project the user chose last (null when none). */
export async function chosenProjectOf(tx: Tx, userId: string): Promise<string | null> {
  const [user] = await tx.select({ projectId: users.projectId }).from(users).where(eq(users.id, userId));
  return user?.projectId ?? null;
}
