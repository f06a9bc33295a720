// SMS and e-mail leave through one outbox. A notice is queued in the transaction of the business
// change that caused it, so it exists exactly when the change does; the delivery worker
// (outbox-delivery.ts) sends it once that transaction has committed.

import type { NoticeType, OutboxPurpose } from "@skyledger/contracts";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { type PageRequest, pageOf } from "../db/paging";
import { newId } from "../ids";
import type { RequestContext } from "../request-context";
import { insertInboxMessage, preferenceOf } from "./inbox.repo";
import { insertOutboxMessage, type OutboxFilter, outboxCount, outboxPage } from "./outbox.repo";
import type { SmsTemplate } from "./sms/sms-gateway";

export type OutgoingMessage = { recipient: string; body: string; purpose: OutboxPurpose; subject?: string };

/**
 * An SMS names the provider template it is sent with (sms/sms-gateway.ts); without one it goes as a
 * notice whose content is the body.
 */
export type OutgoingSms = OutgoingMessage & { template?: SmsTemplate };

/** A notice's content without the 【Skyledger】 prefix: the provider adds the approved signature. */
export function noticeContent(body: string): string {
  return body.replace(/^(【[^】]*】|\[[^\]]*\])\s*/, "");
}

/** Who a notice is for: a user, with the addresses it may also go to. */
export type NoticeRecipient = {
  userId: string;
  /** The user's organisation, whose preferences apply; null for operators. */
  orgId: string | null;
  email: string | null;
  mobile: string | null;
};

/**
 * A notice: ONE message in the recipient's centre, and the e-mail and/or SMS `channels` it is
 * also sent by, each only when the recipient has that address and their organisation has not
 * turned the channel off for the type. One-time codes, passwords and links are not notices: they
 * go by `queueSms` / `queueEmail` to the address only.
 */
export type Notice = {
  to: NoticeRecipient;
  type: NoticeType;
  purpose: OutboxPurpose;
  /** The message's title; the e-mail's subject is it with the 【Skyledger】 prefix. */
  title: string;
  body: string;
  channels: readonly ("email" | "sms")[];
};

/** A title without the 【Skyledger】 prefix, as the message centre shows it. */
const bareTitle = (title: string) => noticeContent(title);

export type Messaging = {
  /** Writes a notice to the recipient's centre and queues its e-mail / SMS, all in `tx`. */
  notify(tx: Tx, notice: Notice): Promise<void>;
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
  async function notify(tx: Tx, n: Notice): Promise<void> {
    const title = bareTitle(n.title);
    await insertInboxMessage(tx, {
      id: newId(),
      userId: n.to.userId,
      orgId: n.to.orgId,
      type: n.type,
      purpose: n.purpose,
      title,
      body: n.body,
      createdAt: clock.now(),
    });
    const chosen = n.to.orgId ? await preferenceOf(tx, n.to.orgId, n.type) : undefined;
    const wants = (channel: "email" | "sms") => n.channels.includes(channel) && (chosen?.[channel] ?? true);
    if (wants("email") && n.to.email) {
      await queue(tx, "email", {
        recipient: n.to.email,
        purpose: n.purpose,
        subject: `【Skyledger】${title}`,
        body: n.body,
      });
    }
    if (wants("sms") && n.to.mobile) {
      await queue(
        tx,
        "sms",
        { recipient: n.to.mobile, purpose: n.purpose, body: n.body },
        {
          key: "notice",
          params: { content: noticeContent(n.body) },
        },
      );
    }
  }
  return {
    notify,
    queueSms: (tx, m) =>
      queue(tx, "sms", m, m.template ?? { key: "notice", params: { content: noticeContent(m.body) } }),
    queueEmail: (tx, m) => queue(tx, "email", m),
    list: (_ctx, filter) => listOutbox(db, filter),
  };
}
