// Resource API of projects (spec §7 "projects", page `project`): CH04 reads, CH0401 writes. Every
// call acts on the caller's organisation; another tenant's project id answers 404.
import { endpoints } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { ProjectsService } from "./projects.service";

// tenantOnly has already refused callers without an organisation.
const orgOf = (principal: Principal): string => principal.orgId!;

export function registerProjectRoutes({ app, guards, userRoute }: ModuleContext, projects: ProjectsService) {
  userRoute(app, guards, endpoints.projects.list, ({ query, principal }) =>
    projects.list(orgOf(principal), query.keyword || undefined, query),
  );

  userRoute(app, guards, endpoints.projects.get, ({ params, principal }) =>
    projects.detail(orgOf(principal), params.projectId),
  );

  userRoute(app, guards, endpoints.projects.create, ({ body, principal, req }) =>
    projects.create(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.projects.update, ({ params, body, principal, req }) =>
    projects.update(actorOf(principal, req.ip), params.projectId, body),
  );

  userRoute(app, guards, endpoints.projects.remove, async ({ params, principal, req }) => {
    await projects.remove(actorOf(principal, req.ip), params.projectId);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.projects.memberCandidates, ({ params, query, principal }) =>
    projects.candidates(orgOf(principal), params.projectId, query.keyword || undefined, query),
  );

  userRoute(app, guards, endpoints.projects.addMembers, ({ params, body, principal, req }) =>
    projects.addMembers(actorOf(principal, req.ip), params.projectId, body.userSids),
  );

  userRoute(app, guards, endpoints.projects.removeMember, ({ params, principal, req }) =>
    projects.removeMember(actorOf(principal, req.ip), params.projectId, params.userSid),
  );
}
