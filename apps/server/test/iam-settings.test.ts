// A tenant's security settings (page `set`): reading and changing them (CH05 / CH0501, SMS
// step-up, POLICY_INVALID), and their effect on that tenant only: password policy on password
// change and first login, lock-out count, session lifetime, step-up switch, password expiry.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../src/modules/iam/iam.repo";
import { permissionSets, userPermissionSets, users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { newId } from "../src/platform/ids";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, TestClient } from "./support/client";
import { type NewTenant, registerTenant, smsCodeFor, unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  visitor = new TestClient(t.app, t.clock);
});
afterAll(() => t.close());

type PolicyView = {
  policy: Record<string, number | boolean>;
  platform: Record<string, number | boolean>;
  custom: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
};
type SecurityView = {
  lockoutPolicy: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  sessionTtlMinutes: number;
  stepUpEnabled: boolean;
  platform: { lockoutPolicy: Record<string, number>; sessionTtlMinutes: number; stepUpEnabled: boolean };
  custom: boolean;
};

const STRICT_POLICY = {
  minLength: 10,
  maxLength: 16,
  minDistinct: 6,
  expiryDays: 30,
  requireMixedCase: true,
};
const PLATFORM_SECURITY = {
  lockoutPolicy: { maxFailures: 5, windowMinutes: 15, lockMinutes: 30 },
  sessionTtlMinutes: 60,
  stepUpEnabled: true,
};

/** Passes SMS step-up for the next five minutes (writes of the `set` page need it). */
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

/** A fresh tenant, signed in and stepped up. */
async function newTenant(): Promise<{ u: NewTenant; client: TestClient }> {
  const u = await registerTenant(t, visitor);
  const client = await signedIn(t.app, t.clock, u);
  await stepUp(client, u.mobile);
  return { u, client };
}

async function put<T>(client: TestClient, path: string, body: unknown, locale: "en-US" | "zh-CN" = "en-US") {
  return client.request<T>(path, { method: "PUT", body, locale });
}

/** A sub-user of `orgId` holding exactly `codes` through a custom permission set. */
async function subUser(orgId: string, codes: string[]) {
  const id = newId();
  const account = `s${unique()}`;
  const password = "Sub@2026xy";
  const now = t.clock.now();
  await t.database.db.insert(users).values({
    id,
    account,
    mobile: uniquePhone(),
    passwordHash: await hashPassword(password),
    orgId,
    roleId: ROLE.subUser,
    loginNotFirst: true,
    pwdChangedAt: now,
    createdAt: now,
  });
  const setId = newId();
  await t.database.db
    .insert(permissionSets)
    .values({ id: setId, name: `set ${account}`, orgId, codes, createdAt: now });
  await t.database.db.insert(userPermissionSets).values({ userId: id, permissionSetId: setId });
  return { id, account, password };
}

async function orgOf(userSid: string): Promise<string> {
  const [row] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, userSid));
  return row!.orgId!;
}

