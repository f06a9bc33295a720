// `/mgt/dashboard` (CA): the console overview under /api/overview.
import { overview } from "@skyledger/contracts";
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

  userRoute(app, guards, {
    method: "GET",
    url: "/api/overview",
    summary:
      "The caller's data scope at a glance: resources by kind and status, prepaid resources ending within 30 days, recent orders, orders awaiting approval and this month's postpaid spend per day",
    tags: ["overview"],
    permissions: ["CA"],
    tenantOnly: true,
    response: overview,
    handler: ({ principal, locale }) => service.of(principal, locale),
  });
}
