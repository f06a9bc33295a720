// Routes of the AI development platform (`/mgt/modelarts`): CB19, the AI resource pool set.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { PlatformService } from "../platform/platform.service";
import type { TrainingService } from "./training.service";

export function registerTrainingRoutes(ctx: ModuleContext, s: TrainingService, platform: PlatformService) {
  const { app, guards, userRoute } = ctx;
  const e = endpoints.modelarts;
  userRoute(app, guards, e.platform, ({ ctx }) => platform.status(ctx));
  userRoute(app, guards, e.listPools, ({ ctx }) => s.pools(ctx));
  userRoute(app, guards, e.listJobs, ({ ctx, query }) => s.list(ctx, query));
  userRoute(app, guards, e.getJob, ({ ctx, params }) => s.get(ctx, params.id));
  userRoute(app, guards, e.submitJob, ({ ctx, body }) => s.submit(ctx, body));
  userRoute(app, guards, e.stopJob, ({ ctx, params }) => s.stop(ctx, params.id));
}
