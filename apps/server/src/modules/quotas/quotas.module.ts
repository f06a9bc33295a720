// Wires quotas: the service behind the tenant and operator endpoints. Ordering uses the guard
// (quota.guard.ts) directly inside its own transaction.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { DataScopeService } from "../iam/data-scope";
import { registerQuotaRoutes } from "./quotas.routes";
import { createQuotaService } from "./quotas.service";

export function registerQuotas(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; dataScope: DataScopeService },
) {
  registerQuotaRoutes(ctx, createQuotaService(deps));
}
