// `/mgt/quota` (CG): the tenant's limits and usage under /api/res/quota; `/sys/quotas` (BA08): the
// operators read and set any organisation's or project's limits under /api/ops/quotas.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { QuotaService } from "./quotas.service";

export function registerQuotaRoutes(ctx: ModuleContext, quotas: QuotaService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.quotas.tenant, ({ ctx, query }) => quotas.forTenant(ctx, query));
  userRoute(app, guards, endpoints.quotas.get, ({ query }) => quotas.forOperator(query));
  userRoute(app, guards, endpoints.quotas.update, ({ ctx, body }) => quotas.update(ctx, body));
}
