// Operators' tenant management (issue 19 item 3): the list's search, filters, sorting and paging,
// and the account freeze: audited, told to the tenant, refusing orders but not reading or top-ups.
import type { OrderDetail, Page, TenantDetail, TenantRow } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { inboxMessages } from "../src/platform/outbox/inbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { idem } from "./support/money";
import { operatorHolding } from "./support/operator-roles";
import { apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";
import { arrearsOf } from "./support/tenants";

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  admin = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

const list = (query: Record<string, string | number>) =>
  admin.request<Page<TenantRow>>("/api/ops/tenants", { query });
const freeze = (orgId: string, reason: string, action = "freeze") =>
  admin.request<TenantDetail>(`/api/ops/tenants/${orgId}/${action}`, { method: "POST", body: { reason } });

describe("tenant list", () => {
  it("finds a tenant by name, main account or phone, filters and sorts on the server, in pages", async () => {
    const a = await verifiedTenant(t, admin, "300");
    const b = await verifiedTenant(t, admin, "100");
    for (const keyword of [a.tenant.companyName, a.tenant.account, a.tenant.mobile]) {
      const found = await list({ keyword });
      expect(found.body.data.list.map((r) => r.orgId)).toEqual([a.orgId]);
      expect(found.body.data.list[0]).toMatchObject({
        name: a.tenant.companyName,
        account: a.tenant.account,
        certificationStatus: "authSucceed",
        frozen: false,
        balance: "300.00000",
        arrears: "0.00000",
      });
    }
    // "Acme Compute" names both: sorted by balance, the larger first, one per page.
    const both = { keyword: "Acme Compute", sortBy: "balance", sortOrder: "descend", pageSize: 1 };
    const all = await list({ ...both, pageSize: 200 });
    const balances = all.body.data.list.map((r) => Number(r.balance));
    expect(balances).toEqual([...balances].sort((x, y) => y - x));
    const first = await list({ ...both, pageNum: 1 });
    const second = await list({ ...both, pageNum: 2 });
    expect(first.body.data.total).toBe(all.body.data.total);
    expect(first.body.data.list).toHaveLength(1);
    expect(second.body.data.list[0]?.orgId).not.toBe(first.body.data.list[0]?.orgId);
    // Verification state: the demo tenant and the new ones are verified; a fresh one is not.
    const unverified = await list({ keyword: b.tenant.account, certificationStatus: "noAuth" });
    expect(unverified.body.data.total).toBe(0);
    expect(
      (await list({ keyword: b.tenant.account, certificationStatus: "authSucceed" })).body.data.total,
    ).toBe(1);
  });

  it("filters by frozen and by arrears", async () => {
    const a = await verifiedTenant(t, admin, "0");
    await arrearsOf(t, a.orgId, "12.5");
    const inArrears = await list({ keyword: a.tenant.account, inArrears: "true" });
    expect(inArrears.body.data.list[0]).toMatchObject({ arrears: "12.50000", balance: "-12.50000" });
    expect((await list({ keyword: a.tenant.account, inArrears: "false" })).body.data.total).toBe(0);
    expect((await list({ keyword: a.tenant.account, frozen: "true" })).body.data.total).toBe(0);
    expect((await freeze(a.orgId, "Overdue contract")).status).toBe(200);
    expect((await list({ keyword: a.tenant.account, frozen: "true" })).body.data.total).toBe(1);
    expect((await list({ keyword: a.tenant.account, frozen: "false" })).body.data.total).toBe(0);
  });

  it("answers 404 for an unknown organisation and lists the tenant's users", async () => {
    expect((await admin.request(`/api/ops/tenants/${unique()}`)).status).toBe(404);
    const a = await verifiedTenant(t, admin);
    const users = await admin.request<Page<{ account: string; main: boolean }>>(
      `/api/ops/tenants/${a.orgId}/users`,
    );
    expect(users.body.data.list).toEqual([
      expect.objectContaining({ account: a.tenant.account, main: true }),
    ]);
  });
});

describe("tenant freeze", () => {
  it("refuses orders, keeps reading and top-ups, answers isFreeze, audits and tells the tenant", async () => {
    const product = await hostProduct(admin);
    const { orgId, client, tenant } = await verifiedTenant(t, admin, "1000");
    expect((await client.request("/api/users/isFreeze")).body.data).toEqual({ freezeStatus: false });

    const frozen = await freeze(orgId, "  Contract overdue  ");
    expect(frozen.status).toBe(200);
    expect(frozen.body.data).toMatchObject({ frozen: true, freezeReason: "Contract overdue" });

    expect((await client.request("/api/users/isFreeze")).body.data).toEqual({ freezeStatus: true });
    const order = await apply(client, applyBody(product));
    expect(order.body.code).toBe(34001);
    expect(order.body.message).toMatch(/frozen/);
    // Reading still works, and so does starting a top-up (so the tenant can pay what it owes).
    expect((await client.request("/api/billing_account")).status).toBe(200);
    expect((await client.request("/api/orders")).status).toBe(200);
    const topUp = await client.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "10", channel: "sandbox" },
      headers: idem(),
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.action, "tenant.frozen")));
    expect(audit?.detail).toEqual({ reason: "Contract overdue" });
    const [notice] = await t.database.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.orgId, orgId), eq(inboxMessages.purpose, "tenant.frozen")));
    expect(notice?.userId).toBe(tenant.userSid);
    expect(notice?.body).toContain("Contract overdue");

    // Twice is a clear error; unfreezing lets the tenant order again.
    expect((await freeze(orgId, "again")).body.code).toBe(34003);
    expect((await freeze(orgId, "Paid", "unfreeze")).body.data.frozen).toBe(false);
    expect((await freeze(orgId, "Paid", "unfreeze")).body.code).toBe(34004);
    expect((await client.request("/api/users/isFreeze")).body.data).toEqual({ freezeStatus: false });
    const ordered = await apply(client, applyBody(product));
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
  });

  it("refuses a missing reason with a clear error and changes nothing", async () => {
    const { orgId } = await verifiedTenant(t, admin);
    for (const body of [{}, { reason: "   " }]) {
      const res = await admin.request(`/api/ops/tenants/${orgId}/freeze`, { method: "POST", body });
      expect(res.body.code).toBe(34002);
      expect(res.body.message).toBe("Enter the reason for freezing or unfreezing the account");
    }
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org?.frozenAt).toBeNull();
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.orgId, orgId));
    expect(audits.filter((r) => r.action.startsWith("tenant."))).toEqual([]);
  });
});

describe("a tenant's orders for operators", () => {
  it("open to whoever reads the operators' order list (BI, BT, BA07), decided by BA07 alone", async () => {
    const product = await hostProduct(admin);
    const { client } = await verifiedTenant(t, admin, "1000");
    const order = await apply(client, applyBody(product));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const id = order.body.data.id;
    for (const role of ["opAfterSales", "opBillingAdmin", "opOperationAdmin"]) {
      const operator = await operatorHolding(t, [role]);
      const read = await operator.request<OrderDetail>(`/api/audit/approval/${id}`);
      expect(read.status, `${role}: ${JSON.stringify(read.body)}`).toBe(200);
      expect(read.body.data.orderNo).toBe(order.body.data.orderNo);
      if (role === "opOperationAdmin") continue;
      const decided = await operator.request(`/api/audit/approval/${id}`, {
        method: "POST",
        body: { decision: "reject", reason: "not needed" },
      });
      expect(decided.status, role).toBe(403);
    }
    const reviewer = await operatorHolding(t, ["opVerificationReviewer"]);
    expect((await reviewer.request(`/api/audit/approval/${id}`)).status).toBe(403);
  });
});
