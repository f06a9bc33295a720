// Ordering a cloud host (issue 5 §3–§4): checks at submission, payment by the deduction order,
// approval flows, provisioning through the simulator with compensation on failure, recovery of
// an order a crash left behind, host actions, monitoring and unsubscribe with the rule's refund.
// Worked figures are in the comments; the ledger is verified after the file (harness).
import type { OrderDetail, ResourceDetail, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../src/modules/finance/finance.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator, cashOf, idem, ledgerFingerprint, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let plain: string;
let oneLevel: string;
let twoLevels: string;

const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const host = (client: TestClient, id: string) => client.request<ResourceDetail>(`/api/res/hosts/${id}`);
const decide = (client: TestClient, id: string, decision: "approve" | "reject", reason?: string) =>
  client.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision, ...(reason ? { reason } : {}) },
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  plain = await hostProduct(operator);
  oneLevel = await hostProduct(operator, { approvalFlow: "oneLevel" });
  twoLevels = await hostProduct(operator, { approvalFlow: "twoLevels" });
});
afterAll(() => t.close());

describe("submitting an order", () => {
  it("refuses an unverified tenant with the spec's message and moves no money", async () => {
    const tenant = await registerTenant(t, operator);
    const client = await signedIn(t.app, t.clock, tenant);
    const before = await ledgerFingerprint(t.database.db);
    const res = await client.request("/api/service/apply", {
      method: "POST",
      body: applyBody(plain),
      headers: idem(),
      locale: "zh-CN",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("账号未实名认证，无法进行该操作");
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it("refuses a name breaking the resource-name rule and a quantity of zero", async () => {
    const { client } = await verifiedTenant(t, operator);
    const bad = await apply(client, applyBody(plain, { name: "ends-with-hyphen-" }));
    expect(bad.status).toBe(400);
    const zero = await apply(client, applyBody(plain, { quantity: 0 }));
    expect(zero.status).toBe(400);
  });

  it("refuses an order the money cannot cover, changing nothing", async () => {
    const { client, orgId } = await verifiedTenant(t, operator, "100");
    const res = await apply(client, applyBody(plain));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Insufficient balance");
    expect(await cashOf(t.database.db, orgId)).toBe(y("100"));
    expect(await t.database.db.select().from(orders).where(eq(orders.orgId, orgId))).toHaveLength(0);
  });

  it("charges a prepaid month at once, provisions the host and writes its first term", async () => {
    // 310 yuan a month, 1 month: 310.00000 from 1 000 cash → 690.
    const { client, orgId } = await verifiedTenant(t, operator);
    const key = `apply-${orgId}`;
    const res = await apply(client, applyBody(plain, { name: "web-one" }), key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ type: "order", amount: "310.00000", paidAmount: "310.00000" });
    expect(["approved", "provisioning"]).toContain(res.body.data.status);
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));

    // The same key again: the same order, no second charge.
    const again = await apply(client, applyBody(plain, { name: "web-one" }), key);
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));

    await advance(t, 5);
    let detail = (await order(client, res.body.data.id)).body.data;
    expect(detail.status).toBe("provisioning");
    expect(detail.resourceIds).toHaveLength(1);
    // The order page names what it made.
    expect(detail.resources).toEqual([{ id: detail.resourceIds[0], name: "web-one", kind: "host" }]);
    expect((await host(client, detail.resourceIds[0]!)).body.data.status).toBe("creating");

    await advance(t, 40);
    detail = (await order(client, res.body.data.id)).body.data;
    expect(detail.status).toBe("completed");
    expect(detail.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["submitted", "paid", "approved", "provisioning", "completed"]),
    );
    const h = (await host(client, detail.resourceIds[0]!)).body.data;
    expect(h).toMatchObject({
      name: "web-one",
      status: "running",
      statusName: "Running",
      manageStatus: "connected",
      paymentType: "prepaid",
      monthlyPrice: "310.00000",
    });
    // Ready at 10:00:45 Shanghai time on 22 November; a month later it expires.
    expect(h.expiresAt).toBe("2026-12-22T02:00:45.000Z");
    const terms = await t.database.db.select().from(resourceTerms).where(eq(resourceTerms.resourceId, h.id));
    expect(terms.map((x) => [x.kind, x.amount])).toEqual([["purchase", y("310")]]);
    const bill = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, orgId), eq(bills.type, "charge")));
    expect(bill.map((b) => [b.orderNo, b.actualAmount, b.cashAmount])).toEqual([
      [detail.orderNo, y("310"), y("310")],
    ]);
  });

  it("refuses another tenant's order and host as if they did not exist", async () => {
    const a = await verifiedTenant(t, operator);
    const b = await verifiedTenant(t, operator);
    const res = await apply(a.client, applyBody(plain));
    await advance(t, 45);
    const id = (await order(a.client, res.body.data.id)).body.data.resourceIds[0]!;
    expect((await order(b.client, res.body.data.id)).status).toBe(404);
    expect((await host(b.client, id)).status).toBe(404);
    expect(
      (await b.client.request(`/api/res/hosts/${id}/action`, { method: "POST", body: { action: "stop" } }))
        .status,
    ).toBe(404);
    const list = await b.client.request<{ total: number }>("/api/orders");
    expect(list.body.data.total).toBe(0);
  });
});

