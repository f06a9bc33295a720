// The audit log's read side: a tenant administrator sees their organisation's events only, an
// operator every organisation's; the filters; and the security events of the issue are recorded.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { AUDIT_ACTIONS, type AuditLogRow, type Page } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAudit } from "../src/platform/audit/audit";
import { DEMO, signedIn, TestClient } from "./support/client";
import { type NewTenant, registerTenant, smsCodeFor } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let visitor: TestClient;
let a: NewTenant;
let b: NewTenant;
let aAdmin: TestClient;
let ops: TestClient;
let aOrgId: string;
let bOrgId: string;
const marks: Record<string, string> = {};

type Query = Record<string, string | number>;
const tenantLog = (client: TestClient, query: Query = {}) =>
  client.request<Page<AuditLogRow>>("/api/audit_logs", { query: { pageSize: 200, ...query } });
const opsLog = (query: Query = {}) =>
  ops.request<Page<AuditLogRow>>("/api/ops/audit_logs", { query: { pageSize: 200, ...query } });
const actions = (rows: AuditLogRow[]) => rows.map((r) => r.action);

const wrongLogin = (account: string) =>
  visitor.request("/api/users/login", { method: "POST", body: { account, password: "Wrong@2026x" } });

beforeAll(async () => {
  t = await startTestApp();
  visitor = new TestClient(t.app, t.clock);
  ops = await signedIn(t.app, t.clock, DEMO.admin);

  // Tenant A: sign-up, a failed login, a login, a password change (with step-up) and a logout.
  a = await registerTenant(t, visitor);
  t.clock.advanceMinutes(5);
  marks.afterSignUp = t.clock.now().toISOString();
  t.clock.advanceMinutes(5);
  await wrongLogin(a.account);
  aAdmin = await signedIn(t.app, t.clock, a);
  await aAdmin.request("/api/common/sms/send_code", { method: "POST", body: { purpose: "stepup" } });
  const code = await smsCodeFor(t, a.mobile, "stepup");
  await aAdmin.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: code } });
  const changed = await aAdmin.request("/api/users/password", {
    method: "PUT",
    body: { oldPassword: a.password, newPassword: "Acme@2027y", confirmPassword: "Acme@2027y" },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  a.password = "Acme@2027y";
  const other = await signedIn(t.app, t.clock, a);
  expect((await other.request("/api/users/logout", { method: "POST", body: {} })).status).toBe(200);

  // Tenant B: locked by five wrong passwords, then unlocked by an operator.
  t.clock.advanceMinutes(10);
  marks.beforeLock = t.clock.now().toISOString();
  b = await registerTenant(t, visitor);
  for (let i = 0; i < 5; i++) await wrongLogin(b.account);
  const unlocked = await ops.request(`/api/ops/users/${b.userSid}/unlock`, { method: "POST", body: {} });
  expect(unlocked.status).toBe(200);

  const me = await aAdmin.request<{ currentOrg: { orgSid: string } }>("/api/users/token");
  aOrgId = me.body.data.currentOrg.orgSid;
  const bClient = await signedIn(t.app, t.clock, b);
  bOrgId = (await bClient.request<{ currentOrg: { orgSid: string } }>("/api/users/token")).body.data
    .currentOrg.orgSid;
});
afterAll(() => t.close());

