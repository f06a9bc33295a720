// The read side of the audit log: tenant administrators see their organisation's events, operators
// every organisation's.
import type { AuditLogRow } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
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

export type AuditLogService = ReturnType<typeof createAuditLogService>;

export function createAuditLogService(db: Db) {
  return {
    list(filter: AuditFilter, page: PageRequest) {
      return pageOf(
        page,
        (limit, offset) => auditRows(db, filter, limit, offset),
        auditCount(db, filter),
        toRow,
      );
    },
  };
}
