// `/mgt/quota` (CG): the tenant's limits and usage under /api/res/quota; `/sys/quotas` (BA08): the
// operators read and set any organisation's or project's limits under /api/ops/quotas.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { QuotaService } from "./quotas.service";

export function registerQuotaRoutes(ctx: ModuleContext, quotas: QuotaService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.quotas.tenant, ({ principal, query }) =>
    quotas.forTenant(principal, query.projectId),
  );

  userRoute(app, guards, endpoints.quotas.get, ({ query }) =>
    quotas.forOperator(query.orgId, query.projectId),
  );

  userRoute(app, guards, endpoints.quotas.update, ({ principal, body, req }) =>
    quotas.update(principal, body, req.ip),
  );
}