describe("recorded events", () => {
  it("records sign-up, failed login, login, password change, logout, lock and unlock", async () => {
    const aRows = (await opsLog({ orgId: aOrgId })).body.data.list;
    expect(actions(aRows)).toEqual(
      expect.arrayContaining(["register", "login.failed", "login", "password.change", "logout"]),
    );
    const bRows = (await opsLog({ orgId: bOrgId })).body.data.list;
    expect(actions(bRows)).toEqual(expect.arrayContaining(["account.locked", "account.unlocked"]));
    const unlock = bRows.find((r) => r.action === "account.unlocked")!;
    expect(unlock).toMatchObject({ actorAccount: "admin", targetAccount: b.account, ip: "127.0.0.1" });
  });

  it("labels every action the server records (contracts AUDIT_ACTIONS)", () => {
    const src = path.resolve(import.meta.dirname, "../src");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : name.endsWith(".ts") ? [full] : [];
      });
    const found = new Set<string>();
    for (const file of files(src)) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (!/\baction\b|\brecord\(|setPassword\(/.test(line)) continue;
        for (const m of line.matchAll(/"([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)"/g)) found.add(m[1]!);
        for (const m of line.matchAll(/\baction: "([a-z][A-Za-z]*)"/g)) found.add(m[1]!);
      }
    }
    expect(found.size).toBeGreaterThan(20);
    const known = new Set<string>(AUDIT_ACTIONS);
    expect([...found].filter((action) => !known.has(action))).toEqual([]);
  });
});

