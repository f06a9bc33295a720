// Projects of a tenant (page `project`): create, edit, delete, and who is a member. Members see only
// their projects' resources (data-scope.ts), so membership changes drop the members' cached scope.
import type {
  AuditDetail,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  endpoints,
  ProjectDetail,
  ProjectMember,
  ProjectRecord,
  projectBody,
} from "@skyledger/contracts";
import type { z } from "zod";
import { type Audit, changedFields } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageOf, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { actorOf, uniqueViolation } from "./access-control";
import { createGrantLimits } from "./grant-limits";
import {
  addProjectMembers,
  candidatesOf,
  clearChosenProject,
  deleteProject,
  findProject,
  insertProject,
  listProjects,
  memberIdsOf,
  membersOf,
  projectNamed,
  removeProjectMember,
  updateProject,
  usersOfOrg,
} from "./projects.repo";
import type { UserSessions } from "./user-sessions";
import { accountNamesOf } from "./users.repo";

export type ProjectInput = z.output<typeof projectBody>;

type Found = NonNullable<Awaited<ReturnType<typeof findProject>>>;
type Query<K extends keyof typeof endpoints.projects> = EndpointQuery<(typeof endpoints.projects)[K]>;

function recordOf({ project, memberCount, createdBy }: Found): ProjectRecord {
  return {
    projectId: project.id,
    name: project.name,
    description: project.description ?? "",
    contact: project.contact ?? "",
    phone: project.phone ?? "",
    memberCount,
    createdAt: project.createdAt.toISOString(),
    createdBy,
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

export function createProjectsService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: Pick<UserSessions, "forgetUser">;
}) {
  const { db, clock, audit, sessions } = deps;
  const limits = createGrantLimits(db);

  async function mustFind(orgId: string, projectId: string, tx: Tx = db): Promise<Found> {
    const found = await findProject(tx, orgId, projectId);
    if (!found) throw new DomainError("NOT_FOUND");
    return found;
  }

  async function detailOf(orgId: string, projectId: string, tx: Tx = db): Promise<ProjectDetail> {
    const found = await mustFind(orgId, projectId, tx);
    const members: ProjectMember[] = await membersOf(tx, projectId);
    return { ...recordOf(found), members };
  }

  async function refuseTakenName(orgId: string, name: string, except?: string): Promise<void> {
    const clash = await projectNamed(db, orgId, name);
    if (clash && clash.id !== except) throw new DomainError("NAME_EXISTS", { name });
  }

  async function record(tx: Tx, ctx: RequestContext, action: string, target: string, detail: AuditDetail) {
    await audit.record(tx, { action, ...ctx.auditBy, target, detail });
  }

  const forget = (userIds: string[]) => {
    for (const id of userIds) sessions.forgetUser(id);
  };

  return {
    detail: (ctx: RequestContext, projectId: string) => detailOf(ctx.ownTenant(), projectId),

    list(ctx: RequestContext, query: Query<"list">): Promise<PageOf<ProjectRecord>> {
      const q = listProjects(db, ctx.ownTenant(), query.keyword || undefined);
      return pageOf(query, q.rows, q.total, recordOf);
    },

    async create(ctx: RequestContext, input: ProjectInput): Promise<ProjectDetail> {
      const orgId = ctx.ownTenant();
      await refuseTakenName(orgId, input.name);
      const id = newId();
      try {
        await db.transaction(async (tx) => {
          await insertProject(tx, {
            id,
            orgId,
            name: input.name,
            description: input.description || null,
            contact: input.contact,
            phone: input.phone,
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          await record(tx, ctx, "project.created", id, { name: input.name });
        });
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw new DomainError("NAME_EXISTS", { name: input.name });
        throw err;
      }
      return detailOf(orgId, id);
    },

    async update(ctx: RequestContext, projectId: string, input: ProjectInput): Promise<ProjectDetail> {
      const orgId = ctx.ownTenant();
      const before = recordOf(await mustFind(orgId, projectId));
      await refuseTakenName(orgId, input.name, projectId);
      const fields = ["name", "description", "contact", "phone"] as const;
      try {
        return await db.transaction(async (tx) => {
          await updateProject(tx, projectId, {
            name: input.name,
            description: input.description || null,
            contact: input.contact,
            phone: input.phone,
          });
          const after = await detailOf(orgId, projectId, tx);
          await record(tx, ctx, "project.updated", projectId, {
            name: before.name,
            ...changedFields(before, after, fields),
          });
          return after;
        });
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw new DomainError("NAME_EXISTS", { name: input.name });
        throw err;
      }
    },

    // No resource belongs to a project yet (resources arrive with their own issue), so deleting
    // a project only ends its memberships.
    async remove(ctx: RequestContext, projectId: string) {
      const found = await mustFind(ctx.ownTenant(), projectId);
      const members = await db.transaction(async (tx) => {
        const ids = await memberIdsOf(tx, projectId);
        await clearChosenProject(tx, projectId);
        await deleteProject(tx, projectId);
        await record(tx, ctx, "project.deleted", projectId, {
          name: found.project.name,
          memberCount: ids.length,
        });
        return ids;
      });
      forget(members);
      return { ok: true as const };
    },

    async addMembers(
      ctx: RequestContext,
      projectId: string,
      body: EndpointBody<typeof endpoints.projects.addMembers>,
    ): Promise<ProjectDetail> {
      const actor = actorOf(ctx);
      const { orgId } = actor;
      const found = await mustFind(orgId, projectId);
      await limits.assertMayGrantProject(actor, projectId);
      const wanted = [...new Set(body.userSids)];
      // A user of another organisation is answered like an unknown one, and nobody is added.
      const ofOrg = await usersOfOrg(db, orgId, wanted);
      if (ofOrg.length !== wanted.length) throw new DomainError("NOT_FOUND");
      const already = new Set(await memberIdsOf(db, projectId));
      const added = wanted.filter((id) => !already.has(id));
      if (added.length > 0) {
        await db.transaction(async (tx) => {
          await addProjectMembers(tx, projectId, added);
          const accounts = await accountNamesOf(tx, added);
          await record(tx, ctx, "project.membersChanged", projectId, {
            name: found.project.name,
            addedMembers: added.map((id) => accounts.get(id) ?? ""),
          });
        });
        forget(added);
      }
      return detailOf(orgId, projectId);
    },

    async removeMember(
      ctx: RequestContext,
      { projectId, userSid }: EndpointParams<typeof endpoints.projects.removeMember>,
    ): Promise<ProjectDetail> {
      const orgId = ctx.ownTenant();
      const found = await mustFind(orgId, projectId);
      const removed = await db.transaction(async (tx) => {
        const account = (await accountNamesOf(tx, [userSid])).get(userSid) ?? "";
        if (!(await removeProjectMember(tx, projectId, userSid))) return false;
        await clearChosenProject(tx, projectId, [userSid]);
        await record(tx, ctx, "project.membersChanged", projectId, {
          name: found.project.name,
          removedMembers: [account],
        });
        return true;
      });
      if (!removed) throw new DomainError("NOT_FOUND");
      forget([userSid]);
      return detailOf(orgId, projectId);
    },

    async candidates(ctx: RequestContext, projectId: string, query: Query<"memberCandidates">) {
      const orgId = ctx.ownTenant();
      await mustFind(orgId, projectId);
      const q = candidatesOf(db, orgId, projectId, query.keyword || undefined);
      return pageOf(query, q.rows, q.total, (row): ProjectMember => row);
    },
  };
}
