// Resource API of projects (spec §7 "projects", page `project`): CH04 reads, CH0401 writes. Every
// call acts on the caller's organisation; another tenant's project id answers 404.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ProjectsService } from "./projects.service";

export function registerProjectRoutes({ app, guards, userRoute }: ModuleContext, projects: ProjectsService) {
  userRoute(app, guards, endpoints.projects.list, ({ ctx, query }) => projects.list(ctx, query));

  userRoute(app, guards, endpoints.projects.get, ({ ctx, params }) => projects.detail(ctx, params.projectId));

  userRoute(app, guards, endpoints.projects.create, ({ ctx, body }) => projects.create(ctx, body));

  userRoute(app, guards, endpoints.projects.update, ({ ctx, params, body }) =>
    projects.update(ctx, params.projectId, body),
  );

  userRoute(app, guards, endpoints.projects.remove, ({ ctx, params }) =>
    projects.remove(ctx, params.projectId),
  );

  userRoute(app, guards, endpoints.projects.memberCandidates, ({ ctx, params, query }) =>
    projects.candidates(ctx, params.projectId, query),
  );

  userRoute(app, guards, endpoints.projects.addMembers, ({ ctx, params, body }) =>
    projects.addMembers(ctx, params.projectId, body),
  );

  userRoute(app, guards, endpoints.projects.removeMember, ({ ctx, params }) =>
    projects.removeMember(ctx, params),
  );
}
