// Projects of a tenant (page `project`): create, edit, delete, and who is a member. Members see only
// their projects' resources (data-scope.ts), so membership changes drop the members' cached scope.
import type { ProjectDetail, ProjectMember, ProjectRecord, projectBody } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageOf, type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { type Actor, uniqueViolation } from "./access-control";
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

export type ProjectInput = z.output<typeof projectBody>;

type Found = NonNullable<Awaited<ReturnType<typeof findProject>>>;

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

  async function detail(orgId: string, projectId: string, tx: Tx = db): Promise<ProjectDetail> {
    const found = await mustFind(orgId, projectId, tx);
    const members: ProjectMember[] = await membersOf(tx, projectId);
    return { ...recordOf(found), members };
  }

  async function refuseTakenName(orgId: string, name: string, except?: string): Promise<void> {
    const clash = await projectNamed(db, orgId, name);
    if (clash && clash.id !== except) throw new DomainError("NAME_EXISTS", { name });
  }

  async function record(
    tx: Tx,
    actor: Actor,
    action: string,
    target: string,
    detail: Record<string, unknown>,
  ) {
    await audit.record(tx, {
      action,
      actorId: actor.userId,
      orgId: actor.orgId,
      target,
      ip: actor.ip,
      detail,
    });
  }

  const forget = (userIds: string[]) => {
    for (const id of userIds) sessions.forgetUser(id);
  };

  return {
    detail,

    list(orgId: string, keyword: string | undefined, page: PageRequest): Promise<PageOf<ProjectRecord>> {
      const q = listProjects(db, orgId, keyword);
      return pageOf(page, q.rows, q.total, recordOf);
    },

    async create(actor: Actor, input: ProjectInput): Promise<ProjectDetail> {
      const { orgId } = actor;
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
            createdBy: actor.userId,
            createdAt: clock.now(),
          });
          await record(tx, actor, "project.created", id, { name: input.name });
        });
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw new DomainError("NAME_EXISTS", { name: input.name });
        throw err;
      }
      return detail(orgId, id);
    },

    async update(actor: Actor, projectId: string, input: ProjectInput): Promise<ProjectDetail> {
      const { orgId } = actor;
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
          const after = await detail(orgId, projectId, tx);
          await record(tx, actor, "project.updated", projectId, {
            before: Object.fromEntries(fields.map((f) => [f, before[f]])),
            after: Object.fromEntries(fields.map((f) => [f, after[f]])),
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
    async remove(actor: Actor, projectId: string): Promise<void> {
      const { orgId } = actor;
      const found = await mustFind(orgId, projectId);
      const members = await db.transaction(async (tx) => {
        const ids = await memberIdsOf(tx, projectId);
        await clearChosenProject(tx, projectId);
        await deleteProject(tx, projectId);
        await record(tx, actor, "project.deleted", projectId, {
          name: found.project.name,
          members: ids.length,
        });
        return ids;
      });
      forget(members);
    },

    async addMembers(actor: Actor, projectId: string, userSids: string[]): Promise<ProjectDetail> {
      const { orgId } = actor;
      await mustFind(orgId, projectId);
      await limits.assertMayGrantProject(actor, projectId);
      const wanted = [...new Set(userSids)];
      // A user of another organisation is answered like an unknown one, and nobody is added.
      const ofOrg = await usersOfOrg(db, orgId, wanted);
      if (ofOrg.length !== wanted.length) throw new DomainError("NOT_FOUND");
      const already = new Set(await memberIdsOf(db, projectId));
      const added = wanted.filter((id) => !already.has(id));
      if (added.length > 0) {
        await db.transaction(async (tx) => {
          await addProjectMembers(tx, projectId, added);
          await record(tx, actor, "project.membersChanged", projectId, { added });
        });
        forget(added);
      }
      return detail(orgId, projectId);
    },

    async removeMember(actor: Actor, projectId: string, userSid: string): Promise<ProjectDetail> {
      const { orgId } = actor;
      await mustFind(orgId, projectId);
      const removed = await db.transaction(async (tx) => {
        if (!(await removeProjectMember(tx, projectId, userSid))) return false;
        await clearChosenProject(tx, projectId, [userSid]);
        await record(tx, actor, "project.membersChanged", projectId, { removed: [userSid] });
        return true;
      });
      if (!removed) throw new DomainError("NOT_FOUND");
      forget([userSid]);
      return detail(orgId, projectId);
    },

    async candidates(orgId: string, projectId: string, keyword: string | undefined, page: PageRequest) {
      await mustFind(orgId, projectId);
      const q = candidatesOf(db, orgId, projectId, keyword);
      return pageOf(page, q.rows, q.total, (row): ProjectMember => row);
    },
  };
}