describe("approvals", () => {
  it("one level: waits, the operator approves, the host is provisioned", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    expect(res.body.data.status).toBe("approving");
    const queue = await operator.request<{ list: { id: string }[] }>("/api/audit/approval", {
      query: { view: "pending" },
    });
    expect(queue.body.data.list.map((o) => o.id)).toContain(res.body.data.id);
    const approved = await decide(operator, res.body.data.id, "approve");
    expect(approved.body.data).toMatchObject({ status: "approved", approvalLevel: "audited" });
    await advance(t, 45);
    expect((await order(client, res.body.data.id)).body.data.status).toBe("completed");
    // Deciding again: the order is no longer pending.
    expect((await decide(operator, res.body.data.id, "approve")).body.message).toBe(
      "The order is no longer waiting for approval; refresh to see its state",
    );
  });

  it("a rejection needs a reason, refunds in full and gives the coupon back", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const now = t.clock.now().getTime();
    const issued = await operator.request<{ id: string }[]>("/api/ops/coupons", {
      method: "POST",
      body: {
        name: "Ten off",
        benefitKind: "value",
        value: "10",
        count: 1,
        orgId,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 30 * 86_400_000).toISOString(),
      },
    });
    const couponId = issued.body.data[0]!.id;
    // 310 with a 10-yuan coupon: 300 from cash (1 000 → 700).
    const res = await apply(client, applyBody(oneLevel, { couponId }));
    expect(res.body.data).toMatchObject({
      amount: "310.00000",
      couponDeduction: "10.00000",
      paidAmount: "300.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("700"));
    const [used] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(used!.status).toBe("used");

    expect((await decide(operator, res.body.data.id, "reject")).status).toBe(400);
    const rejected = await decide(operator, res.body.data.id, "reject", "Quota of the region is exhausted");
    expect(rejected.body.data).toMatchObject({
      status: "rejected",
      approvalLevel: "lev1_refused",
      refunded: "300.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    const [back] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(back).toMatchObject({ status: "valid", usedOrderNo: null });
  });

  it("refuses a chosen coupon that does not apply instead of ordering without it", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const now = t.clock.now().getTime();
    // Spend at least 1 000 to use it: a 310 host is below the threshold.
    const issued = await operator.request<{ id: string }[]>("/api/ops/coupons", {
      method: "POST",
      body: {
        name: "Big spender",
        benefitKind: "value",
        value: "50",
        threshold: "1000",
        count: 1,
        orgId,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 30 * 86_400_000).toISOString(),
      },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const couponId = issued.body.data[0]!.id;
    const res = await apply(client, applyBody(oneLevel, { couponId }));
    expect(res.body.code).toBe(26061);
    expect(res.body.message).toMatch(/^The coupon does not apply to this order or renewal/);
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    const [kept] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(kept!.status).toBe("valid");
    const list = await client.request<{ total: number }>("/api/orders");
    expect(list.body.data.total).toBe(0);
  });

  it("two levels: a second administrator must give the final approval", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    const first = await decide(operator, res.body.data.id, "approve");
    expect(first.body.data).toMatchObject({ status: "approving", approvalLevel: "lev1_passed" });
    const same = await decide(operator, res.body.data.id, "approve");
    expect(same.body.message).toBe("The second approval level must be given by another administrator");
    const second = await addOperator(t);
    const other = await signedIn(t.app, t.clock, second);
    const final = await decide(other, res.body.data.id, "approve");
    expect(final.body.data).toMatchObject({ status: "approved", approvalLevel: "audited" });
    await advance(t, 45);
    const done = (await order(client, res.body.data.id)).body.data;
    expect(done.status).toBe("completed");
    expect(done.events.filter((e) => e.action === "approved").map((e) => e.level)).toEqual([
      "lev1_passed",
      "audited",
    ]);
  });

  it("a tenant cannot reach the approval queue", async () => {
    const { client } = await verifiedTenant(t, operator);
    expect((await client.request("/api/audit/approval")).status).toBe(403);
  });
});

