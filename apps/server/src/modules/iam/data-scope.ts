// maxDataScope (issue 4 §2): which data a user may see. Tenant administrators, and users in the
// organisation's built-in administrator group, see the whole tenant; everyone else sees only the
// resources of the projects they are a member of. The resource and order modules filter with it.

import type { DataScope } from "../../platform/auth/data-scope";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { chosenProjectOf, inAdministratorGroup, projectIdsOf } from "./data-scope.repo";
import { ROLE } from "./iam.repo";
import { AUTH_CACHE_MS, type UserSessions } from "./user-sessions";

export { ADMINISTRATOR_GROUP_KEY, projectIdsOf, scopeCondition } from "./data-scope.repo";
export type { DataScope };

export type ScopeSubject = Pick<Principal, "userId" | "orgId" | "roleId">;

export type DataScopeService = ReturnType<typeof createDataScope>;

/** The spec's value of the current-user field `maxDataScope`. */
export function maxDataScopeOf(scope: DataScope): "all" | "tenant" | "project" {
  return scope.kind === "projects" ? "project" : scope.kind;
}

/** Whether one row (its organisation and project) lies inside the scope. */
export function inScope(scope: DataScope, orgId: string | null, projectId: string | null): boolean {
  if (scope.kind === "all") return true;
  if (scope.kind === "tenant") return orgId === scope.orgId;
  return (
    orgId !== null && orgId === scope.orgId && projectId !== null && scope.projectIds.includes(projectId)
  );
}

/** Whether the subject sees the whole organisation: its administrator, or a member of that group. */
export async function isAdministrator(tx: Tx, subject: ScopeSubject & { orgId: string }): Promise<boolean> {
  if (subject.roleId === ROLE.tenantAdmin) return true;
  return inAdministratorGroup(tx, subject.userId, subject.orgId);
}

export function createDataScope(db: Db, clock: Clock, sessions: Pick<UserSessions, "onForgetUser">) {
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
    const [admin, projectIds, chosenId] = await Promise.all([
      isAdministrator(db, { ...subject, orgId }),
      projectIdsOf(db, subject.userId, orgId),
      chosenProjectOf(db, subject.userId),
    ]);
    // The user's chosen project while they are still in it, otherwise their first one.
    const chosen = chosenId && projectIds.includes(chosenId) ? chosenId : null;
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
