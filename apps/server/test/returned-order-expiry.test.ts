// A returned order (驳回 at level 1: applying, lev1_rejected) waits RETURNED_ORDER_DAYS (15) for its
// tenant, counted from its latest return. Then the lifecycle step withdraws it for them: terminated,
// the event `expired` with no actor, refunded in full with the coupon back, an audit entry
// (`order.expired`) and a mail — once, however often the step runs. The order's detail says the
// deadline (`returnDeadline`) while it waits. 0 days lets it wait forever. The ledger is verified
// after each app (harness).
import { type OrderDetail, type OrderEvent, returnExpiredDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coupons } from "../src/modules/finance/finance.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { loadConfig } from "../src/platform/config";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { cashOf, idem, ledgerFingerprint, y } from "./support/money";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  issueCoupon as issueOrderCoupon,
  mailsAbout,
  verifiedTenant,
} from "./support/orders";

const DAY = 86_400;
const DAY_MS = DAY * 1000;

let t: TestApp;
let operator: TestClient;
let product: string;

async function start(env: Record<string, string> = {}) {
  t = await startTestApp(env);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator, { approvalFlow: "oneLevel" });
}

const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const couponOf = async (id: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const lastReturn = (o: OrderDetail): OrderEvent => o.events.findLast((e) => e.action === "returned")!;

const mails = (purpose: string, orderNo: string) => mailsAbout(t, purpose, orderNo);

const issueCoupon = (orgId: string) => issueOrderCoupon(t, operator, orgId, {}, 90);

/** A tenant's order, returned to it with a coupon used: 310 − 10 = 300 paid from 1 000. */
async function returnedOrder() {
  const tenant = await verifiedTenant(t, operator);
  const couponId = await issueCoupon(tenant.orgId);
  const res = await apply(tenant.client, applyBody(product, { couponId }));
  expect(res.body.data).toMatchObject({ status: "approving", paidAmount: "300.00000", returnDeadline: null });
  const returned = await returnTo(res.body.data.id);
  return { ...tenant, couponId, id: res.body.data.id, orderNo: res.body.data.orderNo, returned };
}

async function returnTo(id: string): Promise<OrderDetail> {
  const res = await operator.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision: "return", reason: "Pick the 4 vCPU flavour, please" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Moves the clock (the lifecycle step runs) and signs everyone in again, as a day later they would. */
async function later(seconds: number, who: { client: TestClient; tenant: Parameters<typeof signedIn>[2] }) {
  await advance(t, seconds);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  who.client = await signedIn(t.app, t.clock, who.tenant);
}

const detailOf = async (client: TestClient, id: string) =>
  (await client.request<OrderDetail>(`/api/orders/${id}`)).body.data;

describe("RETURNED_ORDER_DAYS", () => {
  it("is 15 by default, 0 turns expiry off, and must be a non-negative integer", () => {
    expect(loadConfig({}).lifecycle.returnedOrderDays).toBe(15);
    expect(loadConfig({ RETURNED_ORDER_DAYS: "0" }).lifecycle.returnedOrderDays).toBe(0);
    expect(loadConfig({ RETURNED_ORDER_DAYS: "30" }).lifecycle.returnedOrderDays).toBe(30);
    expect(() => loadConfig({ RETURNED_ORDER_DAYS: "-1" })).toThrow(/non-negative integer/);
    expect(() => loadConfig({ RETURNED_ORDER_DAYS: "1.5" })).toThrow(/non-negative integer/);
  });
});

describe("a returned order left alone (15 days)", () => {
  beforeEach(() => start());
  afterEach(() => t.close());

  it("is withdrawn at its deadline, refunded in full with the coupon back, once", async () => {
    const r = await returnedOrder();
    const returnedAt = new Date(lastReturn(r.returned).at).getTime();
    // Business time is Shanghai's (no daylight saving): 15 calendar days are 15 × 24 hours.
    const deadline = new Date(returnedAt + 15 * DAY_MS).toISOString();
    expect(r.returned.returnDeadline).toBe(deadline);
    expect((await detailOf(r.client, r.id)).returnDeadline).toBe(deadline);
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("700"));

    // A minute before the deadline the step leaves it with the tenant, the money held.
    const before = await ledgerFingerprint(t.database.db);
    await later(15 * DAY - 60 - (t.clock.now().getTime() - returnedAt) / 1000, r);
    expect(await row(r.id)).toMatchObject({
      status: "applying",
      approvalLevel: "lev1_rejected",
      refunded: 0n,
    });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await couponOf(r.couponId)).status).toBe("used");
    expect(await mails("order.expired", r.orderNo)).toHaveLength(0);
    expect((await detailOf(r.client, r.id)).returnDeadline).toBe(deadline);

    // At the deadline: withdrawn by the system. Two steps at once (two instances) do it once.
    await t.app.services.idle();
    t.clock.advance(60_000);
    await Promise.all([t.app.services.tick(), t.app.services.tick()]);
    const o = await detailOf(r.client, r.id);
    expect(o).toMatchObject({ status: "terminated", refunded: "300.00000", returnDeadline: null });
    expect(o.events.slice(-2)).toMatchObject([
      { action: "expired", actor: null, level: null, detail: returnExpiredDetail(deadline) },
      { action: "refunded", detail: "300.00000" },
    ]);
    expect(o.events.filter((e) => e.action === "expired")).toHaveLength(1);
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("1000"));
    expect(await couponOf(r.couponId)).toMatchObject({ status: "valid", usedOrderNo: null });
    const audits = await auditRows(t, "order.expired", r.orderNo);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, orgId: r.orgId, detail: { deadline, days: 15 } });
    const mailed = await mails("order.expired", r.orderNo);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.recipient).toBe(r.tenant.email);
    expect(mailed[0]!.body).toContain("so it was withdrawn automatically");
    expect(mailed[0]!.body).toContain("已由系统自动撤回");

    // Another step changes nothing more; the tenant can no longer act on it.
    const fingerprint = await ledgerFingerprint(t.database.db);
    await later(DAY, r);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect((await detailOf(r.client, r.id)).events).toHaveLength(o.events.length);
    expect(await auditRows(t, "order.expired", r.orderNo)).toHaveLength(1);
    expect(await mails("order.expired", r.orderNo)).toHaveLength(1);
    const withdraw = await r.client.request(`/api/orders/${r.id}/withdraw`, {
      method: "POST",
      body: {},
      headers: idem(),
    });
    expect(withdraw.body.code).toBe(26070);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });

  it("is not withdrawn once resubmitted; returned again, its wait starts over", async () => {
    const r = await returnedOrder();
    await later(10 * DAY, r);
    const again = await r.client.request<OrderDetail>(`/api/orders/${r.id}/resubmit`, {
      method: "POST",
      body: {},
    });
    expect(again.body.data).toMatchObject({ status: "approving", returnDeadline: null });

    // Past the first deadline it is still with the approvers, the money held.
    await later(10 * DAY, r);
    expect(await row(r.id)).toMatchObject({ status: "approving", refunded: 0n });
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("700"));

    // Returned again 20 days after the first return: the deadline counts from this return.
    const second = await returnTo(r.id);
    const deadline = new Date(new Date(lastReturn(second).at).getTime() + 15 * DAY_MS).toISOString();
    expect(second.returnDeadline).toBe(deadline);
    await later(14 * DAY, r);
    expect((await row(r.id)).status).toBe("applying");
    await later(DAY, r);
    expect(await row(r.id)).toMatchObject({ status: "terminated", refunded: y("300") });
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("1000"));
    expect(await auditRows(t, "order.expired", r.orderNo)).toHaveLength(1);
  });

  it("races its tenant's withdrawal at the deadline: refunded once, by one of them", async () => {
    const r = await returnedOrder();
    await later(15 * DAY - 60, r);
    expect((await row(r.id)).status).toBe("applying");
    await t.app.services.idle();
    t.clock.advance(120_000);
    const [, withdrawn] = await Promise.all([
      t.app.services.tick(),
      r.client.request<OrderDetail>(`/api/orders/${r.id}/withdraw`, {
        method: "POST",
        body: {},
        headers: idem(),
      }),
    ]);
    const o = await detailOf(r.client, r.id);
    expect(o).toMatchObject({ status: "terminated", refunded: "300.00000" });
    const endings = o.events.filter((e) => e.action === "withdrawn" || e.action === "expired");
    expect(endings).toHaveLength(1);
    expect(o.events.filter((e) => e.action === "refunded")).toHaveLength(1);
    if (endings[0]!.action === "withdrawn") expect(withdrawn.status).toBe(200);
    else expect(withdrawn.body.code).toBe(26070);
    expect(await auditRows(t, "order.expired", r.orderNo)).toHaveLength(
      endings[0]!.action === "expired" ? 1 : 0,
    );
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("1000"));
  });
});

describe("with RETURNED_ORDER_DAYS=0", () => {
  beforeEach(() => start({ RETURNED_ORDER_DAYS: "0" }));
  afterEach(() => t.close());

  it("a returned order has no deadline and waits for its tenant forever", async () => {
    const r = await returnedOrder();
    expect(r.returned.returnDeadline).toBeNull();
    await later(60 * DAY, r);
    expect(await row(r.id)).toMatchObject({
      status: "applying",
      approvalLevel: "lev1_rejected",
      refunded: 0n,
    });
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("700"));
    expect((await detailOf(r.client, r.id)).returnDeadline).toBeNull();
    expect(await auditRows(t, "order.expired", r.orderNo)).toHaveLength(0);
  });
});
