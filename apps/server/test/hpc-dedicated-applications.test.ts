// /mgt/innerservice (CB18; issue 14 item 3): a tenant follows the organisation's dedicated pool
// applications — waiting, active with its pool, closed with the operator's reason — and no one
// else's; operators (BA07) list every tenant's by state, tenant and product, and activate or close
// a waiting one through this page's endpoints, which move the order exactly as the approval
// queue's activate and close do (the same service: event, audit row, refund).
import { type DedicatedApplication, ERRORS, type OrderDetail, type Page } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashAccountId } from "../src/modules/ledger/ledger.service";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { applyForDedicated } from "./support/hpc-pool";
import { balanceOf } from "./support/money";
import { advance, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;
let other: Tenant;

const OPS = "/api/ops/hpc/dedicated_applications";
const OWN = "/api/hpc/dedicated_applications";

const applyFor = (tenant: Tenant, productCode: string, nodes: number, name: string) =>
  applyForDedicated(t, tenant.client, productCode, nodes, name);

const listOf = async (client: TestClient, url: string) => {
  const [path, search] = url.split("?");
  const query = Object.fromEntries(new URLSearchParams(search ?? ""));
  const res = await client.request<Page<DedicatedApplication>>(path!, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const row = async (client: TestClient, path: string, orderNo: string) =>
  (await listOf(client, path)).list.find((a) => a.orderNo === orderNo);

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "500000");
  other = await verifiedTenant(t, operator, "500000");
});
afterAll(() => t.close());

describe("the tenant's applications", () => {
  it("lists the organisation's applications waiting for an operator, with nodes, months and amount", async () => {
    const applied = await applyFor(owner, "ai-dedicated", 1, "gpu-team");
    const mine = await row(owner.client, OWN, applied.orderNo);
    expect(mine).toMatchObject({
      id: applied.id,
      name: "gpu-team",
      productCode: "ai-dedicated",
      poolType: "aiDedicated",
      nodes: 1,
      periodMonths: 1,
      amount: "56000.00000",
      state: "waiting",
      reason: null,
      poolId: null,
      awaitingActivation: true,
    });
    expect((await listOf(owner.client, `${OWN}?state=active`)).list.map((a) => a.orderNo)).not.toContain(
      applied.orderNo,
    );
    expect((await listOf(owner.client, `${OWN}?keyword=gpu-te`)).list.map((a) => a.orderNo)).toEqual([
      applied.orderNo,
    ]);
    expect((await listOf(owner.client, `${OWN}?keyword=nothing-like-it`)).total).toBe(0);
  });

  it("never shows another tenant's applications", async () => {
    const theirs = await applyFor(other, "hpc-dedicated", 1, "their-cpu");
    const seen = (await listOf(owner.client, `${OWN}?pageSize=200`)).list.map((a) => a.orderNo);
    expect(seen).not.toContain(theirs.orderNo);
    expect((await listOf(other.client, OWN)).list.map((a) => a.orderNo)).toEqual([theirs.orderNo]);
  });

  it("is refused to an operator on the tenant endpoint and to a tenant on the operators'", async () => {
    expect((await operator.request(OWN)).status).toBe(403);
    expect((await owner.client.request(OPS)).status).toBe(403);
    const any = (await listOf(owner.client, OWN)).list[0]!;
    const res = await owner.client.request(`${OPS}/${any.id}/activate`, { method: "POST", body: {} });
    expect(res.status).toBe(403);
  });
});

describe("operators on /mgt/innerservice", () => {
  it("list every tenant's applications with the tenant's name, by state, tenant and product", async () => {
    const all = await listOf(operator, `${OPS}?pageSize=200&state=waiting`);
    const orgs = new Set(all.list.map((a) => a.orgName));
    expect(orgs.size).toBeGreaterThanOrEqual(2);
    expect(all.list.every((a) => a.state === "waiting" && a.awaitingActivation)).toBe(true);
    const ownerName = (await listOf(owner.client, OWN)).list[0]!.orgName;
    const byTenant = await listOf(operator, `${OPS}?pageSize=200&tenant=${encodeURIComponent(ownerName)}`);
    expect(byTenant.list.length).toBeGreaterThan(0);
    expect(byTenant.list.every((a) => a.orgName === ownerName)).toBe(true);
    const gpu = await listOf(operator, `${OPS}?pageSize=200&product=ai-dedicated`);
    expect(gpu.list.length).toBeGreaterThan(0);
    expect(gpu.list.every((a) => a.productCode === "ai-dedicated")).toBe(true);
    expect((await listOf(operator, `${OPS}?product=AI%20dedicated`)).total).toBe(gpu.total);
    // Only dedicated pools: an ordinary host order is not an application.
    expect(all.list.every((a) => a.poolType === "hpcDedicated" || a.poolType === "aiDedicated")).toBe(true);
  });

  it("activate one as the approval queue does: the pool runs and the tenant opens it", async () => {
    const applied = await applyFor(owner, "hpc-dedicated", 2, "cpu-team");
    const res = await operator.request<DedicatedApplication>(`${OPS}/${applied.id}/activate`, {
      method: "POST",
      body: { reason: "capacity checked" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.awaitingActivation).toBe(false);
    await advance(t, 5);
    const order = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
    expect(order.status).toBe("completed");
    expect(order.events.map((e) => e.action)).toContain("activated");
    const mine = await row(owner.client, OWN, applied.orderNo);
    expect(mine).toMatchObject({ state: "active", poolId: order.resourceIds[0], nodes: 2 });
    expect((await owner.client.request(`/api/hpc/pools/${mine!.poolId}`)).status).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "order.activated"), eq(auditLogs.target, applied.orderNo)));
    expect(audit).toBeDefined();
    // Once activated it no longer waits: the approval queue does not act on it again. This page's
    // Close now ends the running pool by the unsubscribe rules (hpc-dedicated-close.test.ts): a
    // money call, refused without an Idempotency-Key.
    const again = await operator.request(`${OPS}/${applied.id}/close`, {
      method: "POST",
      body: { reason: "late" },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.code);
    const queue = await operator.request(`/api/audit/approval/${applied.id}/close`, {
      method: "POST",
      body: { reason: "late" },
    });
    expect(queue.status).toBe(400);
  });

  it("close one with a required reason: refunded in full, the tenant reads the reason", async () => {
    const cash = () => balanceOf(t.database.db, cashAccountId(owner.orgId));
    const before = await cash();
    const applied = await applyFor(owner, "ai-dedicated", 2, "closing");
    expect(before - (await cash())).toBe(112_000_00000n);
    const noReason = await operator.request(`${OPS}/${applied.id}/close`, {
      method: "POST",
      body: { reason: "" },
    });
    expect(noReason.status).toBe(400);
    const res = await operator.request<DedicatedApplication>(`${OPS}/${applied.id}/close`, {
      method: "POST",
      body: { reason: "No GPU nodes free this quarter" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ state: "closed", reason: "No GPU nodes free this quarter" });
    expect(await cash()).toBe(before);
    const order = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
    expect(order.status).toBe("terminated");
    expect(await row(owner.client, `${OWN}?state=closed`, applied.orderNo)).toMatchObject({
      state: "closed",
      reason: "No GPU nodes free this quarter",
      poolId: null,
    });
  });

  it("find nothing behind an order that is not a dedicated pool application", async () => {
    const res = await operator.request(`${OPS}/no-such-order/activate`, { method: "POST", body: {} });
    expect(res.status).toBe(404);
  });
});
