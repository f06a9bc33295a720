// `/mgt/quota` (CG): the tenant's limits and usage under /api/res/quota; `/sys/quotas` (BA08): the
// operators read and set any organisation's or project's limits under /api/ops/quotas.
import {
  opsQuotaQuery,
  quotaOverview,
  quotaQuery,
  quotaUpdateBody,
  quotaUpdateResult,
} from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { QuotaService } from "./quotas.service";

const tags = ["quotas"];

export function registerQuotaRoutes(ctx: ModuleContext, quotas: QuotaService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/quota",
    summary:
      "Limits, usage and room of the organisation and, with projectId, of one project in the caller's data scope",
    tags,
    permissions: ["CG"],
    tenantOnly: true,
    querystring: quotaQuery,
    response: quotaOverview,
    handler: ({ principal, query }) => quotas.forTenant(principal, query.projectId),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/quotas",
    summary: "An organisation's (and optionally one project's) limits, usage and room",
    tags,
    permissions: ["BA08"],
    querystring: opsQuotaQuery,
    response: quotaOverview,
    handler: ({ query }) => quotas.forOperator(query.orgId, query.projectId),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/ops/quotas",
    summary:
      "Set (a number) or remove (null) limits of an organisation or project; limits below current usage are accepted and listed in overLimit",
    tags,
    permissions: ["BA08"],
    body: quotaUpdateBody,
    response: quotaUpdateResult,
    handler: ({ principal, body, req }) => quotas.update(principal, body, req.ip),
  });
}
