// Sessions: the 401 answers, the configured lifetime with sliding expiry, refresh, and the
// current-user document of spec §3 (menus and routes per permissions, privacy agreement sign).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_TENANT_MOBILE, signedInSubUser, stepUp } from "./support/iam";

let t: TestApp;
let admin: TestClient;
let tenant: TestClient;
let reader: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  [admin, tenant, reader] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.admin),
    signedIn(t.app, t.clock, DEMO.tenant),
    signedIn(t.app, t.clock, DEMO.reader),
  ]);
});
afterAll(() => t.close());

const EXPIRED_EN = "Current session has expired, please log in again";
const EXPIRED_ZH = "当前会话已过期，请重新登录";

type Me = {
  account: string;
  permissions: string[];
  routes: string[];
  menus: { key: string; path?: string; children?: { key: string; path?: string }[] }[];
  policyAgreeSign: number;
  sessionExpiresAt: string;
  [key: string]: unknown;
};

function expect401(res: { status: number; body: { code: number; message: string } }, message = EXPIRED_EN) {
  expect(res.status).toBe(401);
  expect(res.body.code).toBe(401);
  expect(res.body.message).toBe(message);
}

describe("401 answers", () => {
  it("refuses a call without a token, in both languages", async () => {
    const anonymous = new TestClient(t.app, t.clock);
    expect401(await anonymous.request("/api/users/token"));
    expect401(await anonymous.request("/api/users/token", { locale: "zh-CN" }), EXPIRED_ZH);
  });

  it("refuses a garbage or malformed token", async () => {
    for (const authorization of [
      "Bearer not-a-real-token",
      "Bearer ",
      "Basic YWRtaW46QWRtaW5AMjAyNg==",
      tenant.token!,
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/users/token",
        headers: { authorization, "accept-language": "en-US" },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe(401);
    }
  });

  it("refuses the token after logout, and only that session ends", async () => {
    const a = await signedIn(t.app, t.clock, DEMO.tenant);
    const b = await signedIn(t.app, t.clock, DEMO.tenant);
    const out = await a.request("/api/users/logout", { method: "POST", body: {} });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ ok: true });
    expect401(await a.request("/api/users/token"));
    expect401(await a.request("/api/users/token", { locale: "zh-CN" }), EXPIRED_ZH);
    expect((await b.request("/api/users/token")).status).toBe(200);
  });
});

