// `/mgt/dashboard` (CA): the console overview under /api/overview.
import { endpoints } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { DataScopeService } from "../iam/data-scope";
import { createOverviewService } from "./overview.service";

export function registerOverview(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; timeZone: string; dataScope: DataScopeService },
) {
  const { app, guards, userRoute } = ctx;
  const service = createOverviewService(deps);

  userRoute(app, guards, endpoints.overview.get, ({ principal, locale }) => service.of(principal, locale));
}