describe("provisioning failures and recovery", () => {
  it("a failed creation refunds in full, keeps the error log and releases nothing twice", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const armed = await operator.request("/api/ops/simulator/faults", {
      method: "POST",
      body: { operation: "create", count: 1, message: "no valid host was found: not enough GPU" },
    });
    expect(armed.status).toBe(200);
    const res = await apply(client, applyBody(plain));
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    await advance(t, 45);
    const failed = (await order(client, res.body.data.id)).body.data;
    expect(failed).toMatchObject({ status: "failed", refunded: "310.00000" });
    expect(failed.errorLog).toContain("not enough GPU");
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    const h = (await host(client, failed.resourceIds[0]!)).body.data;
    expect(h).toMatchObject({ status: "create_failure", hasErrorLog: true });
    expect(h.errorLog).toContain("not enough GPU");
    // Running the step again changes nothing.
    const fingerprint = await ledgerFingerprint(t.database.db);
    await advance(t, 60);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });

  it("an order a crash left approved is provisioned on the next step, charged once", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    // The approval committed but the process died before provisioning started.
    await t.database.db
      .update(orders)
      .set({ status: "approved", approvalLevel: "audited" })
      .where(eq(orders.id, res.body.data.id));
    await advance(t, 1);
    await advance(t, 45);
    expect((await order(client, res.body.data.id)).body.data.status).toBe("completed");
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    expect(
      await t.database.db.select().from(resources).where(eq(resources.orderId, res.body.data.id)),
    ).toHaveLength(1);
  });
});

describe("running and unsubscribing a host", () => {
  let client: TestClient;
  let orgId: string;
  let hostId: string;
  let tenant: Awaited<ReturnType<typeof verifiedTenant>>["tenant"];

  beforeAll(async () => {
    ({ client, orgId, tenant } = await verifiedTenant(t, operator));
    const res = await apply(client, applyBody(plain, { name: "db-main" }));
    await advance(t, 45);
    hostId = (await order(client, res.body.data.id)).body.data.resourceIds[0]!;
  });

  it("stops and starts where the state allows, refusing what it does not", async () => {
    const refused = await client.request(`/api/res/hosts/${hostId}/action`, {
      method: "POST",
      body: { action: "start" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The resource cannot do this while it is Running");
    const stopping = await client.request<ResourceDetail>(`/api/res/hosts/${hostId}/action`, {
      method: "POST",
      body: { action: "stop" },
    });
    expect(stopping.body.data).toMatchObject({ status: "stopping", taskStatus: "stop" });
    await advance(t, 11);
    expect((await host(client, hostId)).body.data).toMatchObject({ status: "stopped", taskStatus: null });
    await client.request(`/api/res/hosts/${hostId}/action`, { method: "POST", body: { action: "start" } });
    await advance(t, 11);
    expect((await host(client, hostId)).body.data.status).toBe("running");
  });

  it("reports monitoring series for the chosen range, from the host's creation on, said to be simulated", async () => {
    const res = await client.request<{ source: string; points: { at: string; cpuPercent: number }[] }>(
      `/api/res/hosts/${hostId}/metrics`,
      { query: { range: "1h" } },
    );
    expect(res.status).toBe(200);
    // No metrics source is configured: the figures are the simulator's, and the answer says so.
    expect(res.body.data.source).toBe("simulated");
    // The host is about a minute old: the hour's 61 points start where it does, not before.
    const points = res.body.data.points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThan(61);
    const created = (await host(client, hostId)).body.data.createdAt;
    expect(Date.parse(points[0]!.at)).toBeGreaterThanOrEqual(Date.parse(created));
    expect(points.at(-1)!.cpuPercent).toBeGreaterThan(0);
  });

  it("unsubscribes after ten days with paid minus used refunded to cash", async () => {
    // The term runs 30 days from 22 November. 9.5 days later 10 days count as used (a part day
    // is a day): used = 310 × 10 ÷ 30 = 103.33333, refund = 310 − 103.33333 = 206.66667.
    t.clock.advance(9.5 * 86_400_000);
    client = await signedIn(t.app, t.clock, tenant);
    const quote = await client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${hostId}/inquiry`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({
      refundReading: "paidMinusUsed",
      paid: "310.00000",
      used: "103.33333",
      refund: "206.66667",
      overdue: "0.00000",
      blockedBy: null,
    });
    const cash = await cashOf(t.database.db, orgId);
    const done = await client.request<OrderDetail>(`/api/service/unsubscribe/${hostId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ type: "unsubscribe", status: "completed", refunded: "206.66667" });
    expect(await cashOf(t.database.db, orgId)).toBe(cash + y("206.66667"));
    expect((await host(client, hostId)).status).toBe(404);
    const list = await client.request<{ list: { id: string }[] }>("/api/res/hosts");
    expect(list.body.data.list.map((h) => h.id)).not.toContain(hostId);
  });
});
