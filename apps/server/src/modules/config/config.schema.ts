import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const systemConfigs = pgTable("system_configs", {
  configKey: text("config_key").primaryKey(),
  configValue: text("config_value").notNull(),
  configType: text("config_type", {
    enum: ["system", "register", "security", "display", "mail", "finance"],
  }).notNull(),
  description: text("description"),
  // Public entries are served by /configs/nonAuth to anonymous visitors.
  isPublic: boolean("is_public").notNull().default(false),
  updatedAt: ts("updated_at").notNull(),
  updatedBy: text("updated_by"),
});

export const dictItems = pgTable(
  "dict_items",
  {
    category: text("category").notNull(),
    code: text("code").notNull(),
    labelZh: text("label_zh").notNull(),
    labelEn: text("label_en").notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.code] })],
);

export const policyDocuments = pgTable(
  "policy_documents",
  {
    kind: text("kind", { enum: ["agreement", "privacy"] }).notNull(),
    version: integer("version").notNull(),
    contentZh: text("content_zh").notNull(),
    contentEn: text("content_en").notNull(),
    publishedAt: ts("published_at").notNull(),
    publishedBy: text("published_by"),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version] })],
);

export type ConfigChangeEntry = { configKey: string; configValue: string; previousValue: string | null };

/**
 * A proposed change of money-control settings (the four-eyes threshold, the maxima): applied only
 * when a second platform administrator approves it.
 */
export const configChangeRequests = pgTable(
  "config_change_requests",
  {
    id: text("id").primaryKey(),
    entries: jsonb("entries").$type<ConfigChangeEntry[]>().notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending_approval", "applied", "rejected"] }).notNull(),
    requestedBy: text("requested_by").notNull(),
    decidedBy: text("decided_by"),
    decisionRemark: text("decision_remark"),
    createdAt: ts("created_at").notNull(),
    decidedAt: ts("decided_at"),
  },
  (t) => [index("config_change_requests_status").on(t.status, t.createdAt)],
);

/**
 * The platform's maintenance state: one row (`id` = "platform"), read by every instance through a
 * short cache, so that all of them refuse tenant calls within seconds of the administrator's change.
 */
export const platformMaintenance = pgTable("platform_maintenance", {
  id: text("id").primaryKey(),
  mode: text("mode", { enum: ["off", "closed", "readOnly"] }).notNull(),
  messageZh: text("message_zh").notNull(),
  messageEn: text("message_en").notNull(),
  endsAt: ts("ends_at"),
  updatedBy: text("updated_by").notNull(),
  updatedAt: ts("updated_at").notNull(),
});
