// Manual activation (spec §1, issue 5 "Orders and approvals"): a product flagged by an operator holds
// its approved orders until an operator activates them (provisioning as usual) or closes them with
// a reason (refunded in full as on a rejection, the coupon given back, status terminated). The
// waiting state shows to the tenant and in the operators' "activation" view; the seeded products
// keep provisioning by themselves. The ledger is verified after the file (harness).
import type { OrderDetail, OrderRecord, Product } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../src/modules/finance/finance.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { cashOf, y } from "./support/money";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  issueCoupon as issueOrderCoupon,
  verifiedTenant,
} from "./support/orders";

let t: TestApp;
let operator: TestClient;
let manual: string;
let approvedManual: string;

const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const activate = (client: TestClient, id: string, reason?: string) =>
  client.request<OrderDetail>(`/api/audit/approval/${id}/activate`, {
    method: "POST",
    body: reason ? { reason } : {},
  });
const close = (client: TestClient, id: string, reason?: string) =>
  client.request<OrderDetail>(`/api/audit/approval/${id}/close`, {
    method: "POST",
    body: reason === undefined ? {} : { reason },
  });
const queue = async (view: "pending" | "activation" | "all") =>
  (
    await operator.request<{ list: OrderRecord[]; total: number }>("/api/audit/approval", {
      query: { view, pageSize: 200 },
    })
  ).body.data.list.map((o) => o.id);

const issueCoupon = (orgId: string, value: string) =>
  issueOrderCoupon(t, operator, orgId, { name: `${value} off`, value });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  manual = await hostProduct(operator, { manualActivation: true });
  approvedManual = await hostProduct(operator, { approvalFlow: "oneLevel", manualActivation: true });
});
afterAll(() => t.close());

