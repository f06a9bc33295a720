// Disks (`/mgt/blockstorage`, CB02) attached to and detached from hosts, and elastic IPs
// (`/mgt/floatip`, CB09) bound to and unbound from them (spec §4: mounting, unmounting, binding,
// unbinding). The resource is claimed with a conditional update, the provider is asked, and the
// lifecycle step (`ResourcesService.settle`) reads back "using" or "available"; attachedTo is set
// when the operation starts and cleared when a detach or unbind settles.
import { HOST_AT_REST_STATUSES, type Locale, type ResourceDetail } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { Provider } from "../../providers/provider";
import { ProviderError } from "../../providers/provider";
import { elasticIpBoundTo, findResource, updateResource, updateResourceIf } from "./resources.repo";
import type { ResourceStatus } from "./resources.schema";
import type { ResourcesService } from "./resources.service";

type Attachable = "disk" | "elasticIp";

/** The words of each kind: the states it passes through and the task it shows. */
const OPS: Record<
  Attachable,
  {
    attach: { during: ResourceStatus; task: string };
    detach: { during: ResourceStatus; task: string };
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
  const { db, clock, provider, resources: res } = deps;

  /**
   * The audit row of an attachment the provider accepted; the resource's own change (the claim)
   * committed before the provider was asked, since a refusal must put it back.
   */
  async function audit(
    principal: Principal,
    r: { id: string; orgId: string; name: string },
    action: string,
    ip: string,
    hostId: string | null,
  ) {
    await deps.audit.record(db, {
      action: "resource.action",
      actorId: principal.userId,
      orgId: r.orgId,
      target: r.name,
      ip,
      detail: { action, resourceId: r.id, ...(hostId ? { hostId } : {}) },
    });
  }

  /** Puts the resource back as it was when the provider refused at once. */
  async function undo(id: string, status: ResourceStatus, attachedTo: string | null) {
    await updateResource(db, id, { status, attachedTo, taskStatus: null, updatedAt: clock.now() });
  }

  async function attach(
    principal: Principal,
    kind: Attachable,
    id: string,
    hostId: string,
    locale: Locale,
    ip: string,
  ): Promise<ResourceDetail> {
    const { r } = await res.visible(principal, id, kind);
    // The host must be the caller's too (another tenant's answers 404, as a missing one).
    const { r: seenHost } = await res.visible(principal, hostId, "host");
    if (seenHost.orgId !== r.orgId) throw new DomainError("NOT_FOUND");
    const op = OPS[kind].attach;
    await db.transaction(async (tx) => {
      // The host row is locked: an unsubscribe of the host (which checks its attachments under the
      // same lock) and a second bind to it wait for this one.
      const host = await findResource(tx, hostId, true);
      if (!host || host.deletedAt) throw new DomainError("NOT_FOUND");
      if (!host.providerRef || !HOST_READY.includes(host.status)) throw res.stateError(host, locale);
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
      if (!claimed || !r.providerRef) throw res.stateError(r, locale);
    });
    try {
      await provider.act(r.providerRef!, { op: "attach", hostRef: seenHost.providerRef! });
    } catch (err) {
      await undo(id, "available", null);
      if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
      throw err;
    }
    await audit(principal, r, op.task, ip, hostId);
    return res.detail(principal, id, locale, kind);
  }

  async function detach(
    principal: Principal,
    kind: Attachable,
    id: string,
    locale: Locale,
    ip: string,
  ): Promise<ResourceDetail> {
    const { r } = await res.visible(principal, id, kind);
    const op = OPS[kind].detach;
    if (!r.providerRef || !(await res.claim(id, ["using"], op.during, op.task)))
      throw res.stateError(r, locale);
    try {
      await provider.act(r.providerRef, { op: "detach" });
    } catch (err) {
      await undo(id, "using", r.attachedTo);
      if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
      throw err;
    }
    await audit(principal, r, op.task, ip, r.attachedTo);
    return res.detail(principal, id, locale, kind);
  }

  return {
    attachVolume: (p: Principal, id: string, hostId: string, locale: Locale, ip: string) =>
      attach(p, "disk", id, hostId, locale, ip),
    detachVolume: (p: Principal, id: string, locale: Locale, ip: string) => detach(p, "disk", id, locale, ip),
    bindIp: (p: Principal, id: string, hostId: string, locale: Locale, ip: string) =>
      attach(p, "elasticIp", id, hostId, locale, ip),
    unbindIp: (p: Principal, id: string, locale: Locale, ip: string) =>
      detach(p, "elasticIp", id, locale, ip),
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
