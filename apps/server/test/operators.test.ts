// Operator accounts and built-in operator roles (issue 19 §1, §2's "two different people"): the
// platform administrator creates, disables, re-enables and resets operators and changes their
// roles; the last enabled platform administrator stays; a second billing administrator made here
// completes a 20,000-yuan adjustment with the one who asked.
import type { CurrentUser, OperatorRow } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, auditRows } from "./support/iam";
import { cashOf, fundCash, idem, newOrg, y } from "./support/money";

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
const APPROVER_ID = "00000000-0000-4000-8000-000000000104";
const READER_ID = "00000000-0000-4000-8000-000000000103";
let t: TestApp;
let admin: TestClient;

type Created = { userSid: string; password: string };

function form(overrides: Record<string, unknown> = {}) {
  const account = `op${unique()}`.slice(0, 16);
  return {
    account,
    realName: "Operator",
    email: `${account}@ops.example`,
    mobile: uniquePhone(),
    roles: ["billingAdmin"],
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, locale: "en-US" | "zh-CN" = "en-US") =>
  admin.request<Created>("/api/ops/operators", { method: "POST", body, locale });

async function createOperator(overrides: Record<string, unknown> = {}) {
  const body = form(overrides);
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...body, ...res.body.data };
}

/** Signs in with the temporary password and sets `password` on the first-login page. */
async function firstSignIn(account: string, temporary: string, password = "Opera@2027x") {
  const client = new TestClient(t.app, t.clock);
  const login = await client.login(account, temporary);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.data.loginNotFirstFlag).toBe(false);
  const first = await client.request("/api/users/first_login", {
    method: "POST",
    body: { newPassword: password, confirmPassword: password },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return client;
}

const list = (query: Record<string, string> = {}) =>
  admin.request<{ list: OperatorRow[]; total: number }>("/api/ops/operators", { query });
const post = (path: string, locale: "en-US" | "zh-CN" = "en-US") =>
  admin.request(`/api/ops/operators/${path}`, { method: "POST", body: {}, locale });
const setRoles = (id: string, roles: string[], locale: "en-US" | "zh-CN" = "en-US") =>
  admin.request(`/api/ops/operators/${id}/roles`, { method: "PUT", body: { roles }, locale });

beforeAll(async () => {
  t = await startTestApp();
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.admin), "13800000001");
});
afterAll(() => t.close());

describe("creating an operator", () => {
  it("answers a temporary password once; the operator must replace it and sees only their role's codes", async () => {
    const op = await createOperator({ roles: ["billingAdmin"] });
    expect(op.password.length).toBeGreaterThanOrEqual(8);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, op.userSid));
    expect(row?.orgId).toBeNull();
    expect(row?.loginNotFirst).toBe(false);
    expect(row?.passwordHash).not.toContain(op.password);
    expect(await auditRows(t, "operator.created", op.userSid)).toHaveLength(1);

    const fresh = new TestClient(t.app, t.clock);
    expect((await fresh.login(op.account, op.password)).status).toBe(200);
    // Nothing but the password change until it is done.
    expect((await fresh.request("/api/ops/adjustments")).body.code).toBe(20025);

    const client = await firstSignIn(op.account, op.password);
    const me = (await client.request<CurrentUser>("/api/users/token")).body.data;
    expect(me.permissions).toEqual(["BA11", "BB02", "BI", "BN"]);
    expect(me.moduleType).toBe("sys");
    expect(me.billingAdmin).toBe(true);
    expect(me.landing).toBe("/sys/overview");
    expect(me.routes).toContain("/sys/finance/adjustments");
    expect(me.routes).not.toContain("/sys/operators");
    expect(me.routes).not.toContain("/sys/approvals");
    expect((await client.request("/api/ops/adjustments")).status).toBe(200);
    expect((await client.request("/api/ops/operators")).status).toBe(403);
    expect((await client.request("/api/audit/approval")).status).toBe(403);
    // Every operator has their own message centre (BN), under the operators' menus.
    expect(me.routes).toContain("/sys/msgs");
    expect(me.routes).not.toContain("/mgt/msgs");
    expect((await client.request("/api/messages")).status).toBe(200);
    expect((await client.request("/api/messages/read-all", { method: "POST", body: {} })).status).toBe(200);
  });

  it("lets the administrator choose the first password, within the password policy", async () => {
    const weak = await create(form({ password: "abc" }));
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^The password does not meet the password policy: /);
    const weakZh = await create(form({ password: "abc" }), "zh-CN");
    expect(weakZh.body.message).toMatch(/^密码不符合密码策略：/);
    const chosen = await createOperator({ password: "Chosen@2026x" });
    expect(chosen.password).toBe("Chosen@2026x");
  });

  it("refuses a taken account name, e-mail or phone, a malformed name and no or unknown roles; nothing is added", async () => {
    const before = await list();
    const taken = await create(form({ account: "admin" }));
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe("The user name is already in use");
    expect((await create(form({ account: "ADMIN" }), "zh-CN")).body.message).toBe("用户名已被使用");
    expect((await create(form({ email: "admin@skyledger.local" }))).status).toBe(400);
    expect((await create(form({ mobile: "13800000001" }))).status).toBe(400);
    for (const bad of [
      { account: "1bad" },
      { account: "ab" },
      { roles: [] },
      { roles: ["superuser"] },
      { mobile: "123" },
    ]) {
      const res = await create(form(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await list()).body.data.total).toBe(before.body.data.total);
  });

  it("is refused to operators without BA12 and to tenants", async () => {
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    expect((await tenant.request("/api/ops/operators", { method: "POST", body: form() })).status).toBe(403);
    expect((await tenant.request("/api/ops/operators")).status).toBe(403);
  });
});

