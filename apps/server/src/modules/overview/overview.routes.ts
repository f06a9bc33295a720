// `/mgt/dashboard` (CA): the console overview under /api/overview; `/sys/overview`: the operators'
// dashboard under /api/ops/dashboard.
import { endpoints } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { createOpsDashboardService } from "./ops-dashboard.service";
import { createOverviewService } from "./overview.service";

export function registerOverview(ctx: ModuleContext, deps: { db: Db; clock: Clock; timeZone: string }) {
  const { app, guards, userRoute } = ctx;
  const service = createOverviewService(deps);

  userRoute(app, guards, endpoints.overview.get, ({ ctx, query }) => service.of(ctx, query));

  const dashboard = createOpsDashboardService(deps);
  userRoute(app, guards, endpoints.opsDashboard.get, ({ ctx }) => dashboard.of(ctx));
  userRoute(app, guards, endpoints.opsDashboard.moneyMovements, ({ query }) => dashboard.movements(query));
}
