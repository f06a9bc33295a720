// The profile (route `info`): e-mail change confirmed by a link mailed to the new address, phone
// change confirmed by a code sent to the new number, and the real name.
import type { ProfileDetails } from "@skyledger/contracts";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { type NewTenant, registerTenant, smsCodeFor, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { startSmtp, type TestSmtp } from "./support/smtp";

let smtp: TestSmtp;
let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) });
  visitor = new TestClient(t.app, t.clock);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function stepUp(client: TestClient, mobile: string) {
  await client.request("/api/common/sms/send_code", { method: "POST", body: { purpose: "stepup" } });
  const code = await smsCodeFor(t, mobile, "stepup");
  const ok = await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: code } });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}

async function signedUpTenant(): Promise<{ tenant: NewTenant; client: TestClient }> {
  const tenant = await registerTenant(t, visitor);
  const client = await signedIn(t.app, t.clock, tenant);
  return { tenant, client };
}

// Notices are delivered after commit by the outbox worker: run its pass before reading mail.
async function linkTokenMailedTo(email: string): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const token = /\/edit\/email\?token=([\w-]+)/.exec(mail!.text)?.[1];
  expect(token, mail!.text).toBeDefined();
  return token!;
}

const confirm = (token: string, locale: "en-US" | "zh-CN" = "en-US") =>
  visitor.request<{ email: string }>("/api/users/email/confirm", { method: "POST", body: { token }, locale });

const emailOf = async (userId: string) =>
  (await t.database.db.select({ e: users.email }).from(users).where(eq(users.id, userId)))[0]?.e;

async function bindCodeFor(phone: string): Promise<string> {
  const [row] = await t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.purpose, "code:bind")))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  expect(code, `a phone-change code sent to ${phone}`).toBeDefined();
  return code!;
}

describe("e-mail change", () => {
  it("needs step-up, mails a link to the new address, and changes the address once it is opened", async () => {
    const { tenant, client } = await signedUpTenant();
    const newEmail = `new-${tenant.account}@acme.example`;
    const ask = () =>
      client.request("/api/users/email/change", { method: "POST", body: { email: newEmail } });
    expect((await ask()).status).toBe(406);
    await stepUp(client, tenant.mobile);
    const asked = await ask();
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({
      email: newEmail,
      expiresAt: new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    });

    // Nothing changes before the link is opened; the profile shows the pending address.
    expect(await emailOf(tenant.userSid)).toBe(tenant.email);
    const pending = await client.request<ProfileDetails>("/api/users/profile");
    expect(pending.body.data.pendingEmail?.email).toBe(newEmail);

    const token = await linkTokenMailedTo(newEmail);
    const done = await confirm(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.email).toBe(newEmail);
    expect(await emailOf(tenant.userSid)).toBe(newEmail);
    // The cached profile is forgotten at once.
    const me = await client.request<{ email: string }>("/api/users/token");
    expect(me.body.data.email).toBe(newEmail);
    expect((await client.request<ProfileDetails>("/api/users/profile")).body.data.pendingEmail).toBeNull();

    // The old address is told; the new one can sign in.
    await t.app.outbox.deliverDue();
    const notice = smtp.mails.filter((m) => m.to.includes(tenant.email)).at(-1);
    expect(notice?.text).toContain("was changed to ne***@acme.example");
    expect((await new TestClient(t.app, t.clock).login(newEmail, tenant.password)).status).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "email.changed"), eq(auditLogs.target, tenant.userSid)));
    expect(audit?.detail).toEqual({ email: { from: tenant.email, to: newEmail } });

    // The link works once.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(20004);
    expect(again.body.message).toBe("The verification address is wrong or has expired");
    expect((await confirm(token, "zh-CN")).body.message).toBe("验证地址错误或已过期");
  });

  it("refuses an expired link, an unknown one, and links replaced by a newer request", async () => {
    const { tenant, client } = await signedUpTenant();
    await stepUp(client, tenant.mobile);
    const first = `first-${tenant.account}@acme.example`;
    const second = `second-${tenant.account}@acme.example`;
    await client.request("/api/users/email/change", { method: "POST", body: { email: first } });
    const firstToken = await linkTokenMailedTo(first);
    await client.request("/api/users/email/change", { method: "POST", body: { email: second } });
    const secondToken = await linkTokenMailedTo(second);

    expect((await confirm(firstToken)).body.code).toBe(20004);
    expect((await confirm("not-a-token-at-all")).body.code).toBe(20004);

    t.clock.advanceMinutes(24 * 60 + 1);
    expect((await confirm(secondToken)).body.code).toBe(20004);
    expect(await emailOf(tenant.userSid)).toBe(tenant.email);
  });

  it("refuses the current address, an address in use and a malformed one", async () => {
    const { tenant, client } = await signedUpTenant();
    await stepUp(client, tenant.mobile);
    const ask = (email: string) =>
      client.request("/api/users/email/change", { method: "POST", body: { email } });
    const same = await ask(tenant.email.toUpperCase());
    expect(same.body.code).toBe(24042);
    const taken = await ask("owner@demo-ai-lab.example");
    expect(taken.body.code).toBe(20023);
    const bad = await ask("not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toBe("The e-mail format is invalid");
  });

  it("refuses the link when another account took the address meanwhile", async () => {
    const { tenant, client } = await signedUpTenant();
    await stepUp(client, tenant.mobile);
    const wanted = `wanted-${tenant.account}@acme.example`;
    await client.request("/api/users/email/change", { method: "POST", body: { email: wanted } });
    const token = await linkTokenMailedTo(wanted);
    await registerTenant(t, visitor, { email: wanted });
    expect((await confirm(token)).body.code).toBe(20023);
    expect(await emailOf(tenant.userSid)).toBe(tenant.email);
  });

  it("retires password reset links sent to the old address", async () => {
    const { tenant, client } = await signedUpTenant();
    await visitor.request("/api/users/forget_password/email", {
      method: "POST",
      body: { email: tenant.email },
    });
    await t.app.outbox.deliverDue();
    const mail = smtp.mails.filter((m) => m.to.includes(tenant.email)).at(-1);
    const resetToken = /\/reset\/password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const valid = async () =>
      (
        await visitor.request<{ valid: boolean }>("/api/users/reset_password/check", {
          query: { token: resetToken },
        })
      ).body.data.valid;
    expect(await valid()).toBe(true);

    await stepUp(client, tenant.mobile);
    const next = `moved-${tenant.account}@acme.example`;
    await client.request("/api/users/email/change", { method: "POST", body: { email: next } });
    expect((await confirm(await linkTokenMailedTo(next))).status).toBe(200);
    expect(await valid()).toBe(false);
  });
});

