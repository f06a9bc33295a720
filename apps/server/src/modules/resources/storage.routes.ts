// Disks (`/mgt/blockstorage`, CB02), elastic IPs (`/mgt/floatip`, CB09) and snapshots
// (`/mgt/snapshot`, `/mgt/snapshots/create`, CB0116). Disks and IPs are bought through
// `/service/apply` and unsubscribed through `/service/unsubscribe/{id}`; snapshots are made here.
import { endpoints } from "@skyledger/contracts";
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

  userRoute(app, guards, endpoints.resources.listVolumes, ({ principal, query, locale }) =>
    resources.list(principal, query, locale, "disk"),
  );

  userRoute(app, guards, endpoints.resources.getVolume, ({ principal, params, locale }) =>
    resources.detail(principal, params.id, locale, "disk"),
  );

  userRoute(app, guards, endpoints.resources.attachVolume, ({ principal, params, body, locale, req }) =>
    attachments.attachVolume(principal, params.id, body.hostId, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.detachVolume, ({ principal, params, locale, req }) =>
    attachments.detachVolume(principal, params.id, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.listFloatingIps, ({ principal, query, locale }) =>
    resources.list(principal, query, locale, "elasticIp"),
  );

  userRoute(app, guards, endpoints.resources.getFloatingIp, ({ principal, params, locale }) =>
    resources.detail(principal, params.id, locale, "elasticIp"),
  );

  userRoute(app, guards, endpoints.resources.bindFloatingIp, ({ principal, params, body, locale, req }) =>
    attachments.bindIp(principal, params.id, body.hostId, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.unbindFloatingIp, ({ principal, params, locale, req }) =>
    attachments.unbindIp(principal, params.id, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.listSnapshots, ({ principal, query, locale }) =>
    resources.list(principal, query, locale, "snapshot"),
  );

  userRoute(app, guards, endpoints.resources.getSnapshot, ({ principal, params, locale }) =>
    resources.detail(principal, params.id, locale, "snapshot"),
  );

  userRoute(app, guards, endpoints.resources.createSnapshot, ({ principal, body, locale, req }) =>
    snapshots.create(principal, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.rollbackSnapshot, ({ principal, params, locale, req }) =>
    snapshots.rollback(principal, params.id, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.deleteSnapshot, async ({ principal, params, locale, req }) => {
    await snapshots.remove(principal, params.id, locale, req.ip);
    return { ok: true as const };
  });
}
