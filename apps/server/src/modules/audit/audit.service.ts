import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { auditLogs } from "./audit.schema";

export type AuditEvent = {
  action: string;
  actorId: string | null;
  orgId: string | null;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

export type Audit = { record(event: AuditEvent): Promise<void> };

/** Security and access events: who, what, when and from where. */
export function createAudit(db: Db, clock: Clock): Audit {
  return {
    async record(e) {
      await db.insert(auditLogs).values({
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
