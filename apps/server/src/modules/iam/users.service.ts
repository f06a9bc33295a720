// A tenant's users (page `user`, spec §3 user): sub-users created by the tenant's administrators,
// their status, passwords, groups and directly granted permission sets.
import {
  auditedGroupName,
  auditedSetName,
  checkPassword,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  type IamRef,
  passwordProblemText,
  type SubUserDetail,
  type SubUserRow,
} from "@skyledger/contracts";
import { changedFields } from "../../platform/audit/audit";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { hashPassword } from "../../platform/passwords";
import type { RequestContext } from "../../platform/request-context";
import { type AccessControlDeps, type Actor, actorOf, contactConflict, recorder } from "./access-control";
import { createGrantLimits } from "./grant-limits";
import { orgGroupsByIds } from "./groups.repo";
import { permissionsOf, ROLE } from "./iam.repo";
import { findVisibleSet } from "./permission-sets.repo";
import { generatePassword, sendTemporaryPassword, setTemporaryPassword } from "./temporary-password";
import {
  contactTaken,
  deleteUser,
  directSetsOf,
  findOrgUser,
  grantSetToUser,
  groupIdsOf,
  groupSetsOf,
  groupsOfUsers,
  insertUser,
  listOrgUsers,
  projectsOf,
  roleSetsOf,
  setGroupsOf,
  setUserFields,
  type UserFilter,
  type UserRow,
  valueInUse,
  withdrawSetFromUser,
} from "./users.repo";

export type UsersService = ReturnType<typeof createUsersService>;

type Profile = { realName: string; email: string; mobile: string };
type Body<K extends keyof typeof endpoints.users> = EndpointBody<(typeof endpoints.users)[K]>;
type Query<K extends keyof typeof endpoints.users> = EndpointQuery<(typeof endpoints.users)[K]>;

