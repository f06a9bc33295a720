// `GET /audit_logs` for tenant administrators (their organisation only) and `GET /ops/audit_logs`
// for operators (every organisation, optionally one).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AuditLogService } from "./audit-log.service";

export function registerAuditRoutes({ app, guards, userRoute }: ModuleContext, logs: AuditLogService) {
  userRoute(app, guards, endpoints.audit.list, ({ ctx, query }) => logs.listOwn(ctx, query));

  userRoute(app, guards, endpoints.audit.listAll, ({ ctx, query }) => logs.listAll(ctx, query));
}
