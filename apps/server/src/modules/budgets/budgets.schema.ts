// Monthly budgets (issue 19 item 5): one for the whole organisation and at most one per project,
// the organisation's forecast-notice horizon, and the notices already sent. Money in bigint units
// of 0.00001 yuan.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, projects } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const budgets = pgTable(
  "budgets",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    /** Null: the budget of the whole organisation. A deleted project takes its budget with it. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    // One budget per organisation and one per project: the index, not a read before the insert,
    // decides when two administrators save at once.
    uniqueIndex("budgets_org_scope").on(t.orgId, sql`coalesce(${t.projectId}, '')`),
    check("budgets_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** An organisation's choice of how many days ahead the "balance runs out" notice warns. */
export const budgetSettings = pgTable("budget_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id),
  forecastDays: integer("forecast_days").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/**
 * Every budget notice sent: threshold "50", "80", "100" of the budget of `scope` (the project id,
 * or "org"), or "forecast" (scope "org"), once per calendar month. The primary key is what makes
 * the lifecycle step's evaluation idempotent: a notice is sent only by the step whose insert won.
 */
export const budgetNoticesSent = pgTable(
  "budget_notices_sent",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    scope: text("scope").notNull(),
    /** YYYY-MM in the business time zone. */
    month: text("month").notNull(),
    threshold: text("threshold").notNull(),
    sentAt: ts("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.scope, t.month, t.threshold] })],
);
