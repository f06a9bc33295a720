// Signing in as support (issue 19 item 3, decision 0031): an operator with BT opens a 30-minute
// session as a tenant's main account that reads everything of that tenant and changes nothing,
// whatever the endpoint; the start and the end are audit rows the tenant can read.
import { randomUUID } from "node:crypto";
import type { AuditLogRow, CurrentUser, OrderDetail, Page, SupportSession } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../src/modules/auth/auth.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { sha256 } from "../src/platform/ids";
import { DEMO, signedIn, TestClient } from "./support/client";
import { LONG_TEST_MS, startTestApp, type TestApp } from "./support/harness";
import { ledgerFingerprint } from "./support/money";
import { loadOperations, sampleParam } from "./support/openapi";
import { operatorHolding } from "./support/operator-roles";
import { apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let admin: TestClient;
let product: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(admin);
});
afterAll(() => t.close());

const REASON = "Ticket 42: the tenant cannot find last month's bill";

const start = (operator: TestClient, orgId: string, reason: unknown = REASON, locale?: "zh-CN" | "en-US") =>
  operator.request<SupportSession>(`/api/ops/tenants/${orgId}/support_session`, {
    method: "POST",
    body: { reason },
    ...(locale ? { locale } : {}),
  });

/** A client holding the support session `operator` opened on the tenant. */
async function supportClient(operator: TestClient, orgId: string): Promise<TestClient> {
  const res = await start(operator, orgId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const client = new TestClient(t.app, t.clock);
  client.token = res.body.data.token;
  client.signSecret = res.body.data.signSecret;
  return client;
}

const auditOf = (orgId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.action, action)));

describe("starting a support session", () => {
  it("opens the tenant's console as its main account, marked, audited with the reason, seen by the tenant", async () => {
    const { orgId, client: tenant, tenant: who } = await verifiedTenant(t, admin);
    const support = await supportClient(admin, orgId);

    const me = await support.request<CurrentUser>("/api/users/token");
    expect(me.status).toBe(200);
    expect(me.body.data.userSid).toBe(who.userSid);
    expect(me.body.data.currentOrg?.orgSid).toBe(orgId);
    expect(me.body.data.support).toEqual({
      operatorAccount: "admin",
      operatorName: expect.any(String),
      orgName: who.companyName,
    });
    // The tenant's own session is not a support view.
    expect((await tenant.request<CurrentUser>("/api/users/token")).body.data.support).toBeNull();

    const [started] = await auditOf(orgId, "tenant.supportStarted");
    expect(started).toMatchObject({ target: who.userSid, detail: { reason: REASON } });
    const adminId = (await admin.request<CurrentUser>("/api/users/token")).body.data.userSid;
    expect(started?.actorId).toBe(adminId);
    // The tenant's administrator reads it in the organisation's own audit log.
    const log = await tenant.request<Page<AuditLogRow>>("/api/audit_logs", {
      query: { action: "tenant.supportStarted" },
    });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.data.list).toEqual([
      expect.objectContaining({ actorAccount: "admin", detail: expect.objectContaining({ reason: REASON }) }),
    ]);
    // The operator's own session goes on beside it.
    expect((await admin.request("/api/ops/tenants")).status).toBe(200);
  });

  it("is open to after-sales engineers and platform administrators only (403 to others)", async () => {
    const { orgId, client: tenant } = await verifiedTenant(t, admin);
    for (const role of ["opVerificationReviewer", "opBillingAdmin", "opOperationAdmin", "opAuditor"]) {
      const res = await start(await operatorHolding(t, [role]), orgId);
      expect(res.status, role).toBe(403);
      expect(res.body.code, role).toBe(403);
    }
    expect((await start(tenant, orgId)).status).toBe(403);
    expect(await auditOf(orgId, "tenant.supportStarted")).toEqual([]);
    const afterSales = await start(await operatorHolding(t, ["opAfterSales"]), orgId);
    expect(afterSales.status, JSON.stringify(afterSales.body)).toBe(200);
  });

  it("refuses a missing, short or long reason with a clear message in both languages, opening nothing", async () => {
    const { orgId } = await verifiedTenant(t, admin);
    for (const reason of ["", "  ab  ", "four", "x".repeat(201)]) {
      const res = await start(admin, orgId, reason);
      expect(res.status, reason).toBe(400);
      expect(res.body.code).toBe(34021);
      expect(res.body.message).toBe("Enter the reason for signing in as support (5 to 200 characters)");
    }
    const zh = await start(admin, orgId, "", "zh-CN");
    expect(zh.body.message).toBe("请填写以客服身份登录的原因（5 到 200 个字符）");
    expect(await auditOf(orgId, "tenant.supportStarted")).toEqual([]);
    expect((await start(admin, randomUUID())).status).toBe(404);
  });
});

