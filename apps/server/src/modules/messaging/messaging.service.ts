// SMS and e-mail leave through one outbox. No SMS gateway is reachable from here, so the built-in
// sender records each SMS for operators to read; e-mail goes through SMTP when it is configured.
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { newId } from "../../platform/ids";
import { outboxMessages } from "./messaging.schema";

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
};

export type OutgoingMessage = { recipient: string; body: string; purpose: string; subject?: string };

export type Messaging = {
  sendSms(message: OutgoingMessage): Promise<void>;
  sendEmail(message: OutgoingMessage & { subject: string }): Promise<void>;
  list(filter: {
    channel?: "sms" | "email";
    recipient?: string;
    pageNum: number;
    pageSize: number;
  }): Promise<{
    list: (typeof outboxMessages.$inferSelect)[];
    total: number;
  }>;
};

export function createMessaging(db: Db, clock: Clock, smtp: SmtpSettings | undefined): Messaging {
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

  async function record(
    channel: "sms" | "email",
    m: OutgoingMessage,
    status: "recorded" | "sent" | "failed",
    error?: string,
  ) {
    await db.insert(outboxMessages).values({
      id: newId(),
      channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      purpose: m.purpose,
      status,
      error: error ?? null,
      createdAt: clock.now(),
    });
  }

  return {
    sendSms: (m) => record("sms", m, "recorded"),
    async sendEmail(m) {
      if (!transport || !smtp) return record("email", m, "recorded");
      try {
        await transport.sendMail({ from: smtp.from, to: m.recipient, subject: m.subject, text: m.body });
        await record("email", m, "sent");
      } catch (err) {
        await record("email", m, "failed", err instanceof Error ? err.message : String(err));
      }
    },
    async list(filter) {
      const where: SQL[] = [];
      if (filter.channel) where.push(eq(outboxMessages.channel, filter.channel));
      if (filter.recipient) where.push(ilike(outboxMessages.recipient, containsPattern(filter.recipient)));
      const cond = where.length ? and(...where) : undefined;
      const [list, totals] = await Promise.all([
        db
          .select()
          .from(outboxMessages)
          .where(cond)
          .orderBy(desc(outboxMessages.createdAt))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ n: count() }).from(outboxMessages).where(cond),
      ]);
      return { list, total: totals[0]?.n ?? 0 };
    },
  };
}
