// Wires monthly budgets: the tenant's endpoints, and the evaluation the lifecycle step runs
// (answered so that subscriptions/services.module.ts calls it after the money of the step moved).
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import { createBudgetEvaluation } from "./budget-evaluation";
import { createBudgetNotices } from "./budget-notices";
import { registerBudgetRoutes } from "./budgets.routes";
import { createBudgetService } from "./budgets.service";

export function registerBudgets(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; timeZone: string; audit: Audit; messaging: Messaging },
) {
  registerBudgetRoutes(ctx, createBudgetService(deps));
  return createBudgetEvaluation({ ...deps, notices: createBudgetNotices(deps.messaging) });
}
export type BudgetEvaluation = ReturnType<typeof registerBudgets>;
