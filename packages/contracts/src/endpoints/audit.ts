// Endpoints of audit (what each property means: define.ts).
import { auditLogRow, auditQuery, opsAuditQuery } from "../api/audit";
import { page } from "../api/common";
import { defineEndpoint } from "./define";

export const auditEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/audit_logs",
    summary: "Security and access events of the caller's organisation, newest first",
    tags: ["audit"],
    permissions: ["CH07"],
    tenantOnly: true,
    query: auditQuery,
    response: page(auditLogRow),
  }),
  listAll: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/audit_logs",
    summary: "Security and access events of every organisation and of the platform, newest first",
    tags: ["operations"],
    permissions: ["BA06"],
    query: opsAuditQuery,
    response: page(auditLogRow),
  }),
};
