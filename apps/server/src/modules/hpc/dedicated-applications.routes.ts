// Dedicated pool applications (`/mgt/innerservice`): the tenant's list under /api/hpc (CB18), the
// operators' list, activate and close under /api/ops/hpc (BA07, the approval queue's code).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { DedicatedApplicationsService } from "./dedicated-applications.service";

export function registerDedicatedApplicationRoutes(ctx: ModuleContext, s: DedicatedApplicationsService) {
  const { app, guards, userRoute } = ctx;
  const e = endpoints.hpcDedicated;
  userRoute(app, guards, e.listApplications, ({ ctx, query }) => s.list(ctx, query));
  userRoute(app, guards, e.listAllApplications, ({ ctx, query }) => s.listAll(ctx, query));
  userRoute(app, guards, e.activateApplication, ({ ctx, params, body }) => s.activate(ctx, params.id, body));
  userRoute(app, guards, e.closeQuote, ({ ctx, params }) => s.closeQuote(ctx, params.id));
  userRoute(app, guards, e.closeApplication, ({ ctx, params, body }) => s.close(ctx, params.id, body));
}
