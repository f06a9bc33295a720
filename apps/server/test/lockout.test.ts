// The lock-out policy (5 failures within 15 minutes lock for 30 minutes) and the operator's
// unlock action.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { type NewTenant, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  visitor = new TestClient(t.app, t.clock);
});
afterAll(() => t.close());

const LOCKED_EN = (minutes: number) =>
  `Too many failed logins: the account is locked; try again in ${minutes} minutes or ask an administrator to unlock it`;
const LOCKED_ZH = (minutes: number) => `登录失败次数过多，账号已锁定，请${minutes}分钟后再试或联系管理员解锁`;

const login = (account: string, password: string, locale: "en-US" | "zh-CN" = "en-US") =>
  visitor.request<{ token: string }>("/api/users/login", {
    method: "POST",
    body: { account, password },
    locale,
  });

async function fail(u: NewTenant, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await login(u.account, "Wrong@2026x");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20001);
  }
}

async function lock(u: NewTenant): Promise<void> {
  await fail(u, 4);
  const fifth = await login(u.account, "Wrong@2026x");
  expect(fifth.status).toBe(400);
  expect(fifth.body.code).toBe(20002);
  expect(fifth.body.message).toBe(LOCKED_EN(30));
}

describe("locking", () => {
  it("locks after 5 failures within 15 minutes, then refuses even the right password", async () => {
    const u = await registerTenant(t, visitor);
    await fail(u, 2);
    t.clock.advanceMinutes(7);
    await fail(u, 2);
    t.clock.advanceMinutes(7);
    const fifth = await login(u.account, "Wrong@2026x");
    expect(fifth.body.code).toBe(20002);
    expect(fifth.body.message).toBe(LOCKED_EN(30));

    const right = await login(u.account, u.password);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe(20002);
    expect(right.body.message).toBe(LOCKED_EN(30));
    // Signing in by e-mail or phone is the same account.
    expect((await login(u.email, u.password)).body.code).toBe(20002);
    expect((await login(u.mobile, u.password, "zh-CN")).body.message).toBe(LOCKED_ZH(30));

    t.clock.advanceMinutes(29);
    const late = await login(u.account, u.password);
    expect(late.body.code).toBe(20002);
    expect(late.body.message).toBe(LOCKED_EN(1));

    t.clock.advanceMinutes(1);
    const unlocked = await login(u.account, u.password);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data.token).toBeTruthy();

    const [locked] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "account.locked"), eq(auditLogs.target, u.userSid)));
    expect(locked).toBeDefined();
  });

  it("starts afresh after the lock ends", async () => {
    const u = await registerTenant(t, visitor);
    await lock(u);
    t.clock.advanceMinutes(30);
    // The failures before the lock no longer count: four more do not lock again.
    await fail(u, 4);
    expect((await login(u.account, u.password)).status).toBe(200);
  });

  it("does not lock for failures spread beyond the 15-minute window", async () => {
    const u = await registerTenant(t, visitor);
    await fail(u, 4);
    t.clock.advanceMinutes(15);
    await fail(u, 4);
    t.clock.advanceMinutes(16);
    await fail(u, 1);
    expect((await login(u.account, u.password)).status).toBe(200);
  });

  it("forgets failures after a successful login", async () => {
    const u = await registerTenant(t, visitor);
    await fail(u, 4);
    expect((await login(u.account, u.password)).status).toBe(200);
    await fail(u, 4);
    expect((await login(u.account, u.password)).status).toBe(200);
  });

  it("counts concurrent failures too", async () => {
    const u = await registerTenant(t, visitor);
    const attempts = await Promise.all(Array.from({ length: 8 }, () => login(u.account, "Wrong@2026x")));
    expect(attempts.every((r) => r.status === 400)).toBe(true);
    expect(attempts.filter((r) => r.body.code === 20002).length).toBeGreaterThanOrEqual(1);
    const right = await login(u.account, u.password);
    expect(right.body.code).toBe(20002);
  });

  it("answers unknown accounts like real ones: a wrong password, then locked at the fifth", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await login("nobody-here", "Wrong@2026x");
      expect(res.body.code).toBe(20001);
      expect(res.body.message).toBe("Wrong account or password");
    }
    const fifth = await login("nobody-here", "Wrong@2026x");
    expect(fifth.body.code).toBe(20002);
    expect(fifth.body.message).toBe(LOCKED_EN(30));
    expect((await login("nobody-here", "Wrong@2026x", "zh-CN")).body.message).toBe(LOCKED_ZH(30));
    expect((await login("nobody-else", "Wrong@2026x", "zh-CN")).body.message).toBe("账号或密码错误");
  });
});

describe("operator unlock", () => {
  type Listed = { list: { userSid: string; account: string; lockedUntil: string | null }[]; total: number };

  it("lists locked accounts and unlocks them (BA04); tenants are refused", async () => {
    const u = await registerTenant(t, visitor);
    await lock(u);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);

    const locked = await admin.request<Listed>("/api/ops/users", { query: { lockedOnly: true } });
    expect(locked.status).toBe(200);
    const row = locked.body.data.list.find((r) => r.userSid === u.userSid);
    expect(row?.account).toBe(u.account);
    expect(row?.lockedUntil).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    expect(locked.body.data.list.every((r) => r.lockedUntil !== null)).toBe(true);
    expect(locked.body.data.list.some((r) => r.account === "demotenant")).toBe(false);

    // lockedOnly=false is no filter at all.
    const everyone = await admin.request<Listed>("/api/ops/users", {
      query: { lockedOnly: false, pageSize: 200 },
    });
    expect(everyone.body.data.list.some((r) => r.account === "demotenant")).toBe(true);
    expect(everyone.body.data.total).toBeGreaterThan(locked.body.data.total);
    const byKeyword = await admin.request<Listed>("/api/ops/users", { query: { keyword: u.account } });
    expect(byKeyword.body.data.list.map((r) => r.account)).toEqual([u.account]);

    const refusedList = await tenant.request("/api/ops/users", { query: { lockedOnly: true } });
    expect(refusedList.status).toBe(403);
    expect(refusedList.body.code).toBe(403);
    const refused = await tenant.request(`/api/ops/users/${u.userSid}/unlock`, { method: "POST", body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
    expect(refused.body.message).toBe("No permission to operate");
    expect((await login(u.account, u.password)).body.code).toBe(20002);

    const unlocked = await admin.request(`/api/ops/users/${u.userSid}/unlock`, { method: "POST", body: {} });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toEqual({ ok: true });
    expect((await login(u.account, u.password)).status).toBe(200);
    const after = await admin.request<Listed>("/api/ops/users", { query: { lockedOnly: true } });
    expect(after.body.data.list.some((r) => r.userSid === u.userSid)).toBe(false);

    const unknown = await admin.request("/api/ops/users/00000000-0000-4000-8000-00000000beef/unlock", {
      method: "POST",
      body: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(404);
    const malformed = await admin.request("/api/ops/users/not-a-uuid/unlock", { method: "POST", body: {} });
    expect(malformed.status).toBe(400);
  });
});
