// Disks (`/mgt/blockstorage`, CB02) attached to and detached from hosts, and elastic IPs
// (`/mgt/floatip`, CB09) bound to and unbound from them (spec §4: mounting, unmounting, binding,
// unbinding). The resource is claimed with a conditional update that commits with its audit row
// (provider-operation.ts), the provider is asked, and the lifecycle step (`ResourcesService.settle`) reads back "using" or "available"; attachedTo is set
// when the operation starts and cleared when a detach or unbind settles.
import { type attachBody, HOST_AT_REST_STATUSES, type ResourceDetail } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Provider } from "../../providers/provider";
import { attachedHost, resourceActionEvent, runProviderOperation } from "./provider-operation";
import { elasticIpBoundTo, findResource, updateResource, updateResourceIf } from "./resources.repo";
import type { ResourceStatus } from "./resources.schema";
import type { ResourcesService } from "./resources.service";

export type Attachable = "disk" | "elasticIp";
type AttachBody = z.output<typeof attachBody>;

/** The words of each kind: the states it passes through and the task it shows. */
const OPS: Record<
  Attachable,
  {
    attach: { during: ResourceStatus; task: "attach" | "bind" };
    detach: { during: ResourceStatus; task: "detach" | "unbind" };
  }
> = {
  disk: {
    attach: { during: "mounting", task: "attach" },
    detach: { during: "unmounting", task: "detach" },
  },
  elasticIp: {
    attach: { during: "binding", task: "bind" },
    detach: { during: "unbinding", task: "unbind" },
  },
};

/** A host takes a disk or an IP only while it is up or shut down, not while it changes. */
const HOST_READY: readonly ResourceStatus[] = HOST_AT_REST_STATUSES;

export function createAttachmentsService(deps: {
  db: Db;
  clock: Clock;
  provider: Provider;
  resources: ResourcesService;
  audit: Audit;
}) {
  const { clock, provider, resources: res } = deps;

  /** Puts the resource back as it was when the provider refused at once. */
  const undo = (id: string, status: ResourceStatus, attachedTo: string | null) => (tx: Db) =>
    updateResource(tx, id, { status, attachedTo, taskStatus: null, updatedAt: clock.now() });

  return {
    /** Attaches a disk to, or binds an elastic IP to, one of the caller's hosts. */
    async attach(
      ctx: RequestContext,
      kind: Attachable,
      id: string,
      body: AttachBody,
    ): Promise<ResourceDetail> {
      const { hostId } = body;
      const { r } = await res.visible(ctx, id, kind);
      // The host must be the caller's too (another tenant's answers 404, as a missing one).
      const { r: seenHost } = await res.visible(ctx, hostId, "host");
      if (seenHost.orgId !== r.orgId) throw new DomainError("NOT_FOUND");
      const op = OPS[kind].attach;
      await runProviderOperation(deps, {
        async claim(tx) {
          // The host row is locked: an unsubscribe of the host (which checks its attachments under
          // the same lock) and a second bind to it wait for this one.
          const host = await findResource(tx, hostId, true);
          if (!host || host.deletedAt) throw new DomainError("NOT_FOUND");
          if (!host.providerRef || !HOST_READY.includes(host.status)) throw res.stateError(host, ctx.locale);
          if (kind === "elasticIp") {
            const bound = await elasticIpBoundTo(tx, hostId, id);
            if (bound) throw new DomainError("ELASTIC_IP_ALREADY_BOUND", { name: bound });
          }
          const claimed = await updateResourceIf(tx, id, "available", {
            status: op.during,
            taskStatus: op.task,
            attachedTo: hostId,
            updatedAt: clock.now(),
          });
          if (!claimed || !r.providerRef) throw res.stateError(r, ctx.locale);
        },
        event: resourceActionEvent(ctx, r, op.task, seenHost),
        ask: () => provider.act(r.providerRef!, { op: "attach", hostRef: seenHost.providerRef! }),
        undo: undo(id, "available", null),
      });
      return res.detail(ctx, id, kind);
    },

    /** Detaches a disk from, or unbinds an elastic IP from, its host. */
    async detach(ctx: RequestContext, kind: Attachable, id: string): Promise<ResourceDetail> {
      const { r } = await res.visible(ctx, id, kind);
      const op = OPS[kind].detach;
      const host = await attachedHost(deps.db, r);
      await runProviderOperation(deps, {
        async claim(tx) {
          if (!r.providerRef || !(await res.claim(id, ["using"], op.during, op.task, tx)))
            throw res.stateError(r, ctx.locale);
        },
        event: resourceActionEvent(ctx, r, op.task, host),
        ask: () => provider.act(r.providerRef!, { op: "detach" }),
        undo: undo(id, "using", r.attachedTo),
      });
      return res.detail(ctx, id, kind);
    },
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
