// Wires file storage and the elastic file service (issue 16 item 2): the tenant's routes over the
// shares the simulator provider makes (decision 0025). Ordering, the capacity change (the one
// storage rule set), renewal and unsubscribe are the common paths'; the elastic file product's public
// landing (`/apply/share/{id}`) is here too. Called by
// subscriptions/services.module.ts once the resources service exists.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Provider } from "../../providers/provider";
import type { ResourcesService } from "../resources/resources.service";
import { registerFileShareRoutes } from "./fileshares.routes";
import { createFileSharesService, type FileLimitsOf } from "./fileshares.service";
import { createFileLandingService } from "./landing.service";

export function registerFileShares(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    audit: Audit;
    provider: Provider;
    resources: ResourcesService;
    limitsOf: FileLimitsOf;
  },
) {
  registerFileShareRoutes(ctx, createFileSharesService(deps), createFileLandingService(deps));
}
