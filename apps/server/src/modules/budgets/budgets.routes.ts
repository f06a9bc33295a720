// `/mgt/budget` (CC09 reads, CC0901 changes): the organisation's monthly budgets.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { BudgetService } from "./budgets.service";

export function registerBudgetRoutes({ app, guards, userRoute }: ModuleContext, budgets: BudgetService) {
  userRoute(app, guards, endpoints.budgets.list, ({ ctx }) => budgets.overview(ctx));

  userRoute(app, guards, endpoints.budgets.create, ({ ctx, body }) => budgets.create(ctx, body));

  userRoute(app, guards, endpoints.budgets.update, ({ ctx, params, body }) =>
    budgets.update(ctx, params.id, body.amount),
  );

  userRoute(app, guards, endpoints.budgets.remove, ({ ctx, params }) => budgets.remove(ctx, params.id));

  userRoute(app, guards, endpoints.budgets.saveSettings, ({ ctx, body }) =>
    budgets.saveSettings(ctx, body.forecastDays),
  );
}
