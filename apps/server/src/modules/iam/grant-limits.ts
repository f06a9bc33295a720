// No granting beyond one's own rights (issue 11 §7): a user of a tenant may hand out, through
// groups, permission sets, direct grants and project memberships, only permission codes and a data
// scope they hold themselves, and may manage (edit, reset, enable, disable, delete, regroup) only
// users whose codes and scope they hold. Every check runs before anything is written and answers
// HTTP 403 with the reason. The tenant administrator holds every tenant code and the whole
// organisation, so these limits bind only sub-users holding the management codes.
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { Actor } from "./access-control";
import { type DataScope, isAdministrator, projectIdsOf } from "./data-scope";
import {
  codesOfGroups,
  codesOfSets,
  includesAdministratorGroup,
  roleOf,
  setIsGranted,
} from "./grant-limits.repo";
import { permissionsOf } from "./iam.repo";

/** What a user holds: their codes (role, groups, direct grants) and their data scope. */
export type Holdings = { codes: ReadonlySet<string>; scope: DataScope };

// The message names the missing codes; a long list is cut (the administrator group holds them all).
const SHOWN_CODES = 6;
function listed(codes: string[]): string {
  const sorted = [...codes].sort();
  return sorted.length <= SHOWN_CODES
    ? sorted.join(", ")
    : `${sorted.slice(0, SHOWN_CODES).join(", ")} … (+${sorted.length - SHOWN_CODES})`;
}

/** Whether scope `wide` covers scope `narrow`. */
function covers(wide: DataScope, narrow: DataScope): boolean {
  if (wide.kind === "all") return true;
  if (narrow.kind === "all") return false;
  if (wide.kind === "tenant") return narrow.orgId === wide.orgId;
  if (narrow.kind === "tenant") return false;
  return narrow.orgId === wide.orgId && narrow.projectIds.every((id) => wide.projectIds.includes(id));
}

export type GrantLimits = ReturnType<typeof createGrantLimits>;

export function createGrantLimits(db: Db) {
  /** Read fresh from the database, not from a cached principal: a grant is decided on what holds now. */
  async function holdingsOf(userId: string, orgId: string): Promise<Holdings> {
    const [codes, roleId] = await Promise.all([permissionsOf(db, userId), roleOf(db, userId)]);
    const subject = { userId, orgId, roleId: roleId ?? 0 };
    const scope: DataScope = (await isAdministrator(db, subject))
      ? { kind: "tenant", orgId }
      : { kind: "projects", orgId, projectIds: await projectIdsOf(db, userId, orgId) };
    return { codes: new Set(codes), scope };
  }

  function assertCodes(actor: Holdings, codes: readonly string[]): void {
    const missing = [...new Set(codes)].filter((code) => !actor.codes.has(code));
    if (missing.length > 0) throw new DomainError("GRANT_EXCEEDS_OWN", { codes: listed(missing) });
  }

  return {
    holdingsOf,

    /** Handing out these permission sets (to a user directly, or to a group). */
    async assertMayGrantSets(actor: Actor, setIds: readonly string[]): Promise<void> {
      if (setIds.length === 0) return;
      assertCodes(await holdingsOf(actor.userId, actor.orgId), await codesOfSets(db, setIds));
    },

    /** Putting a user in these groups: their sets' codes, and the administrator group's whole organisation. */
    async assertMayGrantGroups(actor: Actor, groupIds: readonly string[]): Promise<void> {
      if (groupIds.length === 0) return;
      const holdings = await holdingsOf(actor.userId, actor.orgId);
      assertCodes(holdings, await codesOfGroups(db, groupIds));
      if (holdings.scope.kind !== "tenant" && (await includesAdministratorGroup(db, groupIds)))
        throw new DomainError("ADMIN_GROUP_SCOPE_REQUIRED");
    },

    /** Adding codes to a custom set that is granted to a group or a user hands them out too. */
    async assertMayAddCodesToSet(actor: Actor, setId: string, added: readonly string[]): Promise<void> {
      if (added.length === 0 || !(await setIsGranted(db, actor.orgId, setId))) return;
      assertCodes(await holdingsOf(actor.userId, actor.orgId), added);
    },

    /** Making users members of a project widens their data scope by that project. */
    async assertMayGrantProject(actor: Actor, projectId: string): Promise<void> {
      const { scope } = await holdingsOf(actor.userId, actor.orgId);
      if (scope.kind === "projects" && !scope.projectIds.includes(projectId))
        throw new DomainError("PROJECT_SCOPE_REQUIRED");
    },

    /**
     * Managing a user hands the actor the user's account (a new password, contact details) or its
     * rights: only users whose codes and data scope the actor holds.
     */
    async assertMayManage(actor: Actor, targetId: string): Promise<void> {
      const [mine, theirs] = await Promise.all([
        holdingsOf(actor.userId, actor.orgId),
        holdingsOf(targetId, actor.orgId),
      ]);
      const extra = [...theirs.codes].some((code) => !mine.codes.has(code));
      if (extra || !covers(mine.scope, theirs.scope)) throw new DomainError("TARGET_EXCEEDS_OWN");
    },
  };
}
