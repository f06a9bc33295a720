// What the access-control services share: who acts (always inside their own organisation) and the
// dependencies every change needs (audit trail, session cache).

import type { AuditDetail } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { Messaging } from "../../platform/outbox/messaging";
import type { RequestContext } from "../../platform/request-context";
import type { SecuritySettings } from "./security-settings.service";
import type { UserSessions } from "./user-sessions";

/** A tenant user acting on their organisation's access control, from `ip`. */
export type Actor = { userId: string; orgId: string; ip: string };

/** The caller of a request, as the tenant's access control sees them: NO_PERMISSION for a platform account. */
export function actorOf(ctx: RequestContext): Actor {
  return { userId: ctx.actor.userId, orgId: ctx.ownTenant(), ip: ctx.ip };
}

export type AccessControlDeps = {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: UserSessions;
  messaging: Messaging;
  security: SecuritySettings;
};

/** Records, in `tx` (the change's transaction), an access-control event of the actor's organisation. */
export function recorder(audit: Audit) {
  return (tx: Tx, actor: Actor, action: string, target: string, detail?: AuditDetail) =>
    audit.record(tx, { action, actorId: actor.userId, orgId: actor.orgId, target, ip: actor.ip, detail });
}

/** Postgres unique violations (23505) name their constraint; both drivers nest it differently. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  return code === "23505" ? (e.constraint ?? e.cause?.constraint ?? "") : undefined;
}

/** Turns a unique violation of the users table into the taken account, e-mail or phone refusal. */
export function contactConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === undefined) throw err;
  if (constraint.includes("email")) throw new DomainError("EMAIL_EXISTS");
  if (constraint.includes("mobile")) throw new DomainError("MOBILE_EXISTS");
  throw new DomainError("ACCOUNT_EXISTS");
}