describe("GET /users/token", () => {
  // Spec §3: every field of the current user.
  const SPEC_FIELDS = [
    "userSid",
    "account",
    "industryName",
    "realName",
    "sexName",
    "mobile",
    "parentSid",
    "email",
    "lastLoginIp",
    "lastLoginTime",
    "roleName",
    "roleType",
    "limitDate",
    "pwdEndTime",
    "openId",
    "wechatName",
    "avatarUrl",
    "certificationStatus",
    "authentStatus",
    "remark",
    "type",
    "maxDataScope",
    "projectId",
    "permissions",
    "menus",
    "routes",
    "currentOrg",
    "freezeStatus",
    "loginNotFirstFlag",
    "policyAgreeSign",
  ];

  it("returns every spec §3 field for the tenant administrator", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const loginAt = t.clock.now();
    const res = await client.request<Me>("/api/users/token");
    expect(res.status).toBe(200);
    const me = res.body.data;
    for (const field of SPEC_FIELDS) expect(me, field).toHaveProperty(field);
    expect(me).toMatchObject({
      account: "demotenant",
      industryName: "Artificial intelligence",
      realName: "张三",
      mobile: "13800000002",
      email: "owner@demo-ai-lab.example",
      lastLoginIp: "127.0.0.1",
      lastLoginTime: loginAt.toISOString(),
      roleType: "tenantAdmin",
      moduleType: "console",
      billingAdmin: false,
      certificationStatus: "authSucceed",
      authentStatus: "authSucceed",
      type: "personal",
      maxDataScope: "tenant",
      currentOrg: { orgName: "Demo AI Lab" },
      freezeStatus: false,
      loginNotFirstFlag: true,
      landing: "/mgt/dashboard",
    });
    // Password expiry of the policy: 90 days after the last change (the seed time).
    expect(typeof me.pwdEndTime).toBe("string");
    expect(new Date(me.pwdEndTime as string).getTime()).toBeGreaterThan(loginAt.getTime());
    const zh = await client.request<Me>("/api/users/token", { locale: "zh-CN" });
    expect(zh.body.data.industryName).toBe("人工智能");
  });

  it("gives the tenant the console routes but not the operator pages", async () => {
    const me = (await tenant.request<Me>("/api/users/token")).body.data;
    expect(me.permissions).toContain("CA");
    expect(me.permissions.some((c) => c.startsWith("B"))).toBe(false);
    expect(me.routes).toContain("/mgt/dashboard");
    expect(me.routes).not.toContain("/sys/config");
    expect(me.routes.some((r) => r.startsWith("/sys/"))).toBe(false);
    expect(me.menus.map((m) => m.key)).toContain("/mgt/dashboard");
    expect(me.menus.map((m) => m.key)).not.toContain("operations");
  });

  it("gives the platform administrator the operator pages", async () => {
    const me = (await admin.request<Me>("/api/users/token")).body.data;
    expect(me).toMatchObject({
      account: "admin",
      roleType: "platformAdmin",
      moduleType: "sys",
      billingAdmin: true,
      maxDataScope: "all",
      landing: "/sys/overview",
      currentOrg: null,
    });
    expect(me.permissions).toEqual(expect.arrayContaining(["BA01", "BA02", "BA03", "BA04", "CA"]));
    expect(me.routes).toEqual(
      expect.arrayContaining(["/sys/config", "/sys/invitation", "/sys/outbox", "/sys/users"]),
    );
    const operations = me.menus.find((m) => m.key === "operations");
    expect(operations?.children?.map((c) => c.path)).toEqual([
      "/mgt/hpc",
      "/mgt/innerservice",
      "/mgt/workorders",
      "/sys/config",
      "/sys/invitation",
      "/sys/outbox",
      "/sys/users",
      "/sys/operators",
      "/sys/announcements",
      "/sys/verifications",
      "/sys/audit",
      "/sys/quotas",
      "/sys/approvals",
      "/sys/simulator",
      "/sys/bag",
      "/sys/tenants",
      "/sys/resources",
      "/sys/finance/accounts",
      "/mgt/accounts",
      "/sys/finance/adjustments",
      "/sys/finance/approvals",
      "/sys/finance/vouchers",
      "/sys/finance/movements",
      "/sys/finance/coupons",
      "/sys/contracts",
      "/mgt/productcategory",
      "/sys/invoices",
    ]);
    // The platform account has no organisation, so no tenant pages: it has the operators' overview
    // (the queues waiting for it) instead of the tenant's.
    expect(me.menus[0]).toMatchObject({ key: "/sys/overview", path: "/sys/overview" });
    expect(me.routes).not.toContain("/mgt/dashboard");
    expect(me.routes).not.toContain("/mgt/bill");
    expect(me.menus.find((m) => m.key === "costCentre")).toBeUndefined();
  });

  it("gives the read-only sub-user only the overview and the bills", async () => {
    const me = (await reader.request<Me>("/api/users/token")).body.data;
    expect(me.permissions).toEqual(["CA", "CC03"]);
    expect(me.routes).toEqual(["/mgt/dashboard", "/mgt/bill"]);
    expect(me.menus).toEqual([
      { key: "/mgt/dashboard", labelKey: "menu.overview", path: "/mgt/dashboard" },
      {
        key: "costCentre",
        labelKey: "menu.group.costCentre",
        children: [{ key: "/mgt/bill", labelKey: "menu.bills", path: "/mgt/bill" }],
      },
    ]);
    expect(me).toMatchObject({ roleType: "subUser", maxDataScope: "project", parentSid: expect.any(String) });
  });

  it("puts unsubscribe management after renewal management, for whoever may unsubscribe a basic service", async () => {
    const own = (await tenant.request<Me>("/api/users/token")).body.data;
    const costCentre = own.menus.find((m) => m.key === "costCentre")?.children?.map((c) => c.path) ?? [];
    expect(costCentre.slice(costCentre.indexOf("/mgt/renew"), costCentre.indexOf("/mgt/renew") + 2)).toEqual([
      "/mgt/renew",
      "/unsubscribe",
    ]);

    // A project member holding only the basic services (hosts, disks, IPs) sees it as their only
    // cost-centre page; the bills reader sees none of it (above).
    await stepUp(t, tenant, DEMO_TENANT_MOBILE);
    const member = await signedInSubUser(t, tenant, ["builtin:basicServices"]);
    const me = (await member.client.request<Me>("/api/users/token")).body.data;
    expect(me.routes).toContain("/unsubscribe");
    expect(me.menus.find((m) => m.key === "costCentre")).toEqual({
      key: "costCentre",
      labelKey: "menu.group.costCentre",
      children: [{ key: "/unsubscribe", labelKey: "menu.unsubscribe", path: "/unsubscribe" }],
    });
  });
});

