// The outbox delivery worker: reads committed outbox rows and hands them to their channel. It runs
// on a timer and is nudged after every state-changing request, never inside one, so a request's
// answer does not wait on SMTP and a rolled-back change never sends anything.
//
// Delivery is at least once: a worker that dies after SMTP accepted a message but before marking it
// sent leaves it claimed, and it is sent again when the claim's lease runs out. Marking it first
// and sending after would lose messages instead, which is worse for a password reset or a bill.
import nodemailer from "nodemailer";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { claimDue, markAttemptFailed, markDelivered, type OutboxRow } from "./outbox.repo";
import type { SmsGateway, SmsTemplate } from "./sms/sms-gateway";

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
};

/** A claimed message not finished within this time was abandoned by a worker that died. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Attempts of one message before it is marked failed; waits double from one minute. */
export const MAX_ATTEMPTS = 5;
const BATCH = 20;

/** The Message-ID header of an outbox row's e-mail: its id, the same on every attempt. */
const outboxMessageId = (outboxId: string): string => `<${outboxId}@outbox.skyledger>`;

export type OutboxDelivery = {
  /** Delivers every message due now; answers how many were handled. */
  deliverDue(): Promise<number>;
  /** Asks for a pass soon (after a request that may have queued notices has answered). */
  kick(): void;
  /** Starts the timer that delivers what kicks missed (background jobs, other instances). */
  start(intervalMs: number): void;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
};

export function createOutboxDelivery(
  db: Db,
  clock: Clock,
  channels: { smtp: SmtpSettings | undefined; sms: SmsGateway | undefined },
  onError: (err: unknown) => void,
): OutboxDelivery {
  const { smtp, sms } = channels;
  const transport = smtp
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
        // Plain loopback test servers have no certificate worth checking; real ones use `secure`.
        tls: { rejectUnauthorized: smtp.secure },
      })
    : undefined;

  /** When a refused attempt is tried again; null after the last one. */
  const retryAt = (attempts: number) =>
    attempts < MAX_ATTEMPTS ? new Date(clock.now().getTime() + 60_000 * 2 ** (attempts - 1)) : null;

  async function deliverSms(m: OutboxRow, gateway: SmsGateway, attempts: number): Promise<void> {
    const template: SmsTemplate = {
      key: m.smsTemplate ?? "notice",
      params: m.smsParams ?? { content: m.body },
    };
    const result = await gateway.send(m.recipient, template);
    if (result.outcome === "sent") {
      await markDelivered(db, m.id, "sent", clock.now(), attempts, result.answer);
      return;
    }
    // A refusal (a bad number, template or key) would be refused again: failed at once.
    const retry = result.outcome === "unreachable" ? retryAt(attempts) : null;
    await markAttemptFailed(
      db,
      m.id,
      `${gateway.provider}: ${result.outcome}`,
      attempts,
      retry,
      result.answer,
    );
  }

  async function deliver(m: OutboxRow): Promise<void> {
    const attempts = m.attempts + 1;
    if (m.channel === "sms" && sms) return deliverSms(m, sms, attempts);
    // No SMS gateway configured, or e-mail without SMTP: the message has nowhere to go and is kept
    // in the outbox for operators to read.
    if (m.channel === "sms" || !transport || !smtp) {
      await markDelivered(db, m.id, "recorded", clock.now(), attempts);
      return;
    }
    let answer: string;
    try {
      const info = await transport.sendMail({
        from: smtp.from,
        to: m.recipient,
        subject: m.subject ?? "",
        text: m.body,
        // The same Message-ID on every attempt of one outbox row: a copy sent again after a worker
        // died between SMTP's acceptance and marking the row (at least once, above) can be dropped
        // by the receiving side, and an operator can match a received mail to its row.
        messageId: outboxMessageId(m.id),
      });
      answer = String(info.response ?? "").slice(0, 500);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markAttemptFailed(db, m.id, message.slice(0, 500), attempts, retryAt(attempts));
      return;
    }
    await markDelivered(db, m.id, "sent", clock.now(), attempts, answer);
  }

  async function deliverDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = clock.now();
      const batch = await db.transaction((tx) =>
        claimDue(tx, now, new Date(now.getTime() - CLAIM_LEASE_MS), BATCH),
      );
      for (const m of batch) await deliver(m);
      handled += batch.length;
      if (batch.length < BATCH) return handled;
    }
  }

  // One pass at a time per process; a kick during a pass asks for one more pass after it.
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function pass(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (err) {
          onError(err);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    deliverDue: async () => {
      // A direct call (tests, shutdown) waits for a pass under way so it never races it.
      if (running) await running;
      return deliverDue();
    },
    kick: () => void pass(),
    start(intervalMs) {
      timer ??= setInterval(() => void pass(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (running) await running;
    },
  };
}
