// A tenant's user groups (page `usergroup`, spec §3 user group): the built-in groups of spec §6,
// copied for every tenant, and the tenant's own; their members and permission sets.
import {
  auditedGroupName,
  auditedSetName,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type endpoints,
  type IamRef,
  type UserGroupDetail,
  type UserGroupRow,
} from "@skyledger/contracts";
import { changedFields } from "../../platform/audit/audit";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { type AccessControlDeps, type Actor, actorOf, recorder } from "./access-control";
import { createGrantLimits } from "./grant-limits";
import {
  addGroupMembers,
  childrenOf,
  deleteGroup,
  findGroupWithParent,
  findOrgGroup,
  type GroupFilter,
  type GroupRecord,
  groupNameTaken,
  insertGroup,
  listGroups,
  memberIdsOf,
  membersOf,
  removeGroupMember,
  setSetsOfGroup,
  setsOfGroups,
  soleMembersOf,
  updateGroup,
} from "./groups.repo";
import { ROLE } from "./iam.repo";
import { visibleSetsByIds } from "./permission-sets.repo";
import { orgUsersByIds } from "./users.repo";

export type GroupsService = ReturnType<typeof createGroupsService>;

type Body<K extends keyof typeof endpoints.groups> = EndpointBody<(typeof endpoints.groups)[K]>;
type Query<K extends keyof typeof endpoints.groups> = EndpointQuery<(typeof endpoints.groups)[K]>;

const ok = { ok: true } as const;

const ref = (g: GroupRecord): IamRef => ({ id: g.id, name: g.name, key: g.key, builtIn: g.builtIn });

// Deeper hierarchies than this are refused as if they were cycles: a walk must end.
const MAX_DEPTH = 32;