describe("reading and changing the settings", () => {
  it("starts from the platform's values and saves the tenant's own, with an audit trail", async () => {
    const { u, client } = await newTenant();
    const first = await client.request<PolicyView>("/api/res/password_policy");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ custom: false, updatedAt: null, updatedBy: null });
    expect(first.body.data.policy).toEqual(first.body.data.platform);
    expect(first.body.data.policy).toEqual({
      minLength: 8,
      maxLength: 12,
      minDistinct: 4,
      expiryDays: 90,
      requireMixedCase: false,
    });

    const saved = await put<PolicyView>(client, "/api/res/password_policy", STRICT_POLICY);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ policy: STRICT_POLICY, custom: true, updatedBy: u.account });
    expect(saved.body.data.platform.minLength).toBe(8);
    expect((await client.request<PolicyView>("/api/res/password_policy")).body.data.policy).toEqual(
      STRICT_POLICY,
    );

    const security = await client.request<SecurityView>("/api/res/security_settings");
    expect(security.body.data).toMatchObject({ ...PLATFORM_SECURITY, custom: false });
    const changed = {
      lockoutPolicy: { maxFailures: 3, windowMinutes: 10, lockMinutes: 20 },
      sessionTtlMinutes: 15,
      stepUpEnabled: false,
    };
    const savedSecurity = await put<SecurityView>(client, "/api/res/security_settings", changed);
    expect(savedSecurity.status, JSON.stringify(savedSecurity.body)).toBe(200);
    expect(savedSecurity.body.data).toMatchObject({ ...changed, custom: true, platform: PLATFORM_SECURITY });

    const orgId = await orgOf(u.userSid);
    const events = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.action, "settings.updated")));
    // Each setting that changed, flat, before and after.
    const platform = first.body.data.policy;
    expect(events.map((e) => e.detail)).toEqual([
      {
        section: "passwordPolicy",
        minLength: { from: platform.minLength, to: 10 },
        maxLength: { from: platform.maxLength, to: 16 },
        minDistinct: { from: platform.minDistinct, to: 6 },
        expiryDays: { from: platform.expiryDays, to: 30 },
        requireMixedCase: { from: platform.requireMixedCase, to: true },
      },
      {
        section: "security",
        maxFailures: { from: 5, to: 3 },
        windowMinutes: { from: 15, to: 10 },
        lockMinutes: { from: 30, to: 20 },
        sessionTtlMinutes: { from: 60, to: 15 },
        stepUpEnabled: { from: true, to: false },
      },
    ]);
    expect(events.every((e) => e.actorId === u.userSid && e.ip === "127.0.0.1")).toBe(true);

    // Back to the platform's values.
    const restored = await client.request("/api/res/password_policy", { method: "DELETE" });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await client.request<PolicyView>("/api/res/password_policy")).body.data).toMatchObject({
      custom: false,
      policy: first.body.data.platform,
    });
    expect((await client.request("/api/res/security_settings", { method: "DELETE" })).status).toBe(200);
    expect((await client.request<SecurityView>("/api/res/security_settings")).body.data).toMatchObject({
      ...PLATFORM_SECURITY,
      custom: false,
    });
  });

  it("refuses values outside the limits with POLICY_INVALID in both languages, changing nothing", async () => {
    const { client } = await newTenant();
    const bad: [Record<string, unknown>, string, string][] = [
      [
        { minLength: 7 },
        "the minimum password length must be a whole number from 8 to 20",
        "密码最短长度须为8到20之间的整数",
      ],
      [
        { maxLength: 65 },
        "the maximum password length must be a whole number from 8 to 64",
        "密码最长长度须为8到64之间的整数",
      ],
      [
        { minLength: 12, maxLength: 10 },
        "the maximum password length must not be below the minimum length",
        "密码最长长度不能小于最短长度",
      ],
      [
        { minDistinct: 9 },
        "the minimum number of distinct characters must not exceed the minimum length",
        "最少不同字符数不能大于密码最短长度",
      ],
      [
        { expiryDays: -1 },
        "the password expiry (days, 0 = never) must be a whole number from 0 to 3650",
        "密码有效期（天，0表示永不过期）须为0到3650之间的整数",
      ],
      [
        { minLength: 8.5 },
        "the minimum password length must be a whole number from 8 to 20",
        "密码最短长度须为8到20之间的整数",
      ],
    ];
    const base = { minLength: 8, maxLength: 12, minDistinct: 4, expiryDays: 90, requireMixedCase: false };
    for (const [change, en, zh] of bad) {
      const res = await put(client, "/api/res/password_policy", { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe(24027);
      expect(res.body.message).toBe(`The policy is invalid: ${en}`);
      const resZh = await put(client, "/api/res/password_policy", { ...base, ...change }, "zh-CN");
      expect(resZh.body.message).toBe(`策略设置无效：${zh}`);
    }
    const security = { ...PLATFORM_SECURITY, lockoutPolicy: { ...PLATFORM_SECURITY.lockoutPolicy } };
    for (const [change, en] of [
      [{ sessionTtlMinutes: 4 }, "the session lifetime (minutes) must be a whole number from 5 to 1440"],
      [{ sessionTtlMinutes: 1441 }, "the session lifetime (minutes) must be a whole number from 5 to 1440"],
      [
        { lockoutPolicy: { ...security.lockoutPolicy, maxFailures: 0 } },
        "the maximum failed logins must be a whole number from 1 to 100",
      ],
      [
        { lockoutPolicy: { ...security.lockoutPolicy, lockMinutes: 10_081 } },
        "the lock duration (minutes) must be a whole number from 1 to 10080",
      ],
    ] as const) {
      const res = await put(client, "/api/res/security_settings", { ...security, ...change });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(24027);
      expect(res.body.message).toBe(`The policy is invalid: ${en}`);
    }
    // Wrong types are a parameter error, not a policy.
    expect(
      (await put(client, "/api/res/security_settings", { ...security, stepUpEnabled: "yes" })).body.code,
    ).toBe(400);
    expect((await client.request<PolicyView>("/api/res/password_policy")).body.data.custom).toBe(false);
    expect((await client.request<SecurityView>("/api/res/security_settings")).body.data.custom).toBe(false);
  });

  it("lets a tenant allow passphrases of up to 64 characters, the platform keeping 8 to 12", async () => {
    const { u, client } = await newTenant();
    const policy = { minLength: 12, maxLength: 64, minDistinct: 4, expiryDays: 90, requireMixedCase: false };
    const saved = await put<PolicyView>(client, "/api/res/password_policy", policy);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.policy).toEqual(policy);
    expect(saved.body.data.platform).toMatchObject({ minLength: 8, maxLength: 12 });

    const passphrase = "Correct!horse!battery!staple!2026";
    const changed = await client.request("/api/users/password", {
      method: "PUT",
      body: { oldPassword: u.password, newPassword: passphrase, confirmPassword: passphrase },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await new TestClient(t.app, t.clock).login(u.account, passphrase)).status).toBe(200);

    // The public reset form learns the account's rules once the reset code proves the phone.
    const sent = await visitor.request("/api/common/sms/send_code", {
      method: "POST",
      body: { phone: u.mobile, purpose: "reset" },
    });
    expect(sent.status).toBe(200);
    const smsCode = await smsCodeFor(t, u.mobile, "reset");
    const checked = await visitor.request("/api/common/sms/check_code", {
      query: { phone: u.mobile, smsCode, purpose: "reset" },
    });
    expect(checked.body.data).toEqual({ valid: true, policy: { ...policy } });
    const wrong = await visitor.request("/api/common/sms/check_code", {
      query: { phone: u.mobile, smsCode: smsCode === "123456" ? "654321" : "123456", purpose: "reset" },
    });
    expect(wrong.body.data).toEqual({ valid: false, policy: null });

    const longest = `Aa1!${"x".repeat(60)}`;
    const tooLong = await visitor.request("/api/users/forget_password/sms", {
      method: "POST",
      body: { phone: u.mobile, smsCode, newPassword: `${longest}y`, confirmPassword: `${longest}y` },
    });
    expect(tooLong.status).toBe(400);
    const reset = await visitor.request("/api/users/forget_password/sms", {
      method: "POST",
      body: { phone: u.mobile, smsCode, newPassword: longest, confirmPassword: longest },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await new TestClient(t.app, t.clock).login(u.account, longest)).status).toBe(200);
  });

  it("needs SMS step-up to change settings", async () => {
    const u = await registerTenant(t, visitor);
    const client = await signedIn(t.app, t.clock, u);
    const res = await put(client, "/api/res/password_policy", STRICT_POLICY);
    expect(res.status).toBe(406);
    expect((await client.request<PolicyView>("/api/res/password_policy")).body.data.custom).toBe(false);
  });

  it("lets CH05 read but only CH0501 write; others and platform accounts are refused", async () => {
    const { u } = await newTenant();
    const orgId = await orgOf(u.userSid);
    const readerUser = await subUser(orgId, ["CA", "CH05"]);
    const reader = await signedIn(t.app, t.clock, readerUser);
    expect((await reader.request("/api/res/password_policy")).status).toBe(200);
    expect((await reader.request("/api/res/security_settings")).status).toBe(200);
    for (const path of ["/api/res/password_policy", "/api/res/security_settings"]) {
      const res = await put(reader, path, {});
      expect(res.status, path).toBe(403);
      expect((await reader.request(path, { method: "DELETE" })).status).toBe(403);
    }
    const outsider = await signedIn(t.app, t.clock, await subUser(orgId, ["CA"]));
    expect((await outsider.request("/api/res/password_policy")).status).toBe(403);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await admin.request("/api/res/password_policy")).status).toBe(403);
  });
});

