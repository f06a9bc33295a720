import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: text("id").primaryKey(),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    purpose: text("purpose").notNull(),
    // pending: committed with the business change, waiting for the delivery worker; sending: claimed
    // by a worker (a claim older than the lease is taken again after a crash); recorded: kept in
    // the outbox only (no gateway); sent: handed to SMTP; failed: SMTP refused it every attempt.
    status: text("status", { enum: ["pending", "sending", "recorded", "sent", "failed"] }).notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    claimedAt: ts("claimed_at"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("outbox_created").on(t.createdAt), index("outbox_due").on(t.status, t.nextAttemptAt)],
);
