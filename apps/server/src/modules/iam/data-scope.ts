// maxDataScope (issue 4 §2): which data a user may see. Tenant administrators, and users in the
// organisation's built-in administrator group, see the whole tenant; everyone else sees only the
// resources of the projects they are a member of. The resource and order modules filter with it.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { AUTH_CACHE_MS, type SessionService } from "../auth/sessions.service";
import { ROLE } from "./iam.repo";
import { projectMembers, projects, userGroupMembers, userGroups, users } from "./iam.schema";

export type DataScope =
  /** Platform administrators: every organisation. */
  | { kind: "all" }
  /** Tenant administrators: everything of their organisation. */
  | { kind: "tenant"; orgId: string }
  /** Everyone else: their projects only, oldest project first (possibly none). */
  | { kind: "projects"; orgId: string | null; projectIds: string[] };

export type ScopeSubject = Pick<Principal, "userId" | "orgId" | "roleId">;

export type DataScopeService = ReturnType<typeof createDataScope>;

/** The spec's value of the current-user field `maxDataScope`. */
export function maxDataScopeOf(scope: DataScope): "all" | "tenant" | "project" {
  return scope.kind === "projects" ? "project" : scope.kind;
}

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

/** Whether one row (its organisation and project) lies inside the scope. */
export function inScope(scope: DataScope, orgId: string | null, projectId: string | null): boolean {
  if (scope.kind === "all") return true;
  if (scope.kind === "tenant") return orgId === scope.orgId;
  return (
    orgId !== null && orgId === scope.orgId && projectId !== null && scope.projectIds.includes(projectId)
  );
}

/** The built-in group whose members see the whole organisation (spec §6 "administrator"). */
export const ADMINISTRATOR_GROUP_KEY = "administrator";

/** Whether the subject sees the whole organisation: its administrator, or a member of that group. */
export async function isAdministrator(db: Db, subject: ScopeSubject & { orgId: string }): Promise<boolean> {
  if (subject.roleId === ROLE.tenantAdmin) return true;
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(
      and(
        eq(userGroupMembers.userId, subject.userId),
        eq(userGroups.orgId, subject.orgId),
        eq(userGroups.key, ADMINISTRATOR_GROUP_KEY),
        eq(userGroups.builtIn, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The user's projects in the organisation, oldest first. */
export async function projectIdsOf(db: Db, userId: string, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projects.orgId, orgId)))
    .orderBy(asc(projects.createdAt), asc(projects.name));
  return rows.map((r) => r.id);
}

export function createDataScope(db: Db, clock: Clock, sessions: Pick<SessionService, "onForgetUser">) {
  // Asked on every resource list; reused as long as a principal is, and forgotten with it whenever
  // the user's groups or project memberships change (the services call sessions.forgetUser).
  const cache = new Map<string, { scope: DataScope; defaultProject: string | null; at: number }>();
  sessions.onForgetUser((userId) => cache.delete(userId));

  async function load(subject: ScopeSubject): Promise<{ scope: DataScope; defaultProject: string | null }> {
    if (!subject.orgId) {
      const scope: DataScope =
        subject.roleId === ROLE.platformAdmin
          ? { kind: "all" }
          : { kind: "projects", orgId: null, projectIds: [] };
      return { scope, defaultProject: null };
    }
    const orgId = subject.orgId;
    const [admin, projectIds, [user]] = await Promise.all([
      isAdministrator(db, { ...subject, orgId }),
      projectIdsOf(db, subject.userId, orgId),
      db.select({ projectId: users.projectId }).from(users).where(eq(users.id, subject.userId)),
    ]);
    // The user's chosen project while they are still in it, otherwise their first one.
    const chosen = user?.projectId && projectIds.includes(user.projectId) ? user.projectId : null;
    const defaultProject = chosen ?? projectIds[0] ?? null;
    const scope: DataScope = admin ? { kind: "tenant", orgId } : { kind: "projects", orgId, projectIds };
    return { scope, defaultProject };
  }

  async function resolve(subject: ScopeSubject) {
    const now = clock.now().getTime();
    const hit = cache.get(subject.userId);
    if (hit && now - hit.at < AUTH_CACHE_MS && now >= hit.at) return hit;
    const loaded = await load(subject);
    if (cache.size > 10_000) cache.clear();
    const entry = { ...loaded, at: now };
    cache.set(subject.userId, entry);
    return entry;
  }

  return {
    /** The data the subject may see. */
    async of(subject: ScopeSubject): Promise<DataScope> {
      return (await resolve(subject)).scope;
    },
    /** The subject's current project (spec §3 `projectId`): the chosen one, else the first, else null. */
    async defaultProjectOf(subject: ScopeSubject): Promise<string | null> {
      return (await resolve(subject)).defaultProject;
    },
  };
}
