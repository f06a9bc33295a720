import type { Clock } from "../clock";
import type { Tx } from "../db/client";
import { insertAuditLog } from "./audit.repo";

export type AuditEvent = {
  action: string;
  actorId: string | null;
  orgId: string | null;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

export type Audit = {
  /**
   * Writes the event in `tx`, the transaction of the change it describes: the row exists exactly
   * when the change does. (A sign-in failure, which changes nothing else, passes the handle.)
   */
  record(tx: Tx, event: AuditEvent): Promise<void>;
};

/** Security and access events: who, what, when and from where. */
export function createAudit(clock: Clock): Audit {
  return {
    async record(tx, e) {
      await insertAuditLog(tx, {
        at: clock.now(),
        actorId: e.actorId,
        orgId: e.orgId,
        action: e.action,
        target: e.target ?? null,
        ip: e.ip ?? null,
        detail: e.detail ?? null,
      });
    },
  };
}