describe("a support session", () => {
  it(
    "is refused every state-changing operation of the API (403), reads its tenant only, and signs out",
    async () => {
      const { orgId, client: tenant } = await verifiedTenant(t, admin, "5000");
      const order = await apply(tenant, applyBody(product));
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const other = await verifiedTenant(t, admin, "5000");
      const othersOrder = await apply(other.client, applyBody(product));
      const support = await supportClient(admin, orgId);

      // Reads of its tenant work; another tenant's order and operator lists stay out of reach.
      for (const path of ["/api/billing_account", "/api/orders", `/api/orders/${order.body.data.id}`]) {
        const res = await support.request(path);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      }
      const mine = await support.request<OrderDetail>(`/api/orders/${order.body.data.id}`);
      expect(mine.body.data.orderNo).toBe(order.body.data.orderNo);
      expect([403, 404]).toContain((await support.request(`/api/orders/${othersOrder.body.data.id}`)).status);
      expect((await support.request("/api/ops/tenants")).status).toBe(403);

      const ledger = await ledgerFingerprint(t.database.db);
      const operations = (await loadOperations(t.app)).filter((op) => op.method !== "GET");
      const logout = operations.find((op) => op.path === "/api/users/logout");
      expect(logout).toBeDefined();
      let refused = 0;
      for (const op of operations) {
        if (op === logout) continue;
        const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const param = op.params.find((p) => p.name === name);
          return encodeURIComponent(param ? sampleParam(param) : name);
        });
        const res = await support.raw(url, { method: op.method, body: {} });
        const label = `${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBe(403);
        expect((res.json() as { code: number }).code, label).toBe(34020);
        refused += 1;
      }
      expect(refused).toBeGreaterThan(100);
      expect(await ledgerFingerprint(t.database.db)).toBe(ledger);
      const topUp = await support.request("/api/online_recharge/create", {
        method: "POST",
        body: { amount: "100", channel: "sandbox" },
      });
      expect(topUp.body.message).toBe(
        "This is a read-only support session of the platform: nothing can be changed or bought in it",
      );

      const out = await support.request("/api/users/logout", { method: "POST", body: {} });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect((await support.request("/api/users/token")).status).toBe(401);
      const [ended] = await auditOf(orgId, "tenant.supportEnded");
      const adminId = (await admin.request<CurrentUser>("/api/users/token")).body.data.userSid;
      expect(ended?.actorId).toBe(adminId);
      expect((await admin.request("/api/ops/tenants")).status).toBe(200);
    },
    LONG_TEST_MS,
  );

  it("is refused by the principal it authenticates as, whatever its token looks like", async () => {
    const { tenant: who } = await verifiedTenant(t, admin);
    const adminId = (await admin.request<CurrentUser>("/api/users/token")).body.data.userSid;
    // A support session row under a plain token: the authenticated session, not the prefix, decides.
    const token = `plain${randomUUID().replaceAll("-", "")}`;
    const now = t.clock.now();
    await t.database.db.insert(sessions).values({
      id: sha256(token),
      userId: who.userSid,
      supportOperatorId: adminId,
      signSecret: "s".repeat(43),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 600_000),
      lastSeenAt: now,
    });
    const support = new TestClient(t.app, t.clock);
    support.token = token;
    support.signSecret = "s".repeat(43);
    expect((await support.request("/api/billing_account")).status).toBe(200);
    const refused = await support.request("/api/res/projects", {
      method: "POST",
      body: { name: "Nope", description: "", contact: "A", phone: "13912345678" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(34020);
  });

  it("ends 30 minutes after it started, however busy, and ends with its operator's account", async () => {
    const { orgId } = await verifiedTenant(t, admin);
    const support = await supportClient(admin, orgId);
    t.clock.advance(20 * 60_000);
    // A busy browser session would slide on; a support session does not.
    expect((await support.request("/api/billing_account")).status).toBe(200);
    t.clock.advance(9 * 60_000);
    expect((await support.request("/api/billing_account")).status).toBe(200);
    t.clock.advance(61_000);
    const expired = await support.request("/api/billing_account");
    expect(expired.status).toBe(401);

    // Disabling the operator ends the support views they opened.
    const engineer = await operatorHolding(t, ["opAfterSales"]);
    const engineerId = (await engineer.request<CurrentUser>("/api/users/token")).body.data.userSid;
    const view = await supportClient(engineer, orgId);
    expect((await view.request("/api/billing_account")).status).toBe(200);
    const disabled = await admin.request(`/api/ops/operators/${engineerId}/disable`, {
      method: "POST",
      body: {},
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await view.request("/api/billing_account")).status).toBe(401);
    // For good: re-enabling the operator does not bring it back.
    const enabled = await admin.request(`/api/ops/operators/${engineerId}/enable`, {
      method: "POST",
      body: {},
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    t.clock.advance(10_000);
    expect((await view.request("/api/billing_account")).status).toBe(401);
  });
});
