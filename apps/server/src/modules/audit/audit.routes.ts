// `GET /audit_logs` for tenant administrators (their organisation only) and `GET /ops/audit_logs`
// for operators (every organisation, optionally one).
import { endpoints } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { AuditFilter } from "./audit-log.repo";
import type { AuditLogService } from "./audit-log.service";

type Filters = { action?: string; actor?: string; target?: string; from?: string; to?: string };

const filterOf = (orgId: string | null, q: Filters): AuditFilter => ({
  orgId,
  action: q.action || undefined,
  actor: q.actor || undefined,
  target: q.target || undefined,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

export function registerAuditRoutes(ctx: ModuleContext, logs: AuditLogService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.audit.list, ({ principal, query }) => {
    // tenantOnly already refuses platform accounts; a null here would widen the scope to everyone.
    if (!principal.orgId) throw new DomainError("NO_PERMISSION");
    return logs.list(filterOf(principal.orgId, query), query);
  });

  userRoute(app, guards, endpoints.audit.listAll, ({ query }) =>
    logs.list(filterOf(query.orgId ?? null, query), query),
  );
}
