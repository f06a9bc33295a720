// Cloud hosts (`/mgt/cloudhost`, `/mgt/host/{id}/detail`, `/mgt/host/monitor/overview/{id}`, CB01)
// and every resource of the caller (`/products/resources`).
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