export function createGroupsService(deps: AccessControlDeps) {
  const { db, clock, sessions } = deps;
  const record = recorder(deps.audit);
  const limits = createGrantLimits(db);

  function toRow(
    row: { group: GroupRecord; parent: GroupRecord | null; memberCount: number },
    sets: IamRef[],
  ): UserGroupRow {
    return {
      ...ref(row.group),
      description: row.group.description ?? "",
      parent: row.parent ? ref(row.parent) : null,
      memberCount: Number(row.memberCount),
      permissionSets: sets,
      createdAt: row.group.createdAt.toISOString(),
    };
  }

  async function mustFind(actor: Actor, groupId: string): Promise<GroupRecord> {
    const group = await findOrgGroup(db, actor.orgId, groupId);
    if (!group) throw new DomainError("NOT_FOUND");
    return group;
  }

  /** The parent must be a group of the same organisation and must not sit below `groupId`. */
  async function checkParent(actor: Actor, parentId: string | null, groupId?: string) {
    if (!parentId) return;
    let current = await findOrgGroup(db, actor.orgId, parentId);
    if (!current) throw new DomainError("NOT_FOUND");
    for (let depth = 0; current; depth++) {
      if (current.id === groupId || depth > MAX_DEPTH) throw new DomainError("GROUP_PARENT_CYCLE");
      current = current.parentId ? await findOrgGroup(db, actor.orgId, current.parentId) : undefined;
    }
  }

  async function checkName(actor: Actor, name: string, exceptId?: string) {
    if (await groupNameTaken(db, actor.orgId, name, exceptId)) throw new DomainError("NAME_EXISTS", { name });
  }

  /** The sets of `setIds` the organisation may grant, in the order asked. */
  async function assignableSets(actor: Actor, setIds: string[]) {
    const unique = [...new Set(setIds)];
    const sets = await visibleSetsByIds(db, actor.orgId, unique);
    if (sets.length !== unique.length) throw new DomainError("NOT_FOUND");
    return unique.map((id) => sets.find((s) => s.id === id)!);
  }

  /** A group's parent as its audit rows name it. */
  async function parentName(actor: Actor, parentId: string | null): Promise<string | null> {
    const parent = parentId ? await findOrgGroup(db, actor.orgId, parentId) : undefined;
    return parent ? auditedGroupName(parent) : null;
  }

  function forgetAll(userIds: string[]) {
    for (const id of userIds) sessions.forgetUser(id);
  }

  return {
    async list(ctx: RequestContext, filter: GroupFilter) {
      const page = await listGroups(db, ctx.ownTenant(), filter);
      const sets = await setsOfGroups(
        db,
        page.list.map((r) => r.group.id),
      );
      return { ...page, list: page.list.map((r) => toRow(r, sets.get(r.group.id) ?? [])) };
    },

    async detail(ctx: RequestContext, groupId: string): Promise<UserGroupDetail> {
      const row = await findGroupWithParent(db, ctx.ownTenant(), groupId);
      if (!row) throw new DomainError("NOT_FOUND");
      const [sets, members, children] = await Promise.all([
        setsOfGroups(db, [groupId]),
        membersOf(db, groupId),
        childrenOf(db, groupId),
      ]);
      return {
        ...toRow(row, sets.get(groupId) ?? []),
        members: members.map(({ user, groupCount }) => ({
          userSid: user.id,
          account: user.account,
          realName: user.realName,
          status: user.status,
          roleType: user.roleId === ROLE.tenantAdmin ? ("tenantAdmin" as const) : ("subUser" as const),
          groupCount: Number(groupCount),
        })),
        children: children.map(ref),
      };
    },

    async create(ctx: RequestContext, body: Body<"create">): Promise<{ id: string }> {
      const actor = actorOf(ctx);
      await checkName(actor, body.name);
      await checkParent(actor, body.parentId);
      const sets = await assignableSets(actor, body.permissionSetIds);
      const setIds = sets.map((s) => s.id);
      await limits.assertMayGrantSets(actor, setIds);
      const parentGroup = await parentName(actor, body.parentId);
      const id = newId();
      await db.transaction(async (tx) => {
        await insertGroup(tx, {
          id,
          orgId: actor.orgId,
          name: body.name,
          description: body.description || null,
          parentId: body.parentId,
          builtIn: false,
          createdBy: actor.userId,
          createdAt: clock.now(),
        });
        await setSetsOfGroup(tx, id, setIds);
        await record(tx, actor, "group.created", id, {
          name: body.name,
          ...(parentGroup ? { parentGroup } : {}),
          permissionSets: sets.map(auditedSetName),
        });
      });
      return { id };
    },

    async update(ctx: RequestContext, groupId: string, body: Body<"update">) {
      const actor = actorOf(ctx);
      const group = await mustFind(actor, groupId);
      // Built-in groups keep their name (and are named in the reader's language by their key).
      if (group.builtIn && body.name !== group.name) throw new DomainError("BUILT_IN_READ_ONLY");
      if (!group.builtIn) await checkName(actor, body.name, group.id);
      await checkParent(actor, body.parentId, group.id);
      const before = {
        name: auditedGroupName(group),
        description: group.description ?? "",
        parentGroup: await parentName(actor, group.parentId),
      };
      const after = {
        name: group.builtIn ? before.name : body.name,
        description: body.description ?? "",
        parentGroup: await parentName(actor, body.parentId),
      };
      await db.transaction(async (tx) => {
        await updateGroup(tx, group.id, {
          name: body.name,
          description: body.description || null,
          parentId: body.parentId,
        });
        await record(tx, actor, "group.updated", group.id, {
          name: before.name,
          ...changedFields(before, after, ["name", "description", "parentGroup"]),
        });
      });
      return ok;
    },

    async remove(ctx: RequestContext, groupId: string, { confirmLastGroup }: Query<"remove">) {
      const actor = actorOf(ctx);
      const group = await mustFind(actor, groupId);
      if (group.builtIn) throw new DomainError("BUILT_IN_READ_ONLY");
      if ((await childrenOf(db, group.id)).length > 0) throw new DomainError("GROUP_HAS_CHILDREN");
      if ((await soleMembersOf(db, group.id)).length > 0 && !confirmLastGroup)
        throw new DomainError("LAST_GROUP_REMOVAL");
      const members = await memberIdsOf(db, group.id);
      await db.transaction(async (tx) => {
        await deleteGroup(tx, group.id);
        await record(tx, actor, "group.deleted", group.id, { name: group.name, memberCount: members.length });
      });
      forgetAll(members);
      return ok;
    },

    async addMembers(ctx: RequestContext, groupId: string, { userIds }: Body<"addMembers">) {
      const actor = actorOf(ctx);
      const group = await mustFind(actor, groupId);
      const unique = [...new Set(userIds)];
      const found = await orgUsersByIds(db, actor.orgId, unique);
      if (found.length !== unique.length) throw new DomainError("NOT_FOUND");
      if (found.some((u) => u.id === actor.userId)) throw new DomainError("CANNOT_ACT_ON_SELF");
      if (found.some((u) => u.roleId !== ROLE.subUser)) throw new DomainError("BUILT_IN_READ_ONLY");
      await limits.assertMayGrantGroups(actor, [group.id]);
      await db.transaction(async (tx) => {
        await addGroupMembers(tx, group.id, unique);
        await record(tx, actor, "group.membersChanged", group.id, {
          name: auditedGroupName(group),
          addedMembers: found.map((u) => u.account),
        });
      });
      forgetAll(unique);
      return ok;
    },

    async removeMember(
      ctx: RequestContext,
      { id: groupId, userSid: userId }: EndpointParams<typeof endpoints.groups.removeMember>,
      { confirmLastGroup }: Query<"removeMember">,
    ) {
      const actor = actorOf(ctx);
      const group = await mustFind(actor, groupId);
      const [user] = await orgUsersByIds(db, actor.orgId, [userId]);
      const members = await memberIdsOf(db, group.id);
      if (!user || !members.includes(user.id)) throw new DomainError("NOT_FOUND");
      if (user.id === actor.userId) throw new DomainError("CANNOT_ACT_ON_SELF");
      if (user.roleId !== ROLE.subUser) throw new DomainError("BUILT_IN_READ_ONLY");
      await limits.assertMayManage(actor, user.id);
      if ((await soleMembersOf(db, group.id)).includes(user.id) && !confirmLastGroup)
        throw new DomainError("LAST_GROUP_REMOVAL");
      await db.transaction(async (tx) => {
        await removeGroupMember(tx, group.id, user.id);
        await record(tx, actor, "group.membersChanged", group.id, {
          name: auditedGroupName(group),
          removedMembers: [user.account],
        });
      });
      sessions.forgetUser(user.id);
      return ok;
    },

    async setSets(ctx: RequestContext, groupId: string, body: Body<"setPermissionSets">) {
      const actor = actorOf(ctx);
      const group = await mustFind(actor, groupId);
      const sets = await assignableSets(actor, body.permissionSetIds);
      const ids = sets.map((s) => s.id);
      const held = (await setsOfGroups(db, [group.id])).get(group.id) ?? [];
      const before = held.map((s) => s.id);
      await limits.assertMayGrantSets(
        actor,
        ids.filter((id) => !before.includes(id)),
      );
      await db.transaction(async (tx) => {
        await setSetsOfGroup(tx, group.id, ids);
        await record(tx, actor, "group.permissionsChanged", group.id, {
          name: auditedGroupName(group),
          permissionSets: { from: held.map(auditedSetName), to: sets.map(auditedSetName) },
        });
      });
      forgetAll(await memberIdsOf(db, group.id));
      return ok;
    },
  };
}
