// Audit rows and notices commit with the change they describe (issue 12 §2), shown on the password
// reset: a failure injected after the business write and before commit — a trigger that refuses
// the action's audit row, or its e-mail in the outbox — leaves neither the change, nor its audit
// row, nor its notice; once the trigger is gone the same request succeeds with all of them.
// PGlite by default, PostgreSQL with TEST_DATABASE_URL.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "../src/modules/auth/auth.schema";
import { users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { TestClient } from "./support/client";
import { countRows, type NewTenant, registerTenant, smsCodeFor } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { startSmtp, type TestSmtp } from "./support/smtp";

let smtp: TestSmtp;
let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) });
  visitor = new TestClient(t.app, t.clock);
  // The injected failures answer HTTP 500 and are logged as errors.
  t.expectErrorLog(/injected failure/);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A trigger that makes every insert into `table` matching `when` fail, until `drop()`. */
async function failInserts(table: "audit_logs" | "outbox_messages", when: string) {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create or replace function inject_failure() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger inject_failure before insert on ${table}
      for each row when (${when}) execute function inject_failure()`),
  );
  return {
    drop: async () => {
      await db.execute(sql.raw(`drop trigger inject_failure on ${table}`));
      await db.execute(sql.raw("drop function inject_failure()"));
    },
  };
}

const passwordHashOf = async (userId: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.h;

async function auditCount(action: string, target: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)));
  return row?.n ?? 0;
}

const canSignIn = async (u: NewTenant, password: string) =>
  (await new TestClient(t.app, t.clock).login(u.account, password)).status === 200;

describe("a password reset by SMS code", () => {
  it("leaves the password, its audit row and the code as they were when the commit fails", async () => {
    const u = await registerTenant(t, visitor);
    const sent = await visitor.request("/api/common/sms/send_code", {
      method: "POST",
      body: { phone: u.mobile, purpose: "reset" },
    });
    expect(sent.status).toBe(200);
    const smsCode = await smsCodeFor(t, u.mobile, "reset");
    const reset = () =>
      visitor.request("/api/users/forget_password/sms", {
        method: "POST",
        body: { phone: u.mobile, smsCode, newPassword: "Reset@2027", confirmPassword: "Reset@2027" },
      });
    const hashBefore = await passwordHashOf(u.userSid);
    const outboxBefore = await countRows(t, outboxMessages);

    // The password is written, then the audit row fails: the whole transaction rolls back.
    const failing = await failInserts("audit_logs", "NEW.action = 'password.reset.sms'");
    const refused = await reset();
    expect(refused.status).toBe(500);
    expect(await passwordHashOf(u.userSid)).toBe(hashBefore);
    expect(await auditCount("password.reset.sms", u.userSid)).toBe(0);
    expect(await countRows(t, outboxMessages)).toBe(outboxBefore);
    expect(await canSignIn(u, u.password)).toBe(true);
    await failing.drop();

    // The code was not spent by the rolled-back attempt: the same request now succeeds whole.
    const ok = await reset();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await passwordHashOf(u.userSid)).not.toBe(hashBefore);
    expect(await auditCount("password.reset.sms", u.userSid)).toBe(1);
    expect(await canSignIn(u, "Reset@2027")).toBe(true);
  });
});

describe("a password reset by the mailed link", () => {
  const ask = (email: string) =>
    visitor.request("/api/users/forget_password/email", { method: "POST", body: { email } });
  const resetWith = (token: string) =>
    visitor.request("/api/users/reset_password", {
      method: "POST",
      body: { token, newPassword: "Mailed@2027", confirmPassword: "Mailed@2027" },
    });

  async function lastTokenMailedTo(email: string): Promise<string> {
    await t.app.outbox.deliverDue();
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
    const token = mail && /\/reset\/password\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no reset link was mailed to ${email}`);
    return token;
  }

  it("stores no link and sends no mail when the mail cannot be queued", async () => {
    const u = await registerTenant(t, visitor);
    const tokensOf = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, u.userSid))
      )[0]!.n;
    const mailsBefore = smtp.mails.length;

    // The link is stored, then its e-mail fails to enter the outbox: neither remains.
    const failing = await failInserts("outbox_messages", "NEW.purpose = 'password.reset'");
    expect((await ask(u.email)).status).toBe(500);
    expect(await tokensOf()).toBe(0);
    await t.app.outbox.deliverDue();
    expect(smtp.mails.length).toBe(mailsBefore);
    await failing.drop();

    expect((await ask(u.email)).status).toBe(200);
    expect(await tokensOf()).toBe(1);
    await lastTokenMailedTo(u.email);
    expect(smtp.mails.length).toBe(mailsBefore + 1);
  });

  it("leaves the password, its audit row and the link as they were when the commit fails", async () => {
    const u = await registerTenant(t, visitor);
    expect((await ask(u.email)).status).toBe(200);
    const token = await lastTokenMailedTo(u.email);
    const hashBefore = await passwordHashOf(u.userSid);
    const outboxBefore = await countRows(t, outboxMessages);

    const failing = await failInserts("audit_logs", "NEW.action = 'password.reset.email'");
    expect((await resetWith(token)).status).toBe(500);
    expect(await passwordHashOf(u.userSid)).toBe(hashBefore);
    expect(await auditCount("password.reset.email", u.userSid)).toBe(0);
    expect(await countRows(t, outboxMessages)).toBe(outboxBefore);
    expect(await canSignIn(u, u.password)).toBe(true);
    await failing.drop();

    // The link was not used up by the rolled-back attempt.
    const ok = await resetWith(token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await auditCount("password.reset.email", u.userSid)).toBe(1);
    expect(await canSignIn(u, "Mailed@2027")).toBe(true);
    expect((await resetWith(token)).status).toBe(400);
  });
});
