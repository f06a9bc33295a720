// Wires quotas: the service behind the tenant and operator endpoints, and the guard ordering runs
// inside its own transactions (returned to the wiring). Usage comes from the module that runs
// resources, through the interface quotas owns (quota-port.ts).

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { createQuotaGuard } from "./quota.guard";
import type { QuotaGuard, QuotaUsageSource } from "./quota-port";
import { registerQuotaRoutes } from "./quotas.routes";
import { createQuotaService } from "./quotas.service";

export function registerQuotas(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; usage: QuotaUsageSource },
): QuotaGuard {
  registerQuotaRoutes(ctx, createQuotaService(deps));
  return createQuotaGuard(deps.usage);
}