const ok = { ok: true } as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function createUsersService(deps: AccessControlDeps) {
  const { db, clock, sessions, security } = deps;
  const record = recorder(deps.audit);
  const limits = createGrantLimits(db);

  function toRow(user: UserRow, groups: IamRef[]): SubUserRow {
    const locked = !!user.lockedUntil && user.lockedUntil.getTime() > clock.now().getTime();
    return {
      userSid: user.id,
      account: user.account,
      realName: user.realName,
      email: user.email,
      mobile: user.mobile,
      mobileVerified: !!user.mobile && !!user.mobileVerifiedAt,
      roleType: user.roleId === ROLE.tenantAdmin ? "tenantAdmin" : "subUser",
      status: user.status,
      locked,
      lockedUntil: locked ? iso(user.lockedUntil) : null,
      groups,
      createdAt: user.createdAt.toISOString(),
      lastLoginTime: iso(user.lastLoginTime),
      lastLoginIp: user.lastLoginIp,
    };
  }

  /**
   * The user a change is aimed at: of the actor's organisation (404 otherwise), never the actor
   * (their own account is managed on the profile page), never a user holding codes or a data scope
   * the actor lacks (grant-limits.ts) and, unless `adminAllowed` (unlocking, which hands out
   * nothing), never the tenant administrator's account, which the platform created and keeps.
   */
  async function target(actor: Actor, userId: string, adminAllowed = false): Promise<UserRow> {
    const user = await findOrgUser(db, actor.orgId, userId);
    if (!user) throw new DomainError("NOT_FOUND");
    if (user.id === actor.userId) throw new DomainError("CANNOT_ACT_ON_SELF");
    if (adminAllowed) return user;
    if (user.roleId !== ROLE.subUser) throw new DomainError("BUILT_IN_READ_ONLY");
    await limits.assertMayManage(actor, user.id);
    return user;
  }

  async function passwordFor(orgId: string, mode: Body<"create">["passwordMode"], chosen?: string) {
    const { passwordPolicy } = await security.effectiveFor(orgId);
    if (mode === "generated") return generatePassword(passwordPolicy);
    const problems = checkPassword(chosen ?? "", passwordPolicy);
    if (problems.length)
      throw new DomainError("PASSWORD_POLICY", { reason: passwordProblemText(problems, passwordPolicy) });
    return chosen!;
  }

  async function checkContacts(profile: Profile, userId: string) {
    if (await contactTaken(db, "email", profile.email, userId)) throw new DomainError("EMAIL_EXISTS");
    if (await contactTaken(db, "mobile", profile.mobile, userId)) throw new DomainError("MOBILE_EXISTS");
  }

  async function groupsInOrg(actor: Actor, groupIds: string[]): Promise<IamRef[]> {
    const unique = [...new Set(groupIds)];
    const groups = await orgGroupsByIds(db, actor.orgId, unique);
    if (groups.length !== unique.length) throw new DomainError("NOT_FOUND");
    return groups.map((g) => ({ id: g.id, name: g.name, key: g.key, builtIn: g.builtIn }));
  }

  /** The groups of `groupIds` as audit rows name them. */
  async function groupNamesOf(actor: Actor, groupIds: string[]): Promise<string[]> {
    return (await orgGroupsByIds(db, actor.orgId, groupIds)).map(auditedGroupName);
  }

  return {
    /**
     * Whether a user name, e-mail or phone is taken by anyone on the platform (they are unique
     * platform-wide), for the create and edit forms: the caller manages users, so no captcha.
     */
    async exists(query: Query<"exists">): Promise<{ exists: boolean }> {
      return { exists: await valueInUse(db, query.field, query.value) };
    },

    async list(ctx: RequestContext, filter: UserFilter) {
      const page = await listOrgUsers(db, ctx.ownTenant(), filter);
      const groups = await groupsOfUsers(
        db,
        page.list.map((u) => u.id),
      );
      return { ...page, list: page.list.map((u) => toRow(u, groups.get(u.id) ?? [])) };
    },

    async detail(ctx: RequestContext, userId: string): Promise<SubUserDetail> {
      const user = await findOrgUser(db, ctx.ownTenant(), userId);
      if (!user) throw new DomainError("NOT_FOUND");
      const [groups, direct, viaGroups, viaRole, permissions, projectRows] = await Promise.all([
        groupsOfUsers(db, [user.id]),
        directSetsOf(db, user.id),
        groupSetsOf(db, user.id),
        roleSetsOf(db, user.roleId),
        permissionsOf(db, user.id),
        projectsOf(db, user.id),
      ]);
      const inherited = new Map<string, SubUserDetail["inheritedSets"][number]>();
      for (const set of viaRole) inherited.set(set.id, { ...set, viaGroups: [], viaRole: true });
      for (const { set, group } of viaGroups) {
        const entry = inherited.get(set.id) ?? { ...set, viaGroups: [], viaRole: false };
        entry.viaGroups.push(group);
        inherited.set(set.id, entry);
      }
      return {
        ...toRow(user, groups.get(user.id) ?? []),
        mustChangePassword: !user.loginNotFirst,
        directSets: direct,
        inheritedSets: [...inherited.values()],
        permissions,
        projects: projectRows,
      };
    },

    async create(
      ctx: RequestContext,
      body: Body<"create">,
    ): Promise<{ userSid: string; password: string | null }> {
      const actor = actorOf(ctx);
      const groups = await groupsInOrg(actor, body.groupIds);
      await limits.assertMayGrantGroups(
        actor,
        groups.map((g) => g.id),
      );
      if (await valueInUse(db, "account", body.account)) throw new DomainError("ACCOUNT_EXISTS");
      const email = body.email.toLowerCase();
      const userId = newId();
      await checkContacts({ ...body, email }, userId);
      const password = await passwordFor(actor.orgId, body.passwordMode, body.password);
      const now = clock.now();
      const passwordHash = await hashPassword(password);
      try {
        await db.transaction(async (tx) => {
          await insertUser(tx, {
            id: userId,
            account: body.account,
            realName: body.realName,
            email,
            mobile: body.mobile,
            passwordHash,
            orgId: actor.orgId,
            parentId: actor.userId,
            roleId: ROLE.subUser,
            loginNotFirst: !body.resetOnFirstLogin,
            pwdChangedAt: now,
            createdAt: now,
          });
          await setGroupsOf(
            tx,
            userId,
            groups.map((g) => g.id),
          );
          await record(tx, actor, "user.created", userId, {
            account: body.account,
            groups: groups.map(auditedGroupName),
            passwordMode: body.passwordMode,
            resetOnFirstLogin: body.resetOnFirstLogin,
          });
        });
      } catch (err) {
        contactConflict(err);
      }
      return { userSid: userId, password: body.passwordMode === "generated" ? password : null };
    },

    async update(ctx: RequestContext, userId: string, profile: Body<"update">) {
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const email = profile.email.toLowerCase();
      await checkContacts({ ...profile, email }, user.id);
      // A number an administrator types in waits for its owner's code before step-up may use it.
      const mobileVerifiedAt = profile.mobile === user.mobile ? user.mobileVerifiedAt : null;
      try {
        await db.transaction(async (tx) => {
          await setUserFields(tx, user.id, {
            realName: profile.realName,
            email,
            mobile: profile.mobile,
            mobileVerifiedAt,
          });
          await record(tx, actor, "user.updated", user.id, {
            account: user.account,
            ...changedFields(
              { realName: user.realName, email: user.email, mobile: user.mobile },
              { realName: profile.realName, email, mobile: profile.mobile },
              ["realName", "email", "mobile"],
            ),
          });
        });
      } catch (err) {
        contactConflict(err);
      }
      sessions.forgetUser(user.id);
      return ok;
    },

    async setStatus(ctx: RequestContext, userId: string, status: "enabled" | "disabled") {
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      await db.transaction(async (tx) => {
        await setUserFields(tx, user.id, { status });
        // A disabled user's sessions end at once, not when their cached principal expires.
        if (status === "disabled") await sessions.revokeAllOf(tx, user.id);
        await record(tx, actor, status === "disabled" ? "user.disabled" : "user.enabled", user.id, {
          account: user.account,
        });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async unlock(ctx: RequestContext, userId: string) {
      const actor = actorOf(ctx);
      const user = await target(actor, userId, true);
      await db.transaction(async (tx) => {
        await setUserFields(tx, user.id, { lockedUntil: null, failedLogins: 0, firstFailedAt: null });
        await record(tx, actor, "user.unlocked", user.id, { account: user.account });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async resetPassword(ctx: RequestContext, userId: string) {
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const password = await passwordFor(actor.orgId, "generated");
      const passwordHash = await hashPassword(password);
      // Only to a phone its owner confirmed: a number someone else typed in may not be theirs.
      const phone = user.mobileVerifiedAt ? user.mobile : null;
      const smsSent = !!phone;
      await db.transaction(async (tx) => {
        await setTemporaryPassword(tx, user.id, passwordHash, clock.now());
        await sessions.revokeAllOf(tx, user.id);
        if (phone) {
          await sendTemporaryPassword(
            tx,
            deps.messaging,
            { account: user.account, mobile: phone },
            password,
            ctx.locale,
          );
        }
        await record(tx, actor, "user.passwordReset", user.id, { account: user.account, smsSent });
      });
      sessions.forgetUser(user.id);
      return { password, smsSent };
    },

    async remove(ctx: RequestContext, userId: string) {
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const groups = await groupNamesOf(actor, await groupIdsOf(db, user.id));
      await db.transaction(async (tx) => {
        await sessions.revokeAllOf(tx, user.id);
        // Sessions, memberships, direct grants, project memberships and access keys go with the
        // row (foreign keys cascade); audit rows keep the id and name it had.
        await deleteUser(tx, user.id);
        await record(tx, actor, "user.deleted", user.id, { account: user.account, groups });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async setGroups(ctx: RequestContext, userId: string, { groupIds, confirmLastGroup }: Body<"setGroups">) {
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const groups = await groupsInOrg(actor, groupIds);
      const before = await groupIdsOf(db, user.id);
      await limits.assertMayGrantGroups(
        actor,
        groups.map((g) => g.id).filter((id) => !before.includes(id)),
      );
      if (groups.length === 0 && before.length > 0 && !confirmLastGroup)
        throw new DomainError("LAST_GROUP_REMOVAL");
      const beforeNames = await groupNamesOf(actor, before);
      await db.transaction(async (tx) => {
        await setGroupsOf(
          tx,
          user.id,
          groups.map((g) => g.id),
        );
        await record(tx, actor, "user.groupsChanged", user.id, {
          account: user.account,
          groups: { from: beforeNames, to: groups.map(auditedGroupName) },
        });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async addSet(ctx: RequestContext, userId: string, body: Body<"grantPermissionSets">) {
      const setId = body.permissionSetId;
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const set = await findVisibleSet(db, actor.orgId, setId);
      if (!set) throw new DomainError("NOT_FOUND");
      await limits.assertMayGrantSets(actor, [set.id]);
      await db.transaction(async (tx) => {
        await grantSetToUser(tx, user.id, set.id);
        await record(tx, actor, "user.permissionsChanged", user.id, {
          account: user.account,
          addedPermissionSets: [auditedSetName(set)],
        });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async removeSet(ctx: RequestContext, userId: string, query: Query<"revokePermissionSets">) {
      const setId = query.permissionSetId;
      const actor = actorOf(ctx);
      const user = await target(actor, userId);
      const set = await findVisibleSet(db, actor.orgId, setId);
      const removed = await db.transaction(async (tx) => {
        if (!set || !(await withdrawSetFromUser(tx, user.id, setId))) return false;
        await record(tx, actor, "user.permissionsChanged", user.id, {
          account: user.account,
          removedPermissionSets: [auditedSetName(set)],
        });
        return true;
      });
      if (!removed) {
        // Spec §6: a permission the user holds through a group is removed from the group, not here.
        const viaGroups = await groupSetsOf(db, user.id);
        if (viaGroups.some((row) => row.set.id === setId)) throw new DomainError("INHERITED_PERMISSION");
        throw new DomainError("NOT_FOUND");
      }
      sessions.forgetUser(user.id);
      return ok;
    },
  };
}
