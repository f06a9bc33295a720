// Limits the operators set on what a tenant may run (issue 5 §7). A row without a project is the
// organisation-wide limit; a row with one bounds that project on top of it. No row: the platform
// default for an organisation (DEFAULT_QUOTA_LIMITS), no limit of its own for a project.
import { QUOTA_METRICS } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations, projects } from "../iam/iam.schema";

export const quotas = pgTable(
  "quotas",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    metric: text("metric", { enum: QUOTA_METRICS }).notNull(),
    limit: integer("limit").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("quotas_scope_metric").on(t.orgId, sql`coalesce(${t.projectId}, '')`, t.metric),
    check("quotas_limit_non_negative", sql`${t.limit} >= 0`),
  ],
);
