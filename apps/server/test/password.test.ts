// Passwords: forced first-login change, change with SMS step-up, the policy check, expiry, and
// the two forgotten-password paths (SMS code; e-mailed link through a real SMTP server).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "../src/modules/auth/auth.schema";
import { users } from "../src/modules/iam/iam.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
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
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newTenant = () => registerTenant(t, visitor);

async function loginAs(who: { account: string; password: string }) {
  return signedIn(t.app, t.clock, who);
}

async function setConfig(configKey: string, configValue: string) {
  const admin = await loginAs(DEMO.admin);
  const res = await admin.request("/api/configs", {
    method: "PUT",
    body: { entries: [{ configKey, configValue }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function stepUp(client: TestClient, mobile: string) {
  const sent = await client.request("/api/common/sms/send_code", {
    method: "POST",
    body: { purpose: "stepup" },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await smsCodeFor(t, mobile, "stepup");
  const verified = await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

describe("first login", () => {
  it("forces a new password that meets the policy, once", async () => {
    const u = await newTenant();
    await t.database.db.update(users).set({ loginNotFirst: false }).where(eq(users.id, u.userSid));

    const client = new TestClient(t.app, t.clock);
    const login = await client.login(u.account, u.password);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    const me = await client.request<{ loginNotFirstFlag: boolean }>("/api/users/token");
    expect(me.body.data.loginNotFirstFlag).toBe(false);

    const first = (newPassword: string, confirmPassword = newPassword, locale: "en-US" | "zh-CN" = "en-US") =>
      client.request("/api/users/first_login", {
        method: "POST",
        body: { newPassword, confirmPassword },
        locale,
      });

    const same = await first(u.password);
    expect(same.status).toBe(400);
    expect(same.body.code).toBe(20015);
    expect(same.body.message).toBe("The new password must differ from the old one");
    expect((await first(u.password, u.password, "zh-CN")).body.message).toBe("新密码不能与旧密码相同");

    const weak = await first("password");
    expect(weak.body.code).toBe(20016);
    expect(weak.body.message).toBe(
      "The password does not meet the password policy: at least one digit; at least one of ~!@#$%^&*?",
    );
    expect((await first("password", "password", "zh-CN")).body.message).toBe(
      "密码不符合密码策略：至少包含一个数字；至少包含一个特殊字符 ~!@#$%^&*?",
    );

    // Until the new password is set, only the password-change calls are open.
    const blocked = await client.request("/api/configs/user/configType", {
      query: { configType: "display" },
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe(20025);
    expect(blocked.body.message).toBe("Set a new password before you continue");

    const mismatch = await first("Fresh@2027a", "Fresh@2027b");
    expect(mismatch.body.code).toBe(20017);
    expect(mismatch.body.message).toBe("The confirmation does not match the password");

    const empty = await client.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(400);

    const done = await first("Fresh@2027a");
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ ok: true });

    const open = await client.request("/api/configs/user/configType", { query: { configType: "display" } });
    expect(open.status).toBe(200);

    const again = await first("Fresh@2027b");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(20020);
    expect(again.body.message).toBe("The first-login password has already been changed");

    const old = await new TestClient(t.app, t.clock).login(u.account, u.password);
    expect(old.body.code).toBe(20001);
    const fresh = await new TestClient(t.app, t.clock).login(u.account, "Fresh@2027a");
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.loginNotFirstFlag).toBe(true);
  });

  it("needs a signed-in user", async () => {
    const res = await new TestClient(t.app, t.clock).request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Fresh@2027a", confirmPassword: "Fresh@2027a" },
    });
    expect(res.status).toBe(401);
  });
});

describe("changing the password (PUT /users/password)", () => {
  let u: NewTenant;
  let here: TestClient;
  let elsewhere: TestClient;

  beforeAll(async () => {
    u = await newTenant();
    here = await loginAs(u);
    elsewhere = await loginAs(u);
  });

  const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
    here.request("/api/users/password", {
      method: "PUT",
      body: { oldPassword, newPassword, confirmPassword },
    });

  it("reports SMS step-up as enabled", async () => {
    const res = await here.request<{ enabled: boolean }>("/api/users/2FA/state/0");
    expect(res.status).toBe(200);
    expect(res.body.data.enabled).toBe(true);
  });

  it("answers 406 until the session passes SMS step-up", async () => {
    const res = await change(u.password, "Changed@2027");
    expect(res.status).toBe(406);
    expect(res.body.code).toBe(406);
    expect(res.body.message).toBe("This operation needs SMS verification; enter the 6-digit code");
    const zh = await here.request("/api/users/password", {
      method: "PUT",
      body: { oldPassword: u.password, newPassword: "Changed@2027", confirmPassword: "Changed@2027" },
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("该操作需要短信验证，请输入6位验证码");
  });

  it("refuses step-up codes to anonymous callers and wrong codes", async () => {
    const anonymous = await new TestClient(t.app, t.clock).request("/api/common/sms/send_code", {
      method: "POST",
      body: { purpose: "stepup", phone: u.mobile },
    });
    expect(anonymous.status).toBe(401);
    const wrong = await here.request("/api/users/2FA/verify", {
      method: "POST",
      body: { smsCode: "000000" },
    });
    expect(wrong.status).toBe(400);
    // No code has been sent yet, so any code is wrong.
    expect(wrong.body.code).toBe(20008);
    const malformed = await here.request("/api/users/2FA/verify", {
      method: "POST",
      body: { smsCode: "12" },
    });
    expect(malformed.body.code).toBe(400);
    expect(malformed.body.message).toBe("The verification code has 6 digits");
  });

  it("changes the password after step-up, checking the old one and the policy", async () => {
    await stepUp(here, u.mobile);
    // The step-up belongs to this session only.
    const other = await elsewhere.request("/api/users/password", {
      method: "PUT",
      body: { oldPassword: u.password, newPassword: "Changed@2027", confirmPassword: "Changed@2027" },
    });
    expect(other.status).toBe(406);

    const wrongOld = await change("Wrong@2026x", "Changed@2027");
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.code).toBe(20018);
    expect(wrongOld.body.message).toBe("The current password is wrong");
    expect((await change(u.password, "Changed@2027", "Changed@2028")).body.code).toBe(20017);
    expect((await change(u.password, "changed")).body.code).toBe(20016);
    expect((await change(u.password, u.password)).body.code).toBe(20015);

    const ok = await change(u.password, "Changed@2027");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // This session goes on; the user's other session has ended.
    expect((await here.request("/api/users/token")).status).toBe(200);
    const ended = await elsewhere.request("/api/users/token");
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(401);

    expect((await new TestClient(t.app, t.clock).login(u.account, u.password)).body.code).toBe(20001);
    expect((await new TestClient(t.app, t.clock).login(u.account, "Changed@2027")).status).toBe(200);
  });

  it("asks for step-up again after 5 minutes", async () => {
    t.clock.advance(5 * 60_000 + 1_000);
    const res = await change("Changed@2027", "Changed@2028");
    expect(res.status).toBe(406);
  });

  it("does not ask for step-up when the operator turns it off", async () => {
    await setConfig("sms.stepup.enable", "false");
    try {
      expect((await here.request<{ enabled: boolean }>("/api/users/2FA/state/0")).body.data.enabled).toBe(
        false,
      );
      const res = await change("Wrong@2026x", "Changed@2028");
      expect(res.body.code).toBe(20018);
    } finally {
      await setConfig("sms.stepup.enable", "true");
    }
  });
});

describe("POST /users/password/check", () => {
  it("reports the problems against the current policy", async () => {
    const client = await loginAs(DEMO.reader);
    const check = async (password: string) =>
      (
        await client.request<{ valid: boolean; problems: string[]; policy: Record<string, number> }>(
          "/api/users/password/check",
          { method: "POST", body: { password } },
        )
      ).body.data;
    const good = await check("Good@2026");
    expect(good).toEqual({
      valid: true,
      problems: [],
      policy: { minLength: 8, maxLength: 12, minDistinct: 4, expiryDays: 90 },
    });
    expect((await check("abc")).problems).toEqual(["length", "digit", "special", "distinct"]);
    expect((await check("Abcdefgh1234567")).problems).toEqual(["length", "special"]);
    expect((await check("Abc@1234 x")).problems).toEqual(["charset"]);
    expect((await check("a@1a@1a@1")).problems).toEqual(["distinct"]);
    const anonymous = await new TestClient(t.app, t.clock).request("/api/users/password/check", {
      method: "POST",
      body: { password: "abc" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("forgotten password by SMS", () => {
  const sendReset = (phone: string) =>
    visitor.request("/api/common/sms/send_code", { method: "POST", body: { phone, purpose: "reset" } });
  const reset = (body: object) => visitor.request("/api/users/forget_password/sms", { method: "POST", body });

  it("resets the password with the code sent to the phone and ends every session", async () => {
    const u = await newTenant();
    const session = await loginAs(u);
    expect((await sendReset(u.mobile)).status).toBe(200);
    const smsCode = await smsCodeFor(t, u.mobile, "reset");

    expect(
      (await reset({ phone: u.mobile, smsCode, newPassword: "Reset@2027", confirmPassword: "Reset@2028" }))
        .body.code,
    ).toBe(20017);
    expect(
      (await reset({ phone: u.mobile, smsCode, newPassword: "reset", confirmPassword: "reset" })).body.code,
    ).toBe(20016);
    // A refused new password does not spend the code.
    const ok = await reset({
      phone: u.mobile,
      smsCode,
      newPassword: "Reset@2027",
      confirmPassword: "Reset@2027",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    expect((await session.request("/api/users/token")).status).toBe(401);
    expect((await new TestClient(t.app, t.clock).login(u.account, u.password)).body.code).toBe(20001);
    expect((await new TestClient(t.app, t.clock).login(u.account, "Reset@2027")).status).toBe(200);

    const reused = await reset({
      phone: u.mobile,
      smsCode,
      newPassword: "Again@2027",
      confirmPassword: "Again@2027",
    });
    expect(reused.body.code).toBe(20008);
  });

  it("refuses a wrong code without revealing anything about the current password", async () => {
    const u = await newTenant();
    await sendReset(u.mobile);
    const code = await smsCodeFor(t, u.mobile, "reset");
    const wrong = code === "123456" ? "654321" : "123456";
    // Without a valid code the answer must not say whether the "new" password is the current one.
    const guess = await reset({
      phone: u.mobile,
      smsCode: wrong,
      newPassword: u.password,
      confirmPassword: u.password,
    });
    expect(guess.status).toBe(400);
    expect(guess.body.code).toBe(20008);
    const other = await reset({
      phone: u.mobile,
      smsCode: wrong,
      newPassword: "Other@2027",
      confirmPassword: "Other@2027",
    });
    expect(other.body.code).toBe(20008);
    expect((await new TestClient(t.app, t.clock).login(u.account, u.password)).status).toBe(200);
  });

  it("answers ok for an unknown phone without sending anything", async () => {
    const before = await countRows(t, outboxMessages);
    const res = await sendReset("13712345678");
    expect(res.status).toBe(200);
    expect(await countRows(t, outboxMessages)).toBe(before);
    const refused = await reset({
      phone: "13712345678",
      smsCode: "123456",
      newPassword: "Reset@2027",
      confirmPassword: "Reset@2027",
    });
    expect(refused.body.code).toBe(20008);
  });
});

describe("forgotten password by e-mail link", () => {
  const ask = (email: string, locale: "en-US" | "zh-CN" = "en-US") =>
    visitor.request("/api/users/forget_password/email", { method: "POST", body: { email }, locale });
  const checked = async (token: string) =>
    (
      await visitor.request<{ valid: boolean; policy: { maxLength: number } | null }>(
        "/api/users/reset_password/check",
        { query: { token } },
      )
    ).body.data;
  const check = async (token: string) => {
    const answer = await checked(token);
    // A working link tells the form its account's password rules; a dead one tells nothing.
    expect(answer.policy === null).toBe(!answer.valid);
    return answer.valid;
  };
  const reset = (token: string, newPassword: string, locale: "en-US" | "zh-CN" = "en-US") =>
    visitor.request("/api/users/reset_password", {
      method: "POST",
      body: { token, newPassword, confirmPassword: newPassword },
      locale,
    });

  // Notices are delivered after commit by the outbox worker: run its pass before reading mail.
  async function tokenFromLastMailTo(email: string): Promise<string> {
    await t.app.outbox.deliverDue();
    const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
    expect(mail, `a mail to ${email}`).toBeDefined();
    const token = /\/reset\/password\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token, mail!.text).toBeDefined();
    return token!;
  }

  it("mails a link through SMTP that resets the password once", async () => {
    const u = await newTenant();
    const session = await loginAs(u);
    const mailsBefore = smtp.mails.length;
    const res = await ask(u.email.toUpperCase());
    expect(res.status).toBe(200);
    await t.app.outbox.deliverDue();
    expect(smtp.mails.length).toBe(mailsBefore + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([u.email]);
    expect(mail.from).toBe("no-reply@skyledger.local");
    expect(mail.subject).toBe("Reset your Skyledger password");
    expect(mail.text).toContain(`Hello ${u.account}`);
    const [recorded] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, u.email));
    expect(recorded).toMatchObject({ channel: "email", status: "sent", purpose: "password.reset" });

    const token = await tokenFromLastMailTo(u.email);
    // Only the hash of the token is stored.
    const stored = await t.database.db.select().from(passwordResetTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    expect(await checked(token)).toEqual({ valid: true, policy: expect.objectContaining({ maxLength: 12 }) });
    const weak = await reset(token, "weak");
    expect(weak.body.code).toBe(20016);
    // A refused password does not spend the link.
    expect(await check(token)).toBe(true);
    const ok = await reset(token, "Mailed@2027");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await check(token)).toBe(false);
    expect((await session.request("/api/users/token")).status).toBe(401);
    expect((await new TestClient(t.app, t.clock).login(u.account, "Mailed@2027")).status).toBe(200);

    const reused = await reset(token, "Again@2027");
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe(20004);
    expect(reused.body.message).toBe("The verification address is wrong or has expired");
    expect((await reset(token, "Again@2027", "zh-CN")).body.message).toBe("验证地址错误或已过期");
    expect((await reset("x".repeat(43), "Again@2027")).body.code).toBe(20004);
  });

  it("spends every earlier link when the password changes another way", async () => {
    const u = await newTenant();
    expect((await ask(u.email)).status).toBe(200);
    const older = await tokenFromLastMailTo(u.email);
    t.clock.advance(60_000);
    expect((await ask(u.email)).status).toBe(200);
    const newer = await tokenFromLastMailTo(u.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, "Newer@2027")).status).toBe(200);
    expect(await check(older)).toBe(false);
    expect((await reset(older, "Older@2027")).body.code).toBe(20004);
    expect((await new TestClient(t.app, t.clock).login(u.account, "Newer@2027")).status).toBe(200);
  });

  it("expires the link after 30 minutes", async () => {
    const u = await newTenant();
    expect((await ask(u.email)).status).toBe(200);
    const token = await tokenFromLastMailTo(u.email);
    t.clock.advanceMinutes(29);
    expect(await check(token)).toBe(true);
    t.clock.advanceMinutes(1);
    expect(await check(token)).toBe(false);
    const res = await reset(token, "Late@2027x");
    expect(res.body.code).toBe(20004);
    expect((await new TestClient(t.app, t.clock).login(u.account, u.password)).status).toBe(200);
  });

  it("answers ok for an unknown address without sending", async () => {
    const mails = smtp.mails.length;
    const outbox = await countRows(t, outboxMessages);
    const res = await ask("nobody@nowhere.example");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ok: true });
    await t.app.outbox.deliverDue();
    expect(smtp.mails.length).toBe(mails);
    expect(await countRows(t, outboxMessages)).toBe(outbox);
  });

  it("refuses mail reset when e-mail is switched off", async () => {
    await setConfig("email.enable", "false");
    try {
      const mails = smtp.mails.length;
      const res = await ask(DEMO_TENANT_EMAIL);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(20005);
      expect(res.body.message).toBe(
        "Mail reset is unavailable because e-mail is not configured by the administrator",
      );
      expect((await ask(DEMO_TENANT_EMAIL, "zh-CN")).body.message).toBe("管理员未配置邮箱，无法使用邮件重置");
      expect(smtp.mails.length).toBe(mails);
    } finally {
      await setConfig("email.enable", "true");
    }
  });

  it("validates the e-mail address", async () => {
    const res = await ask("not-an-email");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The e-mail format is invalid");
  });
});

const DEMO_TENANT_EMAIL = "owner@demo-ai-lab.example";

// Last: moves the clock by three months.
describe("password expiry", () => {
  it("treats an expired password like a first login", async () => {
    const u = await newTenant();
    const fresh = await new TestClient(t.app, t.clock).login(u.account, u.password);
    expect(fresh.body.data.loginNotFirstFlag).toBe(true);
    const early = await loginAs(u);
    const noNeed = await early.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Renewed@2027", confirmPassword: "Renewed@2027" },
    });
    expect(noNeed.body.code).toBe(20020);

    t.clock.advanceMinutes(90 * 24 * 60);
    const client = new TestClient(t.app, t.clock);
    const login = await client.login(u.account, u.password);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    expect(
      (await client.request<{ loginNotFirstFlag: boolean }>("/api/users/token")).body.data.loginNotFirstFlag,
    ).toBe(false);
    const renewed = await client.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Renewed@2027", confirmPassword: "Renewed@2027" },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const after = await new TestClient(t.app, t.clock).login(u.account, "Renewed@2027");
    expect(after.body.data.loginNotFirstFlag).toBe(true);
  });
});