describe("phone change", () => {
  it("sends a code to the new number after step-up and switches once the code is entered", async () => {
    const { tenant, client } = await signedUpTenant();
    const newPhone = uniquePhone();
    const send = () =>
      client.request("/api/users/mobile/send_code", { method: "POST", body: { mobile: newPhone } });
    expect((await send()).status).toBe(406);
    await stepUp(client, tenant.mobile);
    const sent = await send();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 59, expiresInSeconds: 300 });
    const code = await bindCodeFor(newPhone);

    const change = (smsCode: string) =>
      client.request("/api/users/mobile", { method: "PUT", body: { mobile: newPhone, smsCode } });
    const wrong = await change(code === "000000" ? "111111" : "000000");
    expect(wrong.body.code).toBe(20008);
    const ok = await change(code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    const me = await client.request<{ mobile: string }>("/api/users/token");
    expect(me.body.data.mobile).toBe(newPhone);
    // The old number hears about it; asking again for the number now held is refused as unchanged.
    const [notice] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, tenant.mobile), eq(outboxMessages.purpose, "mobile.changed")));
    expect(notice?.body).toContain(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);
    expect((await change(code)).body.code).toBe(24043);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "mobile.changed"), eq(auditLogs.target, tenant.userSid)));
    expect(audit?.detail).toEqual({ mobile: { from: tenant.mobile, to: newPhone } });
    // Step-up codes now go to the new number.
    await stepUp(client, newPhone);
  });

  it("refuses the current number, a number in use and a code sent to another number", async () => {
    const { tenant, client } = await signedUpTenant();
    await stepUp(client, tenant.mobile);
    const send = (mobile: string) =>
      client.request("/api/users/mobile/send_code", { method: "POST", body: { mobile } });
    expect((await send(tenant.mobile)).body.code).toBe(24043);
    expect((await send("13800000003")).body.code).toBe(20024);
    expect((await send("12345")).body.message).toBe("The phone number entered is incorrect");

    const other = uniquePhone();
    await send(other);
    const code = await bindCodeFor(other);
    const res = await client.request("/api/users/mobile", {
      method: "PUT",
      body: { mobile: uniquePhone(), smsCode: code },
    });
    expect(res.body.code).toBe(20008);
  });
});

describe("real name", () => {
  it("changes the name of an unverified account and records it", async () => {
    const { tenant, client } = await signedUpTenant();
    const bad = await client.request("/api/users/profile", {
      method: "PUT",
      body: { realName: "x<script>" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      "Use up to 10 Chinese characters, or 2 to 128 characters starting with a letter or Chinese character (letters, digits, _ and -)",
    );
    const res = await client.request<ProfileDetails>("/api/users/profile", {
      method: "PUT",
      body: { realName: "王小明" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ realName: "王小明", realNameLocked: false });
    expect((await client.request<{ realName: string }>("/api/users/token")).body.data.realName).toBe(
      "王小明",
    );
    expect(
      (await client.request("/api/users/profile", { method: "PUT", body: { realName: "Alice_Wang" } }))
        .status,
    ).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "profile.updated"), eq(auditLogs.target, tenant.userSid)))
      .orderBy(auditLogs.id);
    expect(rows.map((r) => r.detail)).toEqual([
      { realName: { from: null, to: "王小明" } },
      { realName: { from: "王小明", to: "Alice_Wang" } },
    ]);
  });

  it("keeps the verified name of a verified account", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const details = await client.request<ProfileDetails>("/api/users/profile");
    expect(details.body.data).toMatchObject({ realName: "张三", realNameLocked: true });
    const res = await client.request("/api/users/profile", { method: "PUT", body: { realName: "李四" } });
    expect(res.body.code).toBe(24007);
  });

  it("is open to operators too", async () => {
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    const res = await admin.request<ProfileDetails>("/api/users/profile");
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe("admin@skyledger.local");
  });
});
