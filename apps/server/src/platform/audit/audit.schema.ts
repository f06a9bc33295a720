import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    actorId: text("actor_id"),
    orgId: text("org_id"),
    action: text("action").notNull(),
    target: text("target"),
    ip: text("ip"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  // Tenants read their own organisation's log; operators read everyone's, newest first.
  (t) => [index("audit_logs_org_at").on(t.orgId, t.at), index("audit_logs_at").on(t.at)],
);
