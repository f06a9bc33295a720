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
/** Attempts of one e-mail before it is marked failed; waits double from one minute. */
export const MAX_ATTEMPTS = 5;
const BATCH = 20;

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
  smtp: SmtpSettings | undefined,
  onError: (err: unknown) => void,
): OutboxDelivery {
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

  async function deliver(m: OutboxRow): Promise<void> {
    const attempts = m.attempts + 1;
    // No SMS gateway is wired and e-mail without SMTP has nowhere to go: the message is kept in
    // the outbox for operators to read.
    if (m.channel === "sms" || !transport || !smtp) {
      await markDelivered(db, m.id, "recorded", clock.now(), attempts);
      return;
    }
    try {
      await transport.sendMail({ from: smtp.from, to: m.recipient, subject: m.subject ?? "", text: m.body });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt =
        attempts < MAX_ATTEMPTS ? new Date(clock.now().getTime() + 60_000 * 2 ** (attempts - 1)) : null;
      await markAttemptFailed(db, m.id, message.slice(0, 500), attempts, retryAt);
      return;
    }
    await markDelivered(db, m.id, "sent", clock.now(), attempts);
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
