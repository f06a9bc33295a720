// An operation the provider carries out on a resource a tenant asked for (a host action, an attach
// or detach, a snapshot rollback), under the audit rule of issue 12 §2: the claim that marks the
// resource busy and the action's audit row commit in one transaction before the provider is asked;
// a refusal puts the resource back and records `resource.actionFailed` in one transaction too.
// Wherever the process stops, the log and the resource agree.
import type { RESOURCE_AUDIT_ACTIONS } from "@skyledger/contracts";
import type { Audit, AuditEvent } from "../../platform/audit/audit";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { ProviderError } from "../../providers/provider";
import { findResource } from "./resources.repo";

type ResourceAuditAction = (typeof RESOURCE_AUDIT_ACTIONS)[number];

export type ProviderOperation = {
  /** Marks the resource busy in `tx`; throws the refusal when it cannot start. */
  claim(tx: Tx): Promise<void>;
  /** The action's audit row, written with the claim. */
  event: AuditEvent;
  /** Asks the provider. */
  ask(): Promise<unknown>;
  /** Puts the resource back as it was before the claim. */
  undo(tx: Tx): Promise<void>;
};

/** The audit row of an operation on `r` (its organisation's log), naming the host it concerns. */
export function resourceActionEvent(
  ctx: RequestContext,
  r: { orgId: string; name: string },
  action: ResourceAuditAction,
  host: { name: string } | null | undefined,
): AuditEvent {
  return {
    action: "resource.action",
    ...ctx.auditBy,
    orgId: r.orgId,
    target: r.name,
    detail: { action, ...(host ? { host: host.name } : {}) },
  };
}

/** The host a disk, an IP or a snapshot is attached to, for its audit row (undefined: none). */
export async function attachedHost(tx: Tx, r: { attachedTo: string | null }) {
  return r.attachedTo ? findResource(tx, r.attachedTo) : undefined;
}

export async function runProviderOperation(deps: { db: Db; audit: Audit }, op: ProviderOperation) {
  await deps.db.transaction(async (tx) => {
    await op.claim(tx);
    await deps.audit.record(tx, op.event);
  });
  try {
    await op.ask();
  } catch (err) {
    // The provider refused at once: the resource goes back as it was and the tenant is told.
    await deps.db.transaction(async (tx) => {
      await op.undo(tx);
      await deps.audit.record(tx, {
        ...op.event,
        action: "resource.actionFailed",
        detail: { ...op.event.detail, ...(err instanceof ProviderError ? { reason: err.message } : {}) },
      });
    });
    if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
    throw err;
  }
}