describe("the HPC use set", () => {
  it("opens the pools and the job console, both in the cloud resources menu", async () => {
    await stepUp(t, tenant, DEMO_TENANT_MOBILE);
    const member = await signedInSubUser(t, tenant, ["builtin:hpcUse"]);
    const me = (await member.client.request<Me>("/api/users/token")).body.data;
    expect(me.routes).toEqual(expect.arrayContaining(["/mgt/hpc", "/mgt/hpc/:id", "/hpcconsole"]));
    const resources = me.menus.find((m) => m.key === "cloudResources")?.children ?? [];
    expect(resources.map((c) => c.path)).toEqual(["/mgt/hpc", "/hpcconsole"]);
    const own = (await tenant.request<Me>("/api/users/token")).body.data;
    expect(own.routes).toContain("/hpcconsole");
    // Dedicated pool applications are the HPC operation set's (CB18), not the use set's.
    expect(me.routes).not.toContain("/mgt/innerservice");
  });

  it("gives the HPC operation set the dedicated resource pools under cloud resources", async () => {
    await stepUp(t, tenant, DEMO_TENANT_MOBILE);
    const operator = await signedInSubUser(t, tenant, ["builtin:hpcOperation"]);
    const me = (await operator.client.request<Me>("/api/users/token")).body.data;
    expect(me.routes).toContain("/mgt/innerservice");
    const resources = me.menus.find((m) => m.key === "cloudResources")?.children ?? [];
    expect(resources).toContainEqual({
      key: "/mgt/innerservice",
      labelKey: "menu.innerservice",
      path: "/mgt/innerservice",
    });
  });
});

describe("policyAgreeSign", () => {
  const sign = async (client: TestClient) =>
    (await client.request<Me>("/api/users/token")).body.data.policyAgreeSign;
  const agree = async (client: TestClient) =>
    expect((await client.request("/api/users/agree_policy", { method: "POST", body: {} })).status).toBe(200);
  const publish = async (kind: "agreement" | "privacy") => {
    const res = await admin.request<{ version: number }>("/api/ops/agreements/publish", {
      method: "POST",
      body: { kind, contentZh: `新版${kind}`, contentEn: `New ${kind}` },
    });
    expect(res.status).toBe(200);
    return res.body.data.version;
  };

  it("follows the states of spec §4 as documents are agreed and republished", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    expect(await sign(client)).toBe(0);
    await agree(client);
    expect(await sign(client)).toBe(1);

    expect(await publish("privacy")).toBe(2);
    expect(await sign(client)).toBe(2);

    expect(await publish("agreement")).toBe(2);
    expect(await sign(client)).toBe(4);

    await agree(client);
    expect(await sign(client)).toBe(1);

    expect(await publish("agreement")).toBe(3);
    expect(await sign(client)).toBe(3);

    // A user who never agreed still sees the first-time dialog, whatever the versions.
    expect(await sign(reader)).toBe(0);

    const doc = await new TestClient(t.app, t.clock).request<{ version: number; contentEn: string }>(
      "/api/agreements/agreement",
    );
    expect(doc.body.data).toMatchObject({ version: 3, contentEn: "New agreement" });
  });

  it("only operators may publish", async () => {
    const res = await tenant.request("/api/ops/agreements/publish", {
      method: "POST",
      body: { kind: "privacy", contentZh: "x", contentEn: "x" },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});

// Last: these move the clock by hours, which ends the sessions shared above.
describe("session lifetime (session.expire.time = 60 minutes)", () => {
  it("expires a session left idle for the configured lifetime", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(59);
    expect((await client.request("/api/users/isFreeze")).status).toBe(200);
    // The call at 59 minutes slid the expiry to 119 minutes.
    t.clock.advanceMinutes(60);
    expect401(await client.request("/api/users/token"));
    expect401(await client.request("/api/users/token", { locale: "zh-CN" }), EXPIRED_ZH);
  });

  it("expires exactly at the lifetime without activity", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(60);
    expect401(await client.request("/api/users/isFreeze"));
  });

  it("keeps a session alive while it is used (sliding expiry)", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(50);
    expect((await client.request("/api/users/isFreeze")).status).toBe(200);
    t.clock.advanceMinutes(50);
    const me = await client.request<Me>("/api/users/token");
    expect(me.status).toBe(200);
    expect(me.body.data.sessionExpiresAt).toBe(new Date(t.clock.now().getTime() + 60 * 60_000).toISOString());
    t.clock.advanceMinutes(61);
    expect401(await client.request("/api/users/token"));
  });

  it("does not slide the session for a request whose signature fails", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(50);
    const forged = await client.request("/api/users/isFreeze", { unsigned: true });
    expect(forged.body.code).toBe(20009);
    t.clock.advanceMinutes(10);
    expect401(await client.request("/api/users/isFreeze"));
  });

  it("refresh extends the session by its lifetime", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(30);
    const res = await client.request<{ expiresAt: string }>("/api/users/token/refresh", {
      method: "POST",
      body: {},
    });
    expect(res.status).toBe(200);
    const expected = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    expect(res.body.data.expiresAt).toBe(expected);
    t.clock.advanceMinutes(59);
    expect((await client.request("/api/users/isFreeze")).status).toBe(200);
  });

  it("refresh cannot revive an expired session", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    t.clock.advanceMinutes(61);
    expect401(await client.request("/api/users/token/refresh", { method: "POST", body: {} }));
  });
});
