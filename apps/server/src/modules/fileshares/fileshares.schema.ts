// Access rules of file shares and elastic files (spec §5/§7, issue 16 item 2): which client
// network may mount a share, read-only or read-write, at which priority (0–100, 0 the highest).
// The share itself is a `resources` row of kind share or scalableFile.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { resources } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const fileShareRules = pgTable(
  "file_share_rules",
  {
    id: text("id").primaryKey(),
    resourceId: text("resource_id")
      .notNull()
      .references(() => resources.id),
    /** Canonical `a.b.c.d/n`, host bits zero. */
    cidr: text("cidr").notNull(),
    access: text("access", { enum: ["ro", "rw"] }).notNull(),
    priority: integer("priority").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("file_share_rules_resource").on(t.resourceId)],
);
export type FileShareRuleRow = typeof fileShareRules.$inferSelect;
