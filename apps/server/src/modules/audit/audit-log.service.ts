// The read side of the audit log: tenant administrators see their organisation's events, operators
// every organisation's. Targets that are ids are shown by name (target-names.repo.ts).
import {
  type AuditLogRow,
  type AuditQuery,
  isOpaqueId,
  type Locale,
  type OpsAuditQuery,
} from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import type { RequestContext } from "../../platform/request-context";
import { type AuditFilter, auditCount, auditRows } from "./audit-log.repo";
import { targetNames } from "./target-names.repo";

type Row = Awaited<ReturnType<typeof auditRows>>[number];

/** An id-like target: the only kind looked up by name. */
const isId = (target: string | null): target is string => isOpaqueId(target);

/**
 * A target that is gone (a deleted group, project, product…) is named by the row's own detail, which
 * recorded the name it had.
 */
function nameInDetail(detail: Record<string, unknown> | null, locale: Locale): string | null {
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  if (!detail) return null;
  return (
    text(detail.name) ??
    text(detail.account) ??
    text(locale === "zh-CN" ? detail.nameZh : detail.nameEn) ??
    text(detail.nameZh)
  );
}

function toRow(
  { log, actorAccount, actorName, orgName, targetAccount }: Row,
  names: Map<string, string>,
  locale: Locale,
): AuditLogRow {
  const targetName =
    !targetAccount && isId(log.target) ? (names.get(log.target) ?? nameInDetail(log.detail, locale)) : null;
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
    targetName,
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
  async function page(ctx: RequestContext, filter: AuditFilter, query: AuditQuery) {
    const found = await pageOf(
      query,
      (limit, offset) => auditRows(db, filter, limit, offset),
      auditCount(db, filter),
      (row) => row,
    );
    const ids = found.list.filter((r) => !r.targetAccount && isId(r.log.target)).map((r) => r.log.target!);
    const names = await targetNames(db, [...new Set(ids)], ctx.locale);
    return { ...found, list: found.list.map((row) => toRow(row, names, ctx.locale)) };
  }

  return {
    /**
     * A tenant administrator's view: their organisation's events only. A platform account is refused
     * (NO_PERMISSION): its null organisation would widen the filter to every organisation.
     */
    listOwn: (ctx: RequestContext, query: AuditQuery) => page(ctx, filterOf(ctx.ownTenant(), query), query),

    /** An operator's view: every organisation's events, or one organisation's. */
    listAll: (ctx: RequestContext, query: OpsAuditQuery) =>
      page(ctx, filterOf(query.orgId ?? null, query), query),
  };
}
