// Snapshots of a host's system disk (`/mgt/snapshot`, `/mgt/snapshots/create`, CB0116). A snapshot
// has no order and is not billed: it is a resource of kind "snapshot" whose attachedTo is the host
// it copies, counted by the "snapshots" quota. It is "creating" until the provider has taken it
// (`settle`, run by the lifecycle step), then "available". Rolling back needs the host shut down:
// the host shows "rolling_back" and settles back to "stopped" (ResourcesService.settle); the
// snapshot stays available. Deleting one asks the provider and removes the resource.
// Snapshots go with their host: a host unsubscribe is not blocked by them and releases them too
// (unsubscribe.service.ts).
import { RESOURCE_STATUS_NAMES, type ResourceDetail, type snapshotCreateBody } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { Provider } from "../../providers/provider";
import { ProviderError } from "../../providers/provider";
import type { QuotaGuard } from "../orders/provisioning/service-domain";
import { attachedHost, resourceActionEvent, runProviderOperation } from "./provider-operation";
import {
  findResource,
  insertResource,
  snapshotsBeingTaken,
  updateResource,
  updateResourceIf,
} from "./resources.repo";
import type { ResourceStatus, resources } from "./resources.schema";
import type { ResourcesService } from "./resources.service";

type ResourceRow = typeof resources.$inferSelect;

/** A snapshot is taken of a host that is up or shut down, not of one that is changing. */
const HOST_READY: ResourceStatus[] = ["running", "stopped"];
/** States from which a snapshot may be deleted. */
const DELETABLE: ResourceStatus[] = ["available", "error", "create_failure"];

export function createSnapshotsService(deps: {
  db: Db;
  clock: Clock;
  provider: Provider;
  resources: ResourcesService;
  quota: QuotaGuard;
  audit: Audit;
}) {
  const { db, clock, provider, resources: res } = deps;

  /** The creation failed: the snapshot keeps the provider's words as its error log. */
  async function failed(id: string, message: string) {
    const now = clock.now();
    await updateResourceIf(db, id, "creating", {
      status: "create_failure",
      taskStatus: null,
      errorLog: `${now.toISOString()} ${message}`,
      updatedAt: now,
    });
  }

  /** Asks the provider to take the snapshot (idempotent: the resource id is the client token). */
  async function start(r: ResourceRow): Promise<void> {
    const host = await findResource(db, r.attachedTo ?? "");
    try {
      const instance = await provider.create({
        clientToken: r.id,
        kind: "snapshot",
        name: r.name,
        // The host's provider id, so the provider knows what to copy.
        spec: { ...r.spec, hostRef: host?.providerRef ?? null },
      });
      await updateResource(db, r.id, { providerRef: instance.ref, updatedAt: clock.now() });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      await failed(r.id, err.message);
    }
  }

  return {
    async create(ctx: RequestContext, body: z.output<typeof snapshotCreateBody>): Promise<ResourceDetail> {
      const { r: seenHost } = await res.visible(ctx, body.hostId, "host");
      const id = newId();
      const row = await db.transaction(async (tx) => {
        // Locked as an unsubscribe locks it: a host being released takes no new snapshot.
        const host = await findResource(tx, seenHost.id, true);
        if (!host || host.deletedAt) throw new DomainError("NOT_FOUND");
        if (!host.providerRef || !HOST_READY.includes(host.status)) throw res.stateError(host, ctx.locale);
        const spec = { systemDiskGb: host.spec.systemDiskGb ?? 0 };
        await deps.quota.assertWithinQuota(tx, {
          orgId: host.orgId,
          projectId: host.projectId,
          kind: "snapshot",
          spec,
          quantity: 1,
        });
        const now = clock.now();
        const inserted = await insertResource(tx, {
          id,
          orgId: host.orgId,
          projectId: host.projectId,
          kind: "snapshot",
          name: body.name,
          spec,
          status: "creating",
          taskStatus: "create",
          cloudEnvType: provider.name,
          attachedTo: host.id,
          paymentType: null,
          createdAt: now,
          updatedAt: now,
        });
        await deps.audit.record(tx, resourceActionEvent(ctx, inserted, "snapshot", seenHost));
        return inserted;
      });
      await start(row);
      return res.detail(ctx, id, "snapshot");
    },

    /** Rolls the snapshot's host (shut down) back to it: the host is claimed with the audit row. */
    async rollback(ctx: RequestContext, id: string): Promise<ResourceDetail> {
      const { r: snap } = await res.visible(ctx, id, "snapshot");
      if (snap.status !== "available" || !snap.providerRef || !snap.attachedTo)
        throw res.stateError(snap, ctx.locale);
      const { r: host } = await res.visible(ctx, snap.attachedTo, "host");
      await runProviderOperation(deps, {
        async claim(tx) {
          if (!host.providerRef || !(await res.claim(host.id, ["stopped"], "rolling_back", "rollback", tx)))
            throw new DomainError("SNAPSHOT_HOST_NOT_STOPPED", {
              status: RESOURCE_STATUS_NAMES[host.status],
            });
        },
        event: resourceActionEvent(ctx, snap, "rollback", host),
        ask: () => provider.act(host.providerRef!, { op: "rollback", snapshotRef: snap.providerRef! }),
        undo: (tx) =>
          updateResource(tx, host.id, { status: "stopped", taskStatus: null, updatedAt: clock.now() }),
      });
      return res.detail(ctx, host.id, "host");
    },

    async remove(ctx: RequestContext, id: string): Promise<{ ok: true }> {
      const { r } = await res.visible(ctx, id, "snapshot");
      if (!(await res.claim(id, DELETABLE, "destroying", "delete"))) throw res.stateError(r, ctx.locale);
      try {
        if (r.providerRef) await provider.delete(r.providerRef);
      } catch (err) {
        await updateResource(db, id, { status: r.status, taskStatus: null, updatedAt: clock.now() });
        if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
        throw err;
      }
      const now = clock.now();
      const host = await attachedHost(db, r);
      await db.transaction(async (tx) => {
        await updateResource(tx, id, { status: "deleted", taskStatus: null, deletedAt: now, updatedAt: now });
        await deps.audit.record(tx, resourceActionEvent(ctx, r, "deleteSnapshot", host));
      });
      return { ok: true };
    },

    /**
     * The lifecycle step for snapshots being taken: asks the provider again for one a crash left
     * without a provider id, and marks those the provider finished available (or failed).
     */
    async settle(): Promise<void> {
      const creating = await snapshotsBeingTaken(db);
      for (const r of creating) {
        if (!r.providerRef) {
          await start(r);
          continue;
        }
        const instance = await provider.get(r.providerRef);
        if (!instance || instance.state === "error") {
          await failed(r.id, instance?.error ?? "the provider lost the snapshot");
          continue;
        }
        if (instance.state !== "available") continue;
        await updateResourceIf(db, r.id, "creating", {
          status: "available",
          taskStatus: null,
          updatedAt: clock.now(),
        });
      }
    },
  };
}
export type SnapshotsService = ReturnType<typeof createSnapshotsService>;
