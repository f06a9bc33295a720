import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const invitationCodes = pgTable("invitation_codes", {
  code: text("code").primaryKey(),
  remark: text("remark").notNull().default(""),
  maxUses: integer("max_uses").notNull(),
  usedCount: integer("used_count").notNull().default(0),
  expiresAt: ts("expires_at"),
  disabledAt: ts("disabled_at"),
  createdAt: ts("created_at").notNull(),
  createdBy: text("created_by"),
});

export const invitationCodeUses = pgTable(
  "invitation_code_uses",
  {
    id: serial("id").primaryKey(),
    code: text("code")
      .notNull()
      .references(() => invitationCodes.code),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: ts("used_at").notNull(),
  },
  (t) => [index("invitation_code_uses_code").on(t.code)],
);
