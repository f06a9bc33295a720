// Cloud hosts (`/mgt/cloudhost`, `/mgt/host/{id}/detail`, `/mgt/host/monitor/overview/{id}`, CB01),
// every resource of the caller (`/products/resources`) and those unsubscribe management
// (`/unsubscribe`) offers.
import {
  hostActionBody,
  metricsQuery,
  metricsSeries,
  page,
  renameBody,
  resourceDetail,
  resourceParams,
  resourceQuery,
  resourceRecord,
  UNSUBSCRIBE_PAGE_CODES,
} from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ResourcesService } from "./resources.service";

export function registerResourceRoutes(ctx: ModuleContext, resources: ResourcesService) {
  const { app, guards, userRoute } = ctx;
  const tags = ["resources"];

  userRoute(app, guards, {
    method: "GET",
    url: "/api/products/resources",
    summary: "Every resource in the caller's data scope (filter by kind, status, project, expiry)",
    tags,
    permissions: ["CA", "CC08"],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.list(principal, query, locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/service/unsubscribable",
    summary:
      "The resources the caller may unsubscribe: of the kinds whose code they hold (host CB01, disk CB02, elastic IP CB09), not already being released; filter by kind, name, payment type, status, project",
    tags,
    // The page's codes: a holder of only spec §2's AI-pool or file-service codes sees an empty list.
    permissions: [...UNSUBSCRIBE_PAGE_CODES],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.unsubscribable(principal, query, locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/hosts",
    summary: "Cloud hosts with status and indicators",
    tags,
    permissions: ["CB01"],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.list(principal, query, locale, "host"),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/hosts/:id",
    summary: "One cloud host with its attachments and error log",
    tags,
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale }) => resources.detail(principal, params.id, locale, "host"),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/hosts/:id/action",
    summary: "Start, stop, reboot or rebuild a host (where its state allows)",
    tags,
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    body: hostActionBody,
    response: resourceDetail,
    handler: ({ principal, params, body, locale, req }) =>
      resources.act(principal, params.id, body, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/res/hosts/:id/name",
    summary: "Rename a host",
    tags,
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    body: renameBody,
    response: resourceDetail,
    handler: ({ principal, params, body, locale, req }) =>
      resources.rename(principal, params.id, body.name, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/hosts/:id/metrics",
    summary: "CPU, memory, disk and network series of a host over a range",
    tags,
    permissions: ["CB01"],
    tenantOnly: true,
    params: resourceParams,
    querystring: metricsQuery,
    response: metricsSeries,
    handler: ({ principal, params, query }) => resources.metrics(principal, params.id, query.range),
  });
}
