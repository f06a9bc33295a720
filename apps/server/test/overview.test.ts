// The console overview (issue 5 §8, GET /api/overview): resources by kind and status, recent
// orders and the approval queue, spend by product per day and month and the balance forecast,
// prepaid resources ending within 30 days — each limited to the caller's data scope (or one of its
// projects), and nothing of another tenant.
// The clock starts at 2026-11-22 10:00 in Asia/Shanghai; the worked figures are in the comments.
import { formatYuan, parseYuan } from "@skyledger/billing";
import type { OrderDetail, Overview } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { meter } from "../src/modules/subscriptions/lifecycle/metering";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { createGroup, createSubUser, type SubUser, stepUp } from "./support/iam";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  unsubscribe,
  unsubscribeInquiry,
  verifiedTenant,
} from "./support/orders";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let operator: TestClient;
let plain: string;
let gated: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  plain = await hostProduct(operator);
  gated = await hostProduct(operator, { approvalFlow: "oneLevel" });
});
afterAll(() => t.close());

const overviewOf = async (client: TestClient, locale: "zh-CN" | "en-US" = "en-US") => {
  const res = await client.request<Overview>("/api/overview", { locale });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

async function project(client: TestClient): Promise<string> {
  const res = await client.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: `proj-${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.projectId;
}

async function order(client: TestClient, body: Record<string, unknown>): Promise<OrderDetail> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Orders a second apart, so "newest first" has one answer.
  t.clock.advance(1000);
  return res.body.data;
}

const resourceIdsOf = async (client: TestClient, id: string) =>
  (await client.request<OrderDetail>(`/api/orders/${id}`)).body.data.resourceIds;

/** Charges a postpaid resource's whole hours up to now, as metering does. */
async function meterNow(id: string): Promise<void> {
  const now = t.clock.now();
  await t.database.db.transaction(async (tx) => {
    const [r] = await tx.select().from(resources).where(eq(resources.id, id)).for("update");
    await meter(tx, r!, now, { roundUp: false, now, timeZone: t.config.businessTimeZone });
  });
}

describe("a tenant's overview", () => {
  const o = {} as {
    owner: { account: string; password: string };
    member: SubUser;
    ownerClient: TestClient;
    memberClient: TestClient;
    postpaidA: OrderDetail;
    postpaidB: OrderDetail;
    prepaidA: OrderDetail;
    waitingB: OrderDetail;
    hostA: string;
    hostB: string;
    prepaidHosts: string[];
  };

  beforeAll(async () => {
    const { tenant, client } = await verifiedTenant(t, operator, "5000");
    o.owner = tenant;
    o.ownerClient = client;
    await stepUp(t, client, tenant.mobile);
    const [a, b] = [await project(client), await project(client)];
    const set = await client.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Overview${unique()}`, description: "", codes: ["CA"], shared: true },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    o.member = await createSubUser(client, [await createGroup(client, [set.body.data.id])]);
    const joined = await client.request(`/api/res/projects/${a}/members`, {
      method: "POST",
      body: { userSids: [o.member.userSid] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    o.postpaidA = await order(client, applyBody(plain, { paymentType: "postpaid", projectId: a }));
    o.postpaidB = await order(
      client,
      applyBody(plain, {
        paymentType: "postpaid",
        projectId: b,
        spec: { flavorId: "c4m8", imageId: "ubuntu-22.04" },
      }),
    );
    o.prepaidA = await order(client, applyBody(plain, { quantity: 2, periodMonths: 3, projectId: a }));
    o.waitingB = await order(client, applyBody(gated, { projectId: b }));
    await advance(t, 45);
    o.hostA = (await resourceIdsOf(client, o.postpaidA.id))[0]!;
    o.hostB = (await resourceIdsOf(client, o.postpaidB.id))[0]!;
    o.prepaidHosts = await resourceIdsOf(client, o.prepaidA.id);
    // One of project A's prepaid hosts stopped: a second status in the counts.
    const stopped = await client.request(`/api/res/hosts/${o.prepaidHosts[0]}/action`, {
      method: "POST",
      body: { action: "stop" },
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await advance(t, 11);
    o.memberClient = await signedIn(t.app, t.clock, o.member);
  });

  it("counts the tenant's resources by kind and status and lists its newest orders and the approval queue", async () => {
    const view = await overviewOf(o.ownerClient);
    expect(view.scope).toBe("tenant");
    // Two postpaid hosts and two prepaid ones, one of them stopped; the gated order has none yet.
    expect(view.resources).toEqual([
      { kind: "host", status: "running", count: 3 },
      { kind: "host", status: "stopped", count: 1 },
    ]);
    expect(view.recentOrders.map((r) => r.orderNo)).toEqual(
      [o.waitingB, o.prepaidA, o.postpaidB, o.postpaidA].map((r) => r.orderNo),
    );
    expect(view.recentOrders[0]).toEqual({
      id: o.waitingB.id,
      orderNo: o.waitingB.orderNo,
      type: "order",
      productName: "Test host",
      status: "approving",
      // Under review from its submission (orders.service.ts).
      approvalLevel: "audit_executing",
      awaitingActivation: false,
      amount: "310.00000",
      createdAt: o.waitingB.createdAt,
    });
    expect(view.recentOrders[1]).toMatchObject({ status: "completed", amount: o.prepaidA.amount });
    expect(view.awaitingApproval).toMatchObject({ total: 1, activation: 0 });
    expect(view.awaitingApproval.list.map((r) => r.id)).toEqual([o.waitingB.id]);
    // Product names follow the caller's language.
    const zh = await overviewOf(o.ownerClient, "zh-CN");
    expect(zh.recentOrders[0]!.productName).toBe("测试云主机");
    // A 3-month term ends in February: nothing within 30 days yet.
    expect(view.expiring).toEqual({ total: 0, list: [] });
  });

  it("shows a project member only the resources and orders of their projects", async () => {
    const view = await overviewOf(o.memberClient);
    expect(view.scope).toBe("project");
    expect(view.resources).toEqual([
      { kind: "host", status: "running", count: 2 },
      { kind: "host", status: "stopped", count: 1 },
    ]);
    expect(view.recentOrders.map((r) => r.orderNo)).toEqual([o.prepaidA.orderNo, o.postpaidA.orderNo]);
    // The order waiting for approval belongs to project B.
    expect(view.awaitingApproval).toEqual({ total: 0, activation: 0, list: [] });
  });

  it("sums spend per product and day and month, for the projects the caller sees, and forecasts the balance", async () => {
    // Metered at 20:00 local on the 22nd (10 hours) and at 01:00 local on the 23rd (5 more).
    // Host A, 310 a month: 310 × 10 / 720 = 4.30556 and 310 × 5 / 720 = 2.15278.
    // Host B, 620 a month: 620 × 10 / 720 = 8.61111 and 620 × 5 / 720 = 4.30556.
    t.clock.advance(10 * HOUR);
    await meterNow(o.hostA);
    await meterNow(o.hostB);
    t.clock.advance(5 * HOUR);
    await meterNow(o.hostA);
    await meterNow(o.hostB);
    o.ownerClient = await signedIn(t.app, t.clock, o.owner);
    o.memberClient = await signedIn(t.app, t.clock, o.member);

    const owner = await overviewOf(o.ownerClient);
    const spend = owner.spend;
    expect(spend.month).toBe("2026-11");
    expect(spend.timeZone).toBe("Asia/Shanghai");
    // The plain product: the 3-month term of 2 hosts (1,860) and both postpaid hosts' hours; the
    // gated product: the 310 paid when its order was submitted. Most spent first.
    expect(spend.products).toEqual([
      { code: expect.stringMatching(/^host-/), name: "Test host" },
      { code: expect.stringMatching(/^host-/), name: "Test host" },
    ]);
    expect(spend.days).toHaveLength(30);
    expect(spend.days[0]!.period).toBe("2026-10-25");
    expect(spend.days.slice(-3)).toEqual([
      { period: "2026-11-21", total: "0.00000", amounts: ["0.00000", "0.00000"] },
      // 1,860 + 4.30556 + 8.61111 = 1,872.91667.
      { period: "2026-11-22", total: "2182.91667", amounts: ["1872.91667", "310.00000"] },
      // 2.15278 + 4.30556.
      { period: "2026-11-23", total: "6.45834", amounts: ["6.45834", "0.00000"] },
    ]);
    expect(spend.months.map((m) => m.period)).toEqual([
      "2025-12",
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`),
    ]);
    expect(spend.months.at(-1)).toEqual({
      period: "2026-11",
      total: "2189.37501",
      amounts: ["1879.37501", "310.00000"],
    });
    expect(spend.monthToDate).toBe("2189.37501");
    // 5,000 topped up less 2,189.37501 spent; 2,810.62499 × 7 / 2,189.37501 = 8.99 days: 8.
    expect(owner.forecast).toEqual({
      balance: "2810.62499",
      spendLast7Days: "2189.37501",
      dailyBurn: "312.76785",
      daysLeft: 8,
    });
    expect((await overviewOf(o.ownerClient, "zh-CN")).spend.products[0]!.name).toBe("测试云主机");

    // The member is in project A only: host B's and the gated order's money is not theirs to see.
    const member = await overviewOf(o.memberClient);
    expect(member.spend.products).toHaveLength(1);
    expect(member.spend.days.slice(-2)).toEqual([
      { period: "2026-11-22", total: "1864.30556", amounts: ["1864.30556"] },
      { period: "2026-11-23", total: "2.15278", amounts: ["2.15278"] },
    ]);
    expect(member.spend.monthToDate).toBe("1866.45834");
    // The same balance at project A's burn: 2,810.62499 × 7 / 1,866.45834 = 10.5 days.
    expect(member.forecast).toMatchObject({ spendLast7Days: "1866.45834", daysLeft: 10 });

    // Seven days on, the week's window has passed the purchases: no recent spend, no forecast.
    t.clock.advance(7 * DAY);
    o.ownerClient = await signedIn(t.app, t.clock, o.owner);
    o.memberClient = await signedIn(t.app, t.clock, o.member);
    const later = await overviewOf(o.ownerClient);
    expect(later.forecast).toEqual({
      balance: "2810.62499",
      spendLast7Days: "0.00000",
      dailyBurn: "0.00000",
      daysLeft: null,
    });
    expect(later.spend.monthToDate).toBe("2189.37501");
  });

  it("narrows every card to one project the caller sees, and refuses any other", async () => {
    const [a, b] = (await overviewOf(o.ownerClient)).projects;
    expect((await overviewOf(o.memberClient)).projects).toHaveLength(1);
    const memberProject = (await overviewOf(o.memberClient)).projects[0]!.id;
    const other = [a!.id, b!.id].find((id) => id !== memberProject)!;

    const narrowed = await o.ownerClient.request<Overview>("/api/overview", { query: { projectId: other } });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    const view = narrowed.body.data;
    // Project B: host B (620 a month) and the gated order waiting for approval.
    expect(view.projectId).toBe(other);
    expect(view.scope).toBe("tenant");
    expect(view.resources).toEqual([{ kind: "host", status: "running", count: 1 }]);
    expect(view.recentOrders.map((r) => r.orderNo)).toEqual([o.waitingB.orderNo, o.postpaidB.orderNo]);
    expect(view.awaitingApproval.total).toBe(1);
    // 310 for the gated order and 8.61111 + 4.30556 of host B's hours.
    expect(view.spend.monthToDate).toBe("322.91667");

    const own = await o.memberClient.request<Overview>("/api/overview", {
      query: { projectId: memberProject },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.spend.monthToDate).toBe("1866.45834");
    // Not the member's project; not a project of the organisation at all.
    for (const [client, projectId] of [
      [o.memberClient, other],
      [o.ownerClient, "no-such-project"],
    ] as const) {
      const res = await client.request("/api/overview", { query: { projectId } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(34100);
    }
  });

  it("shows another tenant nothing of the first, and refuses platform accounts", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await client.request<Overview>("/api/overview");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      scope: "tenant",
      resources: [],
      expiring: { total: 0, list: [] },
      recentOrders: [],
      awaitingApproval: { total: 0, list: [] },
      spend: { monthToDate: "0.00000", products: [] },
      forecast: { spendLast7Days: "0.00000", daysLeft: null },
      projects: [],
    });
    const text = JSON.stringify(res.body);
    for (const marker of [o.postpaidA.orderNo, o.waitingB.orderNo, o.hostA, ...o.prepaidHosts])
      expect(text.includes(marker)).toBe(false);
    // Nor may it narrow its overview to the first tenant's project.
    const foreign = (await overviewOf(o.ownerClient)).projects[0]!.id;
    const narrowed = await client.request("/api/overview", { query: { projectId: foreign } });
    expect(narrowed.status).toBe(400);
    expect(narrowed.body.code).toBe(34100);
    const ops = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await ops.request("/api/overview")).status).toBe(403);
  });

  it("lists prepaid resources whose term ends within 30 days, soonest first, once the clock gets there", async () => {
    const [first] = await t.database.db
      .select({ expiresAt: resources.expiresAt })
      .from(resources)
      .where(eq(resources.id, o.prepaidHosts[0]!));
    const expiresAt = first!.expiresAt!;
    // A day short of 30 days before the end: not yet; an hour inside: both prepaid hosts.
    t.clock.advance(expiresAt.getTime() - 31 * DAY - t.clock.now().getTime());
    o.ownerClient = await signedIn(t.app, t.clock, o.owner);
    expect((await overviewOf(o.ownerClient)).expiring.total).toBe(0);
    t.clock.advance(DAY + HOUR);
    o.ownerClient = await signedIn(t.app, t.clock, o.owner);
    o.memberClient = await signedIn(t.app, t.clock, o.member);
    const view = await overviewOf(o.ownerClient);
    expect(view.expiring.total).toBe(2);
    expect(view.expiring.list.map((r) => r.id).sort()).toEqual([...o.prepaidHosts].sort());
    expect(view.expiring.list[0]).toMatchObject({
      kind: "host",
      expiresAt: expiresAt.toISOString(),
      autoRenew: false,
    });
    // Postpaid hosts never expire; project A's member sees the same two.
    expect(view.expiring.list.some((r) => r.id === o.hostA || r.id === o.hostB)).toBe(false);
    expect((await overviewOf(o.memberClient)).expiring.total).toBe(2);
    // A new business month: no spend yet this month, November's still in the 12 months.
    expect(view.spend.month).not.toBe("2026-11");
    expect(view.spend.monthToDate).toBe("0.00000");
    expect(view.spend.months.find((m) => m.period === "2026-11")?.total).toBe("2189.37501");
  });
});

describe("orders awaiting manual activation", () => {
  it("are counted and listed with those awaiting approval, flagged, until an operator activates them", async () => {
    // The clock has moved on for months: fresh sessions.
    const ops = await signedIn(t.app, t.clock, DEMO.admin);
    const manual = await hostProduct(ops, { manualActivation: true });
    const { client } = await verifiedTenant(t, ops, "2000");
    const approving = await order(client, applyBody(gated));
    const activation = await order(client, applyBody(manual));
    // However long it waits, an order of a manually activated product is not provisioned.
    await advance(t, 60);
    const view = await overviewOf(client);
    expect(view.awaitingApproval.total).toBe(2);
    expect(view.awaitingApproval.activation).toBe(1);
    expect(
      view.awaitingApproval.list.map((r) => ({ id: r.id, status: r.status, waits: r.awaitingActivation })),
    ).toEqual([
      { id: activation.id, status: "approved", waits: true },
      { id: approving.id, status: "approving", waits: false },
    ]);
    expect(view.recentOrders.find((r) => r.id === activation.id)?.awaitingActivation).toBe(true);

    const activated = await ops.request(`/api/audit/approval/${activation.id}/activate`, {
      method: "POST",
      body: {},
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const after = await overviewOf(client);
    expect(after.awaitingApproval).toMatchObject({ total: 1, activation: 0 });
    expect(after.awaitingApproval.list.map((r) => r.id)).toEqual([approving.id]);
  });
});

describe("refunds in the spend", () => {
  it("take the refunded money off the spend of the day they are made, and out of the forecast's week", async () => {
    const ops = await signedIn(t.app, t.clock, DEMO.admin);
    const { tenant, client } = await verifiedTenant(t, ops, "2000");
    await stepUp(t, client, tenant.mobile);
    const bought = await order(client, applyBody(plain, { periodMonths: 1 }));
    await advance(t, 45);
    const [host] = await resourceIdsOf(client, bought.id);
    const quote = await unsubscribeInquiry(client, host!);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const refund = parseYuan(quote.body.data.refund);
    expect(refund).toBeGreaterThan(0n);
    const paid = parseYuan(bought.amount);
    expect(parseYuan((await overviewOf(client)).spend.monthToDate)).toBe(paid);

    const res = await unsubscribe(client, host!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    const view = await overviewOf(client);
    // The charge and the refund fall on the same day: the day shows what was kept.
    expect(view.spend.monthToDate).toBe(formatYuan(paid - refund));
    expect(view.spend.days.at(-1)!.total).toBe(formatYuan(paid - refund));
    expect(view.forecast.spendLast7Days).toBe(formatYuan(paid - refund));
    // 2,000 topped up, less what was kept.
    expect(view.forecast.balance).toBe(formatYuan(parseYuan("2000") - paid + refund));
  });
});
