// Disks (`/mgt/blockstorage`, CB02), elastic IPs (`/mgt/floatip`, CB09) and snapshots
// (`/mgt/snapshot`, `/mgt/snapshots/create`, CB0116). Disks and IPs are bought through
// `/service/apply` and unsubscribed through `/service/unsubscribe/{id}`; snapshots are made here.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AttachmentsService } from "./attachments.service";
import type { ResourcesService } from "./resources.service";
import type { SnapshotsService } from "./snapshots.service";

const { resources: e } = endpoints;

/** Each storage kind's list and detail endpoints. */
const READS = [
  { kind: "disk", list: e.listVolumes, get: e.getVolume },
  { kind: "elasticIp", list: e.listFloatingIps, get: e.getFloatingIp },
  { kind: "snapshot", list: e.listSnapshots, get: e.getSnapshot },
] as const;

/** A disk is attached to and detached from a host; an elastic IP is bound to and unbound from one. */
const ATTACHMENTS = [
  { kind: "disk", attach: e.attachVolume, detach: e.detachVolume },
  { kind: "elasticIp", attach: e.bindFloatingIp, detach: e.unbindFloatingIp },
] as const;

export function registerStorageRoutes(
  ctx: ModuleContext,
  deps: { resources: ResourcesService; attachments: AttachmentsService; snapshots: SnapshotsService },
) {
  const { app, guards, userRoute } = ctx;
  const { resources, attachments, snapshots } = deps;

  for (const { kind, list, get } of READS) {
    userRoute(app, guards, list, ({ ctx, query }) => resources.list(ctx, query, kind));
    userRoute(app, guards, get, ({ ctx, params }) => resources.detail(ctx, params.id, kind));
  }
  for (const { kind, attach, detach } of ATTACHMENTS) {
    userRoute(app, guards, attach, ({ ctx, params, body }) => attachments.attach(ctx, kind, params.id, body));
    userRoute(app, guards, detach, ({ ctx, params }) => attachments.detach(ctx, kind, params.id));
  }

  userRoute(app, guards, e.createSnapshot, ({ ctx, body }) => snapshots.create(ctx, body));
  userRoute(app, guards, e.rollbackSnapshot, ({ ctx, params }) => snapshots.rollback(ctx, params.id));
  userRoute(app, guards, e.deleteSnapshot, ({ ctx, params }) => snapshots.remove(ctx, params.id));
}