describe("targets and details", () => {
  it("name targets that are ids, and carry labelled fields with names, never ids", async () => {
    const project = (name: string) =>
      aAdmin.request<{ projectId: string }>("/api/res/projects", {
        method: "POST",
        body: { name, description: "", contact: "Wang", phone: "13912340000" },
      });
    const kept = (await project("Lab-Kept")).body.data.projectId;
    const gone = (await project("Lab-Gone")).body.data.projectId;
    expect((await aAdmin.request(`/api/res/projects/${gone}`, { method: "DELETE" })).status).toBe(200);
    const group = await aAdmin.request<{ id: string }>("/api/res/user_group", {
      method: "POST",
      body: { name: "Readers", description: "", parentId: null, permissionSetIds: ["builtin:iamReadOnly"] },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const limit = await ops.request(`/api/ops/orgs/${aOrgId}/credit_limit`, {
      method: "PUT",
      body: { creditLimit: "100" },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);

    const rows = (await tenantLog(aAdmin)).body.data.list;
    const of = (action: string, target: string) =>
      rows.find((r) => r.action === action && r.target === target);
    // A project that exists is named by the lookup, a deleted one by the name its row recorded.
    expect(of("project.created", kept)).toMatchObject({
      targetName: "Lab-Kept",
      detail: { name: "Lab-Kept" },
    });
    expect(of("project.deleted", gone)).toMatchObject({
      targetName: "Lab-Gone",
      detail: { name: "Lab-Gone", memberCount: 0 },
    });
    // A built-in set by its audited name, which the console translates.
    expect(of("group.created", group.body.data.id)).toMatchObject({
      targetName: "Readers",
      detail: { name: "Readers", permissionSets: ["builtin:iamReadOnly"] },
    });
    // The organisation a credit limit was set for, by name; the change with both values.
    expect(of("creditLimit.set", aOrgId)).toMatchObject({
      targetName: a.companyName,
      detail: { creditLimit: { from: "0.00000", to: "100.00000" } },
    });
    // Users are named by account (targetAccount), not looked up again.
    expect(rows.find((r) => r.action === "login")).toMatchObject({
      targetAccount: a.account,
      targetName: null,
    });
    // A target that is not an id reads as it is.
    expect(
      rows.filter((r) => r.target && !/^[0-9a-f-]{36}$/.test(r.target)).every((r) => r.targetName === null),
    ).toBe(true);
  });

  it("refuses a detail field the console has no label for", async () => {
    const audit = createAudit(t.clock);
    await expect(
      audit.record(t.database.db, {
        action: "login",
        actorId: null,
        orgId: null,
        detail: { ...({ evidenceFileId: "x" } as object) },
      }),
    ).rejects.toThrow(/evidenceFileId/);
  });
});

describe("tenant administrators", () => {
  it("see their own organisation's events only, newest first, with names resolved", async () => {
    const res = await tenantLog(aAdmin);
    expect(res.status).toBe(200);
    const rows = res.body.data.list;
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.orgId === aOrgId)).toBe(true);
    expect(rows.some((r) => r.targetAccount === b.account || r.actorAccount === b.account)).toBe(false);
    const times = rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const login = rows.find((r) => r.action === "login")!;
    expect(login).toMatchObject({
      actorAccount: a.account,
      targetAccount: a.account,
      orgName: a.companyName,
      ip: "127.0.0.1",
    });
    expect(rows.find((r) => r.action === "login.failed")?.detail).toEqual({ failures: 1 });
  });

  it("filter by action or category, actor, target and time range", async () => {
    const byCategory = (await tenantLog(aAdmin, { action: "login" })).body.data.list;
    expect(new Set(actions(byCategory))).toEqual(new Set(["login", "login.failed"]));
    const exact = (await tenantLog(aAdmin, { action: "login.failed" })).body.data.list;
    expect(actions(exact)).toEqual(["login.failed"]);
    expect((await tenantLog(aAdmin, { action: "log" })).body.data.total).toBe(0);

    const byActor = (await tenantLog(aAdmin, { actor: a.account.slice(1).toUpperCase() })).body.data.list;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((r) => r.actorAccount === a.account)).toBe(true);
    expect((await tenantLog(aAdmin, { actor: "nobody-like-this" })).body.data.total).toBe(0);

    const byTarget = (await tenantLog(aAdmin, { target: a.account })).body.data.list;
    expect(byTarget.length).toBeGreaterThan(0);
    expect(byTarget.every((r) => r.targetAccount === a.account)).toBe(true);

    const before = (await tenantLog(aAdmin, { to: marks.afterSignUp! })).body.data.list;
    expect(actions(before)).toEqual(["register"]);
    const after = (await tenantLog(aAdmin, { from: marks.afterSignUp! })).body.data.list;
    expect(actions(after)).not.toContain("register");

    const reversed = await tenantLog(aAdmin, { from: marks.beforeLock!, to: marks.afterSignUp! });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("The end time must not be earlier than the start time");
  });

  it("pages with a total", async () => {
    const all = (await tenantLog(aAdmin)).body.data;
    const first = (await tenantLog(aAdmin, { pageSize: 2, pageNum: 1 })).body.data;
    const second = (await tenantLog(aAdmin, { pageSize: 2, pageNum: 2 })).body.data;
    expect(first.total).toBe(all.total);
    expect([...first.list, ...second.list].map((r) => r.id)).toEqual(all.list.slice(0, 4).map((r) => r.id));
  });

  it("are refused the operators' log, and sub-users without CH07 the tenant log", async () => {
    expect((await aAdmin.request("/api/ops/audit_logs")).status).toBe(403);
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await reader.request("/api/audit_logs")).status).toBe(403);
    // Platform accounts have no organisation: the tenant log is not theirs.
    expect((await ops.request("/api/audit_logs")).status).toBe(403);
  });
});

describe("operators", () => {
  it("see every organisation and narrow to one", async () => {
    const all = (await opsLog()).body.data.list;
    const orgs = new Set(all.map((r) => r.orgId));
    expect(orgs.has(aOrgId)).toBe(true);
    expect(orgs.has(bOrgId)).toBe(true);
    const onlyB = (await opsLog({ orgId: bOrgId })).body.data.list;
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((r) => r.orgId === bOrgId && r.orgName === b.companyName)).toBe(true);
    const locks = (await opsLog({ action: "account", from: marks.beforeLock! })).body.data.list;
    expect(new Set(actions(locks))).toEqual(new Set(["account.locked", "account.unlocked"]));
  });

  it("refuse a malformed filter", async () => {
    expect((await opsLog({ orgId: "not-a-uuid" })).status).toBe(400);
    expect((await opsLog({ from: "yesterday" })).status).toBe(400);
    expect((await opsLog({ action: "login%" })).status).toBe(400);
  });
});