describe("the catalogue setting", () => {
  it("is stored per product, shown to operators and changed with the product", async () => {
    const list = await operator.request<{ list: Product[] }>("/api/ops/catalog/products", {
      query: { keyword: manual },
    });
    const product = list.body.data.list.find((p) => p.code === manual)!;
    expect(product).toMatchObject({ manualActivation: true, approvalFlow: "none" });

    const id = product.id;
    // The answer's extra fields (id, listing state…) are not part of the input and are ignored.
    const changed = await operator.request(`/api/ops/catalog/products/${id}`, {
      method: "PUT",
      body: { ...product, manualActivation: false },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await operator.request<Product>(`/api/ops/catalog/products/${id}`)).body.data.manualActivation,
    ).toBe(false);
    await operator.request(`/api/ops/catalog/products/${id}`, {
      method: "PUT",
      body: { ...product, manualActivation: true },
    });
    expect(
      (await operator.request<Product>(`/api/ops/catalog/products/${id}`)).body.data.manualActivation,
    ).toBe(true);
  });

  it("leaves the seeded products provisioning by themselves", async () => {
    const seeded = await operator.request<{ list: Product[] }>("/api/ops/catalog/products", {
      query: { pageSize: 200 },
    });
    for (const code of ["ecs-standard", "evs-disk", "eip", "hpc-shared"]) {
      expect(seeded.body.data.list.find((p) => p.code === code)?.manualActivation, code).toBe(false);
    }
  });

  it("is shown to tenants with the listed products, so the purchase form can say so", async () => {
    const { client } = await verifiedTenant(t, operator, "0");
    const listed = await client.request<{ list: { code: string; manualActivation: boolean }[] }>(
      "/api/billing/products",
      { query: { pageSize: 200 } },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const setting = (code: string) => listed.body.data.list.find((p) => p.code === code)?.manualActivation;
    expect(setting(manual)).toBe(true);
    expect(setting(approvedManual)).toBe(true);
    expect(setting("ecs-standard")).toBe(false);
  });
});

describe("an order waiting for activation", () => {
  it("is paid and approved but not provisioned, however long it waits, and shows as waiting", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "approved",
      approvalLevel: null,
      manualActivation: true,
      awaitingActivation: true,
      paidAmount: "310.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    await advance(t, 45);
    await advance(t, 1800);
    const waiting = (await order(client, res.body.data.id)).body.data;
    expect(waiting).toMatchObject({ status: "approved", awaitingActivation: true, resourceIds: [] });
    expect(waiting.events.map((e) => e.action)).toEqual([
      "submitted",
      "paid",
      "approved",
      "awaitingActivation",
    ]);
    expect(
      await t.database.db.select().from(resources).where(eq(resources.orderId, waiting.id)),
    ).toHaveLength(0);

    // The tenant's list says so too; the operators find it under "activation", not "pending".
    const mine = await client.request<{ list: OrderRecord[] }>("/api/orders");
    expect(mine.body.data.list.find((o) => o.id === waiting.id)).toMatchObject({ awaitingActivation: true });
    expect(await queue("activation")).toContain(waiting.id);
    expect(await queue("pending")).not.toContain(waiting.id);
    expect(await queue("all")).toContain(waiting.id);
  });

  it("is provisioned once an operator activates it, and only once", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual, { name: "pool-one" }));
    const activated = await activate(operator, res.body.data.id, "Rack 12 reserved");
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.data).toMatchObject({ awaitingActivation: false, manualActivation: true });
    expect(await queue("activation")).not.toContain(res.body.data.id);

    const again = await activate(operator, res.body.data.id);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 26050,
      message: "The order is no longer waiting for manual activation; refresh to see its state",
    });
    expect((await close(operator, res.body.data.id, "Changed my mind")).body.code).toBe(26050);

    await advance(t, 45);
    const done = (await order(client, res.body.data.id)).body.data;
    expect(done.status).toBe("completed");
    expect(done.resourceIds).toHaveLength(1);
    const activatedEvent = done.events.find((e) => e.action === "activated");
    expect(activatedEvent).toMatchObject({ actor: "admin", detail: "Rack 12 reserved" });
    expect(done.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["awaitingActivation", "activated", "provisioning", "completed"]),
    );
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    expect(await auditRows(t, "order.activated", done.orderNo)).toHaveLength(1);
  });

  it("waits after the approval flow too, and closing it refunds in full and ends it terminated", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const couponId = await issueCoupon(orgId, "10");
    // 310 with a 10-yuan coupon: 300 from cash (1 000 → 700).
    const res = await apply(client, applyBody(approvedManual, { couponId }));
    expect(res.body.data).toMatchObject({ status: "approving", awaitingActivation: false });
    expect(await cashOf(t.database.db, orgId)).toBe(y("700"));
    // Not approved yet: there is nothing to activate.
    expect((await activate(operator, res.body.data.id)).body.code).toBe(26050);

    const approved = await operator.request<OrderDetail>(`/api/audit/approval/${res.body.data.id}`, {
      method: "POST",
      body: { decision: "approve" },
    });
    expect(approved.body.data).toMatchObject({
      status: "approved",
      approvalLevel: "audited",
      awaitingActivation: true,
    });
    await advance(t, 45);
    expect((await order(client, res.body.data.id)).body.data.status).toBe("approved");

    // A reason of 2 to 256 characters is needed.
    expect((await close(operator, res.body.data.id)).status).toBe(400);
    expect((await close(operator, res.body.data.id, "x")).status).toBe(400);
    const closed = await close(operator, res.body.data.id, "No dedicated rack left in the region");
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: "terminated",
      approvalLevel: "audited",
      awaitingActivation: false,
      refunded: "300.00000",
      resourceIds: [],
    });
    expect(closed.body.data.events.slice(-2).map((e) => [e.action, e.detail])).toEqual([
      ["closed", "No dedicated rack left in the region"],
      ["refunded", "300.00000"],
    ]);
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    const [back] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(back).toMatchObject({ status: "valid", usedOrderNo: null });
    expect(await auditRows(t, "order.closed", closed.body.data.orderNo)).toHaveLength(1);

    // Terminal: neither a second close (no second refund) nor an activation, and no tick revives it.
    expect((await close(operator, res.body.data.id, "Once more")).body.code).toBe(26050);
    expect((await activate(operator, res.body.data.id)).body.code).toBe(26050);
    await advance(t, 45);
    expect((await order(client, res.body.data.id)).body.data).toMatchObject({
      status: "terminated",
      refunded: "300.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    const filtered = await client.request<{ list: OrderRecord[] }>("/api/orders", {
      query: { status: "terminated" },
    });
    expect(filtered.body.data.list.map((o) => o.id)).toEqual([res.body.data.id]);
  });

  it("is resumed by the lifecycle step when the process died between activation and provisioning", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    // The activation committed; provisioning never started.
    await t.database.db
      .update(orders)
      .set({ activatedAt: t.clock.now() })
      .where(eq(orders.id, res.body.data.id));
    await advance(t, 1);
    await advance(t, 45);
    expect((await order(client, res.body.data.id)).body.data.status).toBe("completed");
  });

  it("is an operator's action only, and another order or an unknown one is refused", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    expect((await activate(client, res.body.data.id)).status).toBe(403);
    expect((await close(client, res.body.data.id, "Not mine to close")).status).toBe(403);
    expect((await activate(operator, "00000000-0000-4000-8000-00000000cafe")).status).toBe(404);
    await close(operator, res.body.data.id, "Cleaning up the test");
  });
});
