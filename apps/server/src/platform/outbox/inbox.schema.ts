import { MESSAGE_TYPES, NOTICE_TYPES } from "@skyledger/contracts";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The message centre: one row per message a user received. A notice is written by `notify`
 * (messaging.ts) in its business transaction, whatever channels it also went by; an announcement
 * is copied to a user's centre when that user next looks (announcements.repo.ts), so that the read
 * and deleted marks are the user's own. One-time codes, passwords and links never come here.
 */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** The recipient's organisation; null for operators. */
    orgId: text("org_id"),
    type: text("type", { enum: MESSAGE_TYPES }).notNull(),
    /** What caused it (`order.completed`, `ticket.answered`, `announcement`…), as in the outbox. */
    purpose: text("purpose").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    announcementId: text("announcement_id"),
    createdAt: ts("created_at").notNull(),
    readAt: ts("read_at"),
    /** Deleted by its user: kept so that an announcement is not copied to the centre again. */
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    index("inbox_user_created").on(t.userId, t.createdAt),
    uniqueIndex("inbox_user_announcement").on(t.userId, t.announcementId),
  ],
);

/** A tenant administrator's choice per notice type; no row: every channel the notice uses. */
export const noticePreferences = pgTable(
  "notice_preferences",
  {
    orgId: text("org_id").notNull(),
    type: text("type", { enum: NOTICE_TYPES }).notNull(),
    email: boolean("email").notNull(),
    sms: boolean("sms").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.type] })],
);
