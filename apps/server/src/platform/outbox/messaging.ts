// SMS and e-mail leave through one outbox. A notice is queued in the transaction of the business
// change that caused it, so it exists exactly when the change does; the delivery worker
// (outbox-delivery.ts) sends it once that transaction has committed.
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { type PageRequest, pageOf } from "../db/paging";
import { newId } from "../ids";
import type { RequestContext } from "../request-context";
import { insertOutboxMessage, type OutboxFilter, outboxCount, outboxPage } from "./outbox.repo";
import type { SmsTemplate } from "./sms/sms-gateway";

export type OutgoingMessage = { recipient: string; body: string; purpose: string; subject?: string };

/**
 * An SMS names the provider template it is sent with (sms/sms-gateway.ts); without one it goes as a
 * notice whose content is the body.
 */
export type OutgoingSms = OutgoingMessage & { template?: SmsTemplate };

/** A notice's content without the 【Skyledger】 prefix: the provider adds the approved signature. */
export function noticeContent(body: string): string {
  return body.replace(/^(【[^】]*】|\[[^\]]*\])\s*/, "");
}

export type Messaging = {
  /** Queues an SMS in `tx`; it is delivered after `tx` commits, and never if it rolls back. */
  queueSms(tx: Tx, message: OutgoingSms): Promise<void>;
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
      gatewayAnswer: row.gatewayAnswer,
      attempts: row.attempts,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

export function createMessaging(db: Db, clock: Clock): Messaging {
  async function queue(tx: Tx, channel: "sms" | "email", m: OutgoingMessage, sms?: SmsTemplate) {
    await insertOutboxMessage(tx, {
      id: newId(),
      channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      purpose: m.purpose,
      smsTemplate: sms?.key ?? null,
      smsParams: sms?.params ?? null,
      status: "pending",
      createdAt: clock.now(),
    });
  }
  return {
    queueSms: (tx, m) =>
      queue(tx, "sms", m, m.template ?? { key: "notice", params: { content: noticeContent(m.body) } }),
    queueEmail: (tx, m) => queue(tx, "email", m),
    list: (_ctx, filter) => listOutbox(db, filter),
  };
}
