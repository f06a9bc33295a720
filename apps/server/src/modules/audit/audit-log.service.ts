// The read side of the audit log: tenant administrators see their organisation's events, operators
// every organisation's.
import type { AuditLogRow, AuditQuery, OpsAuditQuery } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import type { RequestContext } from "../../platform/request-context";
import { type AuditFilter, auditCount, auditRows } from "./audit-log.repo";

type Row = Awaited<ReturnType<typeof auditRows>>[number];

function toRow({ log, actorAccount, actorName, orgName, targetAccount }: Row): AuditLogRow {
  return {
    id: String(log.id),
    at: log.at.toISOString(),
    actorId: log.actorId,
    actorAccount,
    actorName,
    orgId: log.orgId,
    orgName,
    action: log.action,
    target: log.target,
    targetAccount,
    ip: log.ip,
    detail: log.detail,
  };
}

/** The query's filters within `orgId` (null: every organisation); empty fields filter nothing. */
const filterOf = (orgId: string | null, q: AuditQuery): AuditFilter => ({
  orgId,
  action: q.action || undefined,
  actor: q.actor || undefined,
  target: q.target || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

export type AuditLogService = ReturnType<typeof createAuditLogService>;

export function createAuditLogService(db: Db) {
  function page(filter: AuditFilter, query: AuditQuery) {
    return pageOf(
      query,
      (limit, offset) => auditRows(db, filter, limit, offset),
      auditCount(db, filter),
      toRow,
    );
  }

  return {
    /**
     * A tenant administrator's view: their organisation's events only. A platform account is refused
     * (NO_PERMISSION): its null organisation would widen the filter to every organisation.
     */
    listOwn: (ctx: RequestContext, query: AuditQuery) => page(filterOf(ctx.ownTenant(), query), query),

    /** An operator's view: every organisation's events, or one organisation's. */
    listAll: (query: OpsAuditQuery) => page(filterOf(query.orgId ?? null, query), query),
  };
}
