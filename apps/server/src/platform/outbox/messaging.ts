// SMS and e-mail leave through one outbox. A notice is queued in the transaction of the business
// change that caused it, so it exists exactly when the change does; the delivery worker
// (outbox-delivery.ts) sends it once that transaction has committed.
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { type PageRequest, pageOf } from "../db/paging";
import { newId } from "../ids";
import type { RequestContext } from "../request-context";
import { insertOutboxMessage, type OutboxFilter, outboxCount, outboxPage } from "./outbox.repo";

export type OutgoingMessage = { recipient: string; body: string; purpose: string; subject?: string };

export type Messaging = {
  /** Queues an SMS in `tx`; it is delivered after `tx` commits, and never if it rolls back. */
  queueSms(tx: Tx, message: OutgoingMessage): Promise<void>;
  /** Queues an e-mail in `tx`; it is delivered after `tx` commits, and never if it rolls back. */
  queueEmail(tx: Tx, message: OutgoingMessage & { subject: string }): Promise<void>;
  /** The operators' view of the outbox (GET /api/ops/outbox). */
  list(ctx: RequestContext, filter: OutboxFilter & PageRequest): ReturnType<typeof listOutbox>;
};

function listOutbox(db: Db, filter: OutboxFilter & PageRequest) {
  return pageOf(
    filter,
    (limit, offset) => outboxPage(db, filter, limit, offset),
    outboxCount(db, filter),
    (row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      purpose: row.purpose,
      status: row.status,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

export function createMessaging(db: Db, clock: Clock): Messaging {
  async function queue(tx: Tx, channel: "sms" | "email", m: OutgoingMessage) {
    await insertOutboxMessage(tx, {
      id: newId(),
      channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      purpose: m.purpose,
      status: "pending",
      createdAt: clock.now(),
    });
  }
  return {
    queueSms: (tx, m) => queue(tx, "sms", m),
    queueEmail: (tx, m) => queue(tx, "email", m),
    list: (_ctx, filter) => listOutbox(db, filter),
  };
}
