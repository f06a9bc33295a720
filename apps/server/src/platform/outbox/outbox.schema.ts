import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    // An SMS's template at the provider (code, password or notice) and its variables' values.
    smsTemplate: text("sms_template", { enum: ["code", "password", "notice"] }),
    smsParams: jsonb("sms_params").$type<Record<string, string>>(),
    // pending: committed with the business change, waiting for the delivery worker; sending: claimed
    // by a worker (a claim older than the lease is taken again after a crash); recorded: kept in
    // the outbox only (no gateway); sent: handed to SMTP or accepted by the SMS provider; failed:
    // refused for good (SMTP every attempt, the SMS provider at once or every attempt).
    status: text("status", { enum: ["pending", "sending", "recorded", "sent", "failed"] }).notNull(),
    error: text("error"),
    /** What SMTP or the SMS provider last answered (its codes and request id), for operators. */
    gatewayAnswer: text("gateway_answer"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    claimedAt: ts("claimed_at"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("outbox_created").on(t.createdAt), index("outbox_due").on(t.status, t.nextAttemptAt)],
);
