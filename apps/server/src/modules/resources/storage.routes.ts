// Disks (`/mgt/blockstorage`, CB02), elastic IPs (`/mgt/floatip`, CB09) and snapshots
// (`/mgt/snapshot`, `/mgt/snapshots/create`, CB0116). Disks and IPs are bought through
// `/service/apply` and unsubscribed through `/service/unsubscribe/{id}`; snapshots are made here.
import {
  attachBody,
  ok,
  page,
  resourceDetail,
  resourceParams,
  resourceQuery,
  resourceRecord,
  snapshotCreateBody,
} from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AttachmentsService } from "./attachments.service";
import type { ResourcesService } from "./resources.service";
import type { SnapshotsService } from "./snapshots.service";

export function registerStorageRoutes(
  ctx: ModuleContext,
  deps: { resources: ResourcesService; attachments: AttachmentsService; snapshots: SnapshotsService },
) {
  const { app, guards, userRoute } = ctx;
  const { resources, attachments, snapshots } = deps;
  const tags = ["resources"];

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/volumes",
    summary: "Cloud disks with their status, size, type and the host they are attached to",
    tags,
    permissions: ["CB02"],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.list(principal, query, locale, "disk"),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/volumes/:id",
    summary: "One cloud disk",
    tags,
    permissions: ["CB02"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale }) => resources.detail(principal, params.id, locale, "disk"),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/volumes/:id/attach",
    summary: "Attach an available disk to a running or stopped host of the caller (mounting → in use)",
    tags,
    permissions: ["CB02"],
    tenantOnly: true,
    params: resourceParams,
    body: attachBody,
    response: resourceDetail,
    handler: ({ principal, params, body, locale, req }) =>
      attachments.attachVolume(principal, params.id, body.hostId, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/volumes/:id/detach",
    summary: "Detach a disk in use from its host (unmounting → available)",
    tags,
    permissions: ["CB02"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale, req }) =>
      attachments.detachVolume(principal, params.id, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/floatingips",
    summary: "Elastic IPs with their status, bandwidth and the host they are bound to",
    tags,
    permissions: ["CB09"],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.list(principal, query, locale, "elasticIp"),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/floatingips/:id",
    summary: "One elastic IP",
    tags,
    permissions: ["CB09"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale }) => resources.detail(principal, params.id, locale, "elasticIp"),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/floatingips/:id/bind",
    summary: "Bind an available elastic IP to a host of the caller, one per host (binding → in use)",
    tags,
    permissions: ["CB09"],
    tenantOnly: true,
    params: resourceParams,
    body: attachBody,
    response: resourceDetail,
    handler: ({ principal, params, body, locale, req }) =>
      attachments.bindIp(principal, params.id, body.hostId, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/floatingips/:id/unbind",
    summary: "Unbind an elastic IP from its host (unbinding → available)",
    tags,
    permissions: ["CB09"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale, req }) =>
      attachments.unbindIp(principal, params.id, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/snapshots",
    summary: "Snapshots with their status and the host they copy",
    tags,
    permissions: ["CB0116"],
    tenantOnly: true,
    querystring: resourceQuery,
    response: page(resourceRecord),
    handler: ({ principal, query, locale }) => resources.list(principal, query, locale, "snapshot"),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/snapshots/:id",
    summary: "One snapshot",
    tags,
    permissions: ["CB0116"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale }) => resources.detail(principal, params.id, locale, "snapshot"),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/snapshots",
    summary: "Take a snapshot of a running or stopped host (creating → available; counted by the quota)",
    tags,
    permissions: ["CB0116"],
    tenantOnly: true,
    body: snapshotCreateBody,
    response: resourceDetail,
    handler: ({ principal, body, locale, req }) => snapshots.create(principal, body, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/res/snapshots/:id/rollback",
    summary:
      "Roll a stopped host back to the snapshot (the host is rolling back, then stopped); answers the host",
    tags,
    permissions: ["CB0116"],
    tenantOnly: true,
    params: resourceParams,
    response: resourceDetail,
    handler: ({ principal, params, locale, req }) => snapshots.rollback(principal, params.id, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: "/api/res/snapshots/:id",
    summary: "Delete a snapshot",
    tags,
    permissions: ["CB0116"],
    tenantOnly: true,
    params: resourceParams,
    response: ok,
    handler: async ({ principal, params, locale, req }) => {
      await snapshots.remove(principal, params.id, locale, req.ip);
      return { ok: true as const };
    },
  });
}
