// Resource API of projects (spec §7 "projects", page `project`): CH04 reads, CH0401 writes. Every
// call acts on the caller's organisation; another tenant's project id answers 404.
import {
  ok,
  page,
  projectBody,
  projectCandidateQuery,
  projectDetail,
  projectIdParams,
  projectMember,
  projectMemberParams,
  projectMembersBody,
  projectQuery,
  projectRecord,
} from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { ProjectsService } from "./projects.service";

// tenantOnly has already refused callers without an organisation.
const orgOf = (principal: Principal): string => principal.orgId!;

export function registerProjectRoutes({ app, guards, userRoute }: ModuleContext, projects: ProjectsService) {
  const tags = ["access control"];
  const base = "/api/res/projects";

  userRoute(app, guards, {
    method: "GET",
    url: base,
    summary: "Projects of the caller's organisation, with member counts",
    tags,
    permissions: ["CH04"],
    tenantOnly: true,
    querystring: projectQuery,
    response: page(projectRecord),
    handler: ({ query, principal }) => projects.list(orgOf(principal), query.keyword || undefined, query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${base}/:projectId`,
    summary: "One project with its members",
    tags,
    permissions: ["CH04"],
    tenantOnly: true,
    params: projectIdParams,
    response: projectDetail,
    handler: ({ params, principal }) => projects.detail(orgOf(principal), params.projectId),
  });

  userRoute(app, guards, {
    method: "POST",
    url: base,
    summary: "Create a project (name unique in the organisation)",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    body: projectBody,
    response: projectDetail,
    handler: ({ body, principal, req }) => projects.create(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${base}/:projectId`,
    summary: "Edit a project's name, description, contact and phone",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    params: projectIdParams,
    body: projectBody,
    response: projectDetail,
    handler: ({ params, body, principal, req }) =>
      projects.update(actorOf(principal, req.ip), params.projectId, body),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${base}/:projectId`,
    summary: "Delete a project and its memberships",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    params: projectIdParams,
    response: ok,
    handler: async ({ params, principal, req }) => {
      await projects.remove(actorOf(principal, req.ip), params.projectId);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${base}/:projectId/candidates`,
    summary: "Users of the organisation who are not members of the project yet (member picker)",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    params: projectIdParams,
    querystring: projectCandidateQuery,
    response: page(projectMember),
    handler: ({ params, query, principal }) =>
      projects.candidates(orgOf(principal), params.projectId, query.keyword || undefined, query),
  });

  userRoute(app, guards, {
    method: "POST",
    url: `${base}/:projectId/members`,
    summary: "Add users of the organisation to a project",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    params: projectIdParams,
    body: projectMembersBody,
    response: projectDetail,
    handler: ({ params, body, principal, req }) =>
      projects.addMembers(actorOf(principal, req.ip), params.projectId, body.userSids),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${base}/:projectId/members/:userSid`,
    summary: "Remove a member from a project",
    tags,
    permissions: ["CH0401"],
    tenantOnly: true,
    params: projectMemberParams,
    response: projectDetail,
    handler: ({ params, principal, req }) =>
      projects.removeMember(actorOf(principal, req.ip), params.projectId, params.userSid),
  });
}