describe("the tenant's settings in force", () => {
  it("refuses, on password change and first login, a password only the platform policy accepts", async () => {
    const a = await newTenant();
    const b = await newTenant();
    expect((await put(a.client, "/api/res/password_policy", STRICT_POLICY)).status).toBe(200);
    const weak = "abc12#xyz"; // 9 characters, one case: fine for the platform's 8–12 rule.

    const check = await a.client.request<{ valid: boolean; problems: string[]; policy: object }>(
      "/api/users/password/check",
      { method: "POST", body: { password: weak } },
    );
    expect(check.body.data).toMatchObject({ valid: false, policy: STRICT_POLICY });
    expect(check.body.data.problems).toEqual(["length", "mixedCase"]);
    const checkB = await b.client.request<{ valid: boolean }>("/api/users/password/check", {
      method: "POST",
      body: { password: weak },
    });
    expect(checkB.body.data.valid).toBe(true);

    const change = (c: TestClient, u: NewTenant, newPassword: string, locale: "en-US" | "zh-CN" = "en-US") =>
      c.request("/api/users/password", {
        method: "PUT",
        body: { oldPassword: u.password, newPassword, confirmPassword: newPassword },
        locale,
      });
    const refused = await change(a.client, a.u, weak);
    expect(refused.body.code).toBe(20016);
    expect(refused.body.message).toBe(
      "The password does not meet the password policy: 10 to 16 characters; both an upper-case and a lower-case letter",
    );
    expect((await change(a.client, a.u, weak, "zh-CN")).body.message).toBe(
      "密码不符合密码策略：长度为10到16位；同时包含大写字母和小写字母",
    );
    expect((await change(b.client, b.u, weak)).status).toBe(200);
    expect((await change(a.client, a.u, "Abc12#xyzW")).status).toBe(200);

    // First login of a user of the strict organisation.
    const orgA = await orgOf(a.u.userSid);
    const fresh = await subUser(orgA, ["CA"]);
    await t.database.db.update(users).set({ loginNotFirst: false }).where(eq(users.id, fresh.id));
    const first = await signedIn(t.app, t.clock, fresh);
    const firstLogin = (password: string) =>
      first.request("/api/users/first_login", {
        method: "POST",
        body: { newPassword: password, confirmPassword: password },
      });
    expect((await firstLogin(weak)).body.code).toBe(20016);
    expect((await firstLogin("Qwe12#rtyU")).status).toBe(200);
  });

  it("locks after the tenant's own number of failures; other tenants keep the platform's", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const lockout = { maxFailures: 3, windowMinutes: 10, lockMinutes: 20 };
    const saved = await put(a.client, "/api/res/security_settings", {
      ...PLATFORM_SECURITY,
      lockoutPolicy: lockout,
    });
    expect(saved.status).toBe(200);
    const login = (account: string, password: string) =>
      visitor.request("/api/users/login", { method: "POST", body: { account, password } });
    for (let i = 0; i < 2; i++) expect((await login(a.u.account, "Wrong@2026x")).body.code).toBe(20001);
    const third = await login(a.u.account, "Wrong@2026x");
    expect(third.body.code).toBe(20002);
    expect(third.body.message).toContain("try again in 20 minutes");
    expect((await login(a.u.account, a.u.password)).body.code).toBe(20002);

    for (let i = 0; i < 4; i++) expect((await login(b.u.account, "Wrong@2026x")).body.code).toBe(20001);
    expect((await login(b.u.account, b.u.password)).status).toBe(200);

    t.clock.advanceMinutes(20);
    expect((await login(a.u.account, a.u.password)).status).toBe(200);
  });

  it("gives new sessions the tenant's lifetime", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const saved = await put(a.client, "/api/res/security_settings", {
      ...PLATFORM_SECURITY,
      sessionTtlMinutes: 15,
    });
    expect(saved.status).toBe(200);
    const now = t.clock.now().getTime();
    const sessionA = await new TestClient(t.app, t.clock).login(a.u.account, a.u.password);
    const sessionB = await new TestClient(t.app, t.clock).login(b.u.account, b.u.password);
    const expiry = (res: typeof sessionA) =>
      new Date((res.body.data as unknown as { expiresAt: string }).expiresAt).getTime();
    expect(expiry(sessionA)).toBe(now + 15 * 60_000);
    expect(expiry(sessionB)).toBe(now + 60 * 60_000);

    const clientA = new TestClient(t.app, t.clock);
    await clientA.login(a.u.account, a.u.password);
    const clientB = new TestClient(t.app, t.clock);
    await clientB.login(b.u.account, b.u.password);
    // Activity slides the session by the tenant's lifetime too.
    t.clock.advanceMinutes(10);
    const me = await clientA.request<{ sessionExpiresAt: string }>("/api/users/token");
    expect(me.status).toBe(200);
    expect(new Date(me.body.data.sessionExpiresAt).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    const refreshed = await clientA.request<{ expiresAt: string }>("/api/users/token/refresh", {
      method: "POST",
      body: {},
    });
    expect(new Date(refreshed.body.data.expiresAt).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    t.clock.advanceMinutes(16);
    expect((await clientA.request("/api/users/token")).status).toBe(401);
    expect((await clientB.request("/api/users/token")).status).toBe(200);
  });

  it("switches SMS step-up off for one tenant only", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const saved = await put(a.client, "/api/res/security_settings", {
      ...PLATFORM_SECURITY,
      stepUpEnabled: false,
    });
    expect(saved.status).toBe(200);
    // Fresh sessions, not stepped up.
    const clientA = await signedIn(t.app, t.clock, a.u);
    const clientB = await signedIn(t.app, t.clock, b.u);
    expect((await clientA.request<{ enabled: boolean }>("/api/users/2FA/state/0")).body.data.enabled).toBe(
      false,
    );
    expect((await clientB.request<{ enabled: boolean }>("/api/users/2FA/state/0")).body.data.enabled).toBe(
      true,
    );
    const change = (c: TestClient, u: NewTenant) =>
      c.request("/api/users/password", {
        method: "PUT",
        body: { oldPassword: u.password, newPassword: "Next@2026q", confirmPassword: "Next@2026q" },
      });
    expect((await change(clientB, b.u)).status).toBe(406);
    expect((await change(clientA, a.u)).status).toBe(200);
  });

  it("uses the tenant's password expiry: 0 never expires, a short one forces a change", async () => {
    const never = await newTenant();
    const short = await newTenant();
    const other = await newTenant();
    const policy = { minLength: 8, maxLength: 12, minDistinct: 4, requireMixedCase: false };
    expect((await put(never.client, "/api/res/password_policy", { ...policy, expiryDays: 0 })).status).toBe(
      200,
    );
    expect((await put(short.client, "/api/res/password_policy", { ...policy, expiryDays: 30 })).status).toBe(
      200,
    );

    type Me = { pwdEndTime: string | null; loginNotFirstFlag: boolean };
    const meNever = (await never.client.request<Me>("/api/users/token")).body.data;
    expect(meNever.pwdEndTime).toBeNull();
    const meShort = (await short.client.request<Me>("/api/users/token")).body.data;
    const [row] = await t.database.db
      .select({ at: users.pwdChangedAt })
      .from(users)
      .where(eq(users.id, short.u.userSid));
    expect(meShort.pwdEndTime).toBe(new Date(row!.at.getTime() + 30 * 86_400_000).toISOString());

    t.clock.advance(31 * 86_400_000);
    const login = async (u: NewTenant) => {
      const c = new TestClient(t.app, t.clock);
      return { c, res: await c.login(u.account, u.password) };
    };
    const s = await login(short.u);
    expect(s.res.body.data.loginNotFirstFlag).toBe(false);
    const blocked = await s.c.request("/api/res/projects");
    expect(blocked.body.code).toBe(20025);
    expect((await login(never.u)).res.body.data.loginNotFirstFlag).toBe(true);
    expect((await login(other.u)).res.body.data.loginNotFirstFlag).toBe(true);

    t.clock.advance(60 * 86_400_000);
    expect((await login(never.u)).res.body.data.loginNotFirstFlag).toBe(true);
    expect((await login(other.u)).res.body.data.loginNotFirstFlag).toBe(false);
  });
});