describe("the list", () => {
  it("shows every operator with roles and status, searchable and filtered, and no tenant user", async () => {
    const op = await createOperator({ roles: ["auditor", "verificationReviewer"], realName: "ZhaoReviewer" });
    const all = (await list({ pageSize: "200" })).body.data.list;
    expect(all.find((o) => o.userSid === ADMIN_ID)?.roles).toEqual(["platformAdmin"]);
    expect(all.find((o) => o.userSid === op.userSid)).toMatchObject({
      roles: ["verificationReviewer", "auditor"],
      status: "enabled",
      mustChangePassword: true,
    });
    expect(all.some((o) => o.userSid === READER_ID)).toBe(false);
    expect((await list({ keyword: "ZhaoRev" })).body.data.list.map((o) => o.userSid)).toEqual([op.userSid]);
    const auditors = (await list({ role: "auditor", pageSize: "200" })).body.data.list;
    expect(auditors.every((o) => o.roles.includes("auditor"))).toBe(true);
    expect((await list({ status: "disabled" })).body.data.list.every((o) => o.status === "disabled")).toBe(
      true,
    );
    expect((await list({ role: "nobody" })).status).toBe(400);
  });
});

describe("disabling, re-enabling and resetting", () => {
  it("a disabled operator's sessions end and they cannot sign in until re-enabled", async () => {
    const op = await createOperator({ roles: ["verificationReviewer"] });
    const client = await firstSignIn(op.account, op.password);
    expect((await client.request("/api/ops/verifications")).status).toBe(200);
    expect((await post(`${op.userSid}/disable`)).status).toBe(200);
    expect((await client.request("/api/users/token")).status).toBe(401);
    const refused = await new TestClient(t.app, t.clock).login(op.account, "Opera@2027x");
    expect(refused.body.message).toBe("The account is disabled; contact the administrator");
    const disabled = await list({ status: "disabled" });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data.list.map((o) => o.userSid)).toContain(op.userSid);
    expect((await post(`${op.userSid}/enable`)).status).toBe(200);
    expect((await new TestClient(t.app, t.clock).login(op.account, "Opera@2027x")).status).toBe(200);
    expect(await auditRows(t, "operator.disabled", op.userSid)).toHaveLength(1);
    expect(await auditRows(t, "operator.enabled", op.userSid)).toHaveLength(1);
  });

  it("a reset gives a new temporary password, answered once, and ends the operator's sessions", async () => {
    const op = await createOperator({ roles: ["afterSales"] });
    const client = await firstSignIn(op.account, op.password);
    const reset = await post(`${op.userSid}/reset_password`);
    expect(reset.status).toBe(200);
    const { password } = reset.body.data as Created;
    expect((await client.request("/api/users/token")).status).toBe(401);
    expect((await new TestClient(t.app, t.clock).login(op.account, "Opera@2027x")).status).toBe(400);
    await firstSignIn(op.account, password, "Opera@2028x");
    expect(await auditRows(t, "operator.passwordReset", op.userSid)).toHaveLength(1);
  });

  it("refuses tenant users and unknown ids", async () => {
    expect((await post(`${READER_ID}/disable`)).body.message).toBe("This account is not an operator account");
    expect((await post("00000000-0000-4000-8000-00000000beef/disable")).status).toBe(404);
    expect((await post("not-a-uuid/disable")).status).toBe(400);
  });
});

