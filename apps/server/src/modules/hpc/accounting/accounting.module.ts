// Wiring of HPC accounting: the hourly step (called by the lifecycle step of
// subscriptions/services.module.ts, before its money passes) and the bill's jobs endpoint.
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import type { ModuleContext } from "../../../platform/module";
import type { Messaging } from "../../../platform/outbox/messaging";
import type { Secrets } from "../../../platform/secrets";
import { registerAccountingRoutes } from "./accounting.routes";
import { createBillJobsService } from "./bill-jobs.service";
import { createClusterOf } from "./cluster-of";
import { type ClusterOf, createHpcAccounting } from "./hpc-accounting.service";

export function registerHpcAccounting(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    timeZone: string;
    messaging: Messaging;
    arrearsGraceHours: number;
    secrets: Secrets;
    clusterOf?: ClusterOf;
  },
) {
  registerAccountingRoutes(ctx, createBillJobsService(deps.db));
  return createHpcAccounting({
    ...deps,
    clusterOf: deps.clusterOf ?? createClusterOf(deps),
    onClusterError: (poolId, err) =>
      ctx.app.log.warn(
        { poolId, reason: err.reason, err: err.message },
        "HPC pool not rated: cluster failed",
      ),
  });
}
