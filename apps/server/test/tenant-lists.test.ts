// A tenant's page for operators (issue 19 item 3): its orders, resources, bills and invoice
// requests through the operators' lists narrowed by `orgId`. Another tenant's rows never appear,
// the lists read newest first, and they open to the codes of the tenant's page (BI, BT), not to
// tenants.
import type {
  BillRecord,
  InvoiceRequestRecord,
  OrderRecord,
  Page,
  ResourceRecord,
} from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { idem } from "./support/money";
import { operatorHolding } from "./support/operator-roles";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

type Tenant = Awaited<ReturnType<typeof verifiedTenant>> & { orderNos: string[]; requestNos: string[] };

let t: TestApp;
let admin: TestClient;
let a: Tenant;
let b: Tenant;

/** A verified tenant with two paid host orders (so resources and bills) and two invoice requests. */
async function busyTenant(product: string): Promise<Tenant> {
  const tenant = { ...(await verifiedTenant(t, admin, "1000")), orderNos: [], requestNos: [] } as Tenant;
  for (let i = 0; i < 2; i++) {
    const order = await apply(tenant.client, applyBody(product));
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    tenant.orderNos.push(order.body.data.orderNo);
    t.clock.advance(1000);
  }
  await advance(t, 60);
  const title = await tenant.client.request<{ id: string }>("/api/invoices/titles", {
    method: "POST",
    body: { type: "personal", name: "Tenant lists" },
  });
  expect(title.status, JSON.stringify(title.body)).toBe(200);
  for (let i = 0; i < 2; i++) {
    const request = await tenant.client.request<InvoiceRequestRecord>("/api/invoices/requests", {
      method: "POST",
      body: { titleId: title.body.data.id, medium: "electronic", amount: "1" },
      headers: idem(),
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    tenant.requestNos.push(request.body.data.requestNo);
    t.clock.advance(1000);
  }
  return tenant;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  const product = await hostProduct(admin);
  a = await busyTenant(product);
  b = await busyTenant(product);
});
afterAll(() => t.close());

const page = <T>(client: TestClient, path: string, query: Record<string, string> = {}) =>
  client.request<Page<T>>(path, { query: { pageSize: "200", ...query } });

describe("a tenant's lists for operators", () => {
  it("orders: only the tenant's, newest first; without orgId every tenant's", async () => {
    const res = await page<OrderRecord>(admin, "/api/ops/orders", { orgId: a.orgId });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((o) => o.orderNo)).toEqual([...a.orderNos].reverse());
    expect(res.body.data.total).toBe(2);
    const every = (await page<OrderRecord>(admin, "/api/ops/orders")).body.data.list.map((o) => o.orderNo);
    expect(every).toEqual(expect.arrayContaining([...a.orderNos, ...b.orderNos]));
  });

  it("resources: only the tenant's, newest first", async () => {
    const mine = await page<ResourceRecord>(admin, "/api/ops/resources", { orgId: a.orgId });
    const theirs = await page<ResourceRecord>(admin, "/api/ops/resources", { orgId: b.orgId });
    const aIds = mine.body.data.list.map((r) => r.id);
    expect(aIds).toHaveLength(2);
    expect(theirs.body.data.list).toHaveLength(2);
    expect(theirs.body.data.list.some((r) => aIds.includes(r.id))).toBe(false);
    const created = mine.body.data.list.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("bills: only the tenant's", async () => {
    const res = await page<BillRecord>(admin, "/api/ops/bills", { orgId: a.orgId });
    const orderNos = res.body.data.list.map((r) => r.orderNo);
    expect(orderNos).toEqual(expect.arrayContaining(a.orderNos));
    expect(orderNos.some((no) => no !== null && b.orderNos.includes(no))).toBe(false);
  });

  it("invoice requests: only the tenant's, newest first when asked; the queue stays oldest first", async () => {
    const newest = await page<InvoiceRequestRecord>(admin, "/api/ops/invoices", {
      orgId: a.orgId,
      order: "newest",
    });
    expect(newest.body.data.list.map((r) => r.requestNo)).toEqual([...a.requestNos].reverse());
    const queue = (await page<InvoiceRequestRecord>(admin, "/api/ops/invoices")).body.data.list;
    const ours = queue
      .map((r) => r.requestNo)
      .filter((no) => [...a.requestNos, ...b.requestNos].includes(no));
    expect(ours).toEqual([...a.requestNos, ...b.requestNos]);
  });

  it("open to the tenant page's readers (after-sales, BT), not to a billing-less role nor to tenants", async () => {
    const afterSales = await operatorHolding(t, ["opAfterSales"]);
    for (const path of ["/api/ops/orders", "/api/ops/resources"]) {
      const res = await page<{ id: string }>(afterSales, path, { orgId: a.orgId });
      expect(res.status, path).toBe(200);
      expect(res.body.data.total).toBe(2);
      expect((await a.client.request(path, { query: { orgId: b.orgId } })).status).toBe(403);
    }
    const reviewer = await operatorHolding(t, ["opVerificationReviewer"]);
    expect((await reviewer.request("/api/ops/orders", { query: { orgId: a.orgId } })).status).toBe(403);
  });
});
