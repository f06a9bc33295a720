// Alarm rules on hosts and the alarms they raise (issue 15 §6). An alarm keeps a copy of its rule's
// condition and severity and of the host's name, so the history reads the same after the rule is
// changed or deleted. At most one active (firing or acknowledged) alarm per rule and host: the
// partial unique index decides when two evaluations run at once.

import {
  ALARM_COMPARISONS,
  ALARM_METRICS,
  ALARM_RESOLUTIONS,
  ALARM_SEVERITIES,
  ALARM_STATES,
  ALARM_TARGETS,
} from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "../iam/iam.schema";
import { resources } from "../resources/resources.schema";

/** What a rule watches and how pressing it is; an alarm keeps a copy of its rule's. */
const condition = () => ({
  metric: text("metric", { enum: ALARM_METRICS }).notNull(),
  comparison: text("comparison", { enum: ALARM_COMPARISONS }).notNull(),
  threshold: doublePrecision("threshold").notNull(),
  durationMinutes: integer("duration_minutes").notNull(),
  severity: text("severity", { enum: ALARM_SEVERITIES }).notNull(),
});

export const alarmRules = pgTable(
  "alarm_rules",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    target: text("target", { enum: ALARM_TARGETS }).notNull(),
    /** The host of a `host` rule; null for a rule on every host of the organisation. */
    hostId: text("host_id").references(() => resources.id),
    ...condition(),
    notifyEmail: boolean("notify_email").notNull(),
    enabled: boolean("enabled").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("alarm_rules_org_name").on(t.orgId, sql`lower(${t.name})`),
    index("alarm_rules_host").on(t.hostId),
  ],
);

export const alarms = pgTable(
  "alarms",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    /** Null once the rule is deleted; the copy below still says what it was. */
    ruleId: text("rule_id").references(() => alarmRules.id, { onDelete: "set null" }),
    ruleName: text("rule_name").notNull(),
    ...condition(),
    hostId: text("host_id")
      .notNull()
      .references(() => resources.id),
    hostName: text("host_name").notNull(),
    state: text("state", { enum: ALARM_STATES }).notNull(),
    value: doublePrecision("value").notNull(),
    source: text("source", { enum: ["simulated", "prometheus"] }).notNull(),
    firedAt: timestamp("fired_at", { withTimezone: true, mode: "date" }).notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true, mode: "date" }),
    acknowledgedBy: text("acknowledged_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    resolution: text("resolution", { enum: ALARM_RESOLUTIONS }),
  },
  (t) => [
    uniqueIndex("alarms_one_active")
      .on(t.ruleId, t.hostId)
      .where(sql`${t.state} in ('firing', 'acknowledged')`),
    index("alarms_org_fired").on(t.orgId, t.firedAt),
    index("alarms_host").on(t.hostId, t.firedAt),
  ],
);
