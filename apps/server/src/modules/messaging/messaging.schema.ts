import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    purpose: text("purpose").notNull(),
    // recorded: kept in the outbox only (no gateway); sent: handed to SMTP; failed: SMTP refused.
    status: text("status", { enum: ["recorded", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("outbox_created").on(t.createdAt)],
);