describe("changing roles", () => {
  it("replaces the codes at once", async () => {
    const op = await createOperator({ roles: ["verificationReviewer"] });
    const client = await firstSignIn(op.account, op.password);
    expect((await client.request("/api/audit/approval")).status).toBe(403);
    expect((await setRoles(op.userSid, ["operationAdmin"])).status).toBe(200);
    expect((await client.request("/api/audit/approval")).status).toBe(200);
    expect((await client.request("/api/ops/verifications")).status).toBe(403);
    expect((await setRoles(op.userSid, [])).status).toBe(400);
    expect(await auditRows(t, "operator.rolesChanged", op.userSid)).toHaveLength(1);
  });

  it("keeps the last enabled platform administrator: it can be neither disabled nor demoted", async () => {
    // The demo's second administrator steps down: admin is the last one.
    expect((await setRoles(APPROVER_ID, ["auditor"])).status).toBe(200);
    const demoted = await setRoles(ADMIN_ID, ["billingAdmin"]);
    expect(demoted.status).toBe(400);
    expect(demoted.body.message).toMatch(/^This is the last enabled platform administrator/);
    const zh = await post(`${ADMIN_ID}/disable`, "zh-CN");
    expect(zh.body.message).toMatch(/^这是最后一个启用的平台管理员账号/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ADMIN_ID));
    expect(row?.status).toBe("enabled");
    expect((await list({ role: "platformAdmin" })).body.data.list.map((o) => o.userSid)).toEqual([ADMIN_ID]);

    // A new platform administrator made, admin may step down; a disabled one does not count.
    const second = await createOperator({ roles: ["platformAdmin"] });
    expect((await post(`${second.userSid}/disable`)).status).toBe(200);
    expect((await setRoles(ADMIN_ID, ["billingAdmin"])).status).toBe(400);
    expect((await post(`${second.userSid}/enable`)).status).toBe(200);
    expect((await setRoles(APPROVER_ID, ["platformAdmin"])).status).toBe(200);
  });
});

describe("four-eyes with two different people", () => {
  it("a 20,000-yuan adjustment asked by one billing administrator is applied only when a second approves", async () => {
    const [one, two] = [await createOperator(), await createOperator()];
    const asker = await firstSignIn(one.account, one.password);
    const checker = await firstSignIn(two.account, two.password);
    const org = await newOrg(t.database.db, t.clock.now());
    await fundCash(t.database.db, org, y("100"), t.clock.now());
    const cash = await cashOf(t.database.db, org);
    const asked = await asker.request<{ id: string; status: string }>("/api/ops/adjustments", {
      method: "POST",
      body: { orgId: org, amount: "20000", reason: "Two people" },
      headers: idem(),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.status).toBe("pending_approval");
    const approve = (client: TestClient) =>
      client.request(`/api/ops/adjustments/${asked.body.data.id}/approve`, { method: "POST", body: {} });
    const own = await approve(asker);
    expect(own.body.message).toBe("A second operator must approve this adjustment");
    expect(await cashOf(t.database.db, org)).toBe(cash);
    // An operator without the billing administrator role cannot be the second person.
    const reviewer = await createOperator({ roles: ["verificationReviewer"] });
    expect((await approve(await firstSignIn(reviewer.account, reviewer.password))).status).toBe(403);
    const approved = await approve(checker);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await cashOf(t.database.db, org)).toBe(cash + y("20000"));
  });
});
