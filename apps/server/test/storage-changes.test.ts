// Disk expansion and elastic IP bandwidth changes (issue 5 "Disks" and "Elastic IPs", spec §5/§9):
// the configuration change machinery of hosts applied to a disk's size and an IP's bandwidth. The
// worked examples of docs/billing/rules.md §11 are asserted to the 0.00001 yuan, each refusal has
// its own code and changes nothing, and the once-a-day and weekly limits are shown by moving the
// injected clock (never by waiting). Each test starts on 22 November 2026 at 10:00 Shanghai time.
import type { OrderDetail, ResizeQuote, ResourceDetail } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEFAULT_TIME_ZONE, localMinute } from "../src/platform/time-zone";
import { simInstances } from "../src/providers/simulator/simulator.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { createGroup, createSubUser, stepUp } from "./support/iam";
import { cashOf, idem, idemKey, ledgerFingerprint, y } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

const HOUR = 3600;
const DAY = 24 * HOUR;
let t: TestApp;
let operator: TestClient;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterEach(() => t.close());

/** Buys one resource and returns its id once the provider has made it. */
async function buy(tenant: Tenant, body: Record<string, unknown>, seconds: number): Promise<string> {
  const res = await apply(tenant.client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, seconds);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

const buyDisk = (tenant: Tenant, overrides: Record<string, unknown> = {}) =>
  buy(
    tenant,
    applyBody("evs-disk", {
      spec: { diskType: "ssd", sizeGb: 100 },
      name: `disk-${unique().slice(-6)}`,
      ...overrides,
    }),
    15,
  );
const buyIp = (tenant: Tenant) =>
  buy(tenant, applyBody("eip", { spec: { bandwidthMbps: 1 }, name: `eip-${unique().slice(-6)}` }), 10);

/** Moves the clock (the lifecycle step runs) and signs the tenant in again. */
async function later(tenant: Tenant, seconds: number): Promise<void> {
  await advance(t, seconds);
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
}

const quote = (client: TestClient, resourceId: string, spec: Record<string, unknown>) =>
  client.request<ResizeQuote>("/api/billing/inquiry/modify", { method: "POST", body: { resourceId, spec } });
const change = (client: TestClient, resourceId: string, spec: Record<string, unknown>, key = idemKey()) =>
  client.request<OrderDetail>("/api/service/resize_resource", {
    method: "POST",
    body: { resourceId, spec },
    headers: idem(key),
  });

const row = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;
const changeOrders = (id: string) =>
  t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.resourceId, id), eq(orders.type, "change")));
/** Shanghai wall-clock time to the minute, as the limit messages show it. */
const local = (at: Date) => localMinute(at, DEFAULT_TIME_ZONE);

describe("disk expansion", () => {
  it("charges the worked example's difference, from the voucher first, and grows the disk", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyDisk(tenant);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("900"));
    // A 30-yuan deduction voucher arrives after the purchase: the difference is taken from it first.
    const now = t.clock.now().getTime();
    const voucher = await operator.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: {
        kind: "deduction",
        faceValue: "30",
        count: 1,
        orgId: tenant.orgId,
        validFrom: new Date(now - HOUR * 1000).toISOString(),
        validUntil: new Date(now + 90 * DAY * 1000).toISOString(),
      },
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    // 22 Nov 10:00:15 → 22 Dec 10:00:15 (30 days); 10.25 days later 19.75 days remain → 20.
    t.clock.advance(10.25 * DAY * 1000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const priced = await quote(tenant.client, id, { sizeGb: 160 });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data).toMatchObject({
      kind: "disk",
      oldMonthlyPrice: "100.00000",
      newMonthlyPrice: "160.00000",
      remainingDays: 20,
      newRemaining: "106.66667",
      oldRemaining: "66.66667",
      difference: "40.00000",
      sufficient: true,
      shortfall: "0.00000",
    });
    // 66.66667 goes back to cash, then 106.66667 is charged: voucher 30, cash 76.66667.
    expect(priced.body.data.settlement.map((a) => [a.source, a.amount])).toEqual([
      ["deduction_voucher", "30.00000"],
      ["cash", "10.00000"],
    ]);

    const key = idemKey();
    const done = await change(tenant.client, id, { sizeGb: 160 }, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      type: "change",
      status: "provisioning",
      amount: "106.66667",
      refunded: "66.66667",
    });
    expect(done.body.data.events[0]?.detail).toBe("100 GB → 160 GB");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("890"));
    const [refundBill, chargeBill] = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, tenant.orgId), eq(bills.orderNo, done.body.data.orderNo)))
      .orderBy(bills.billNo);
    expect([refundBill?.type, refundBill?.originalAmount]).toEqual(["refund", -y("66.66667")]);
    expect([chargeBill?.type, chargeBill?.originalAmount]).toEqual(["charge", y("106.66667")]);

    // The provider resizes it: modifying (attach and detach wait), then available at 160 GB.
    const during = await tenant.client.request<ResourceDetail>(`/api/res/volumes/${id}`);
    expect(during.body.data).toMatchObject({ status: "modifying", taskStatus: "resize" });
    await advance(t, 31);
    const after = await tenant.client.request<ResourceDetail>(`/api/res/volumes/${id}`);
    expect(after.body.data).toMatchObject({
      status: "available",
      taskStatus: null,
      summary: "ssd · 160 GB",
      monthlyPrice: "160.00000",
    });
    const [instance] = await t.database.db
      .select()
      .from(simInstances)
      .where(eq(simInstances.id, (await row(id)).providerRef!));
    expect(instance?.spec).toMatchObject({ sizeGb: 160 });
    const completed = await tenant.client.request<OrderDetail>(`/api/orders/${done.body.data.id}`);
    expect(completed.body.data.status).toBe("completed");

    // The same key again answers the same order; nothing moves twice.
    const replay = await change(tenant.client, id, { sizeGb: 160 }, key);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.data.id).toBe(done.body.data.id);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("890"));
    expect(await changeOrders(id)).toHaveLength(1);
  });

  it("refuses each broken rule with its own code and changes nothing", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyDisk(tenant);
    // The provider reports 90 GB in use inside the disk.
    const providerRef = (await row(id)).providerRef!;
    const [instance] = await t.database.db
      .select()
      .from(simInstances)
      .where(eq(simInstances.id, providerRef));
    await t.database.db
      .update(simInstances)
      .set({ spec: { ...instance!.spec, usedGb: 90 } })
      .where(eq(simInstances.id, providerRef));
    await later(tenant, HOUR);
    const before = await ledgerFingerprint(t.database.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sizeGb: 600 }, 26040, "A disk's size must be a whole number of GB from 50 to 500"],
      [{ sizeGb: 40 }, 26040, "A disk's size must be a whole number of GB from 50 to 500"],
      [{ sizeGb: 80 }, 26042, "The size after the adjustment must exceed the 90 GB in use"],
      [{ sizeGb: 95 }, 26041, "The new size must be larger than the current 100 GB; disks cannot shrink"],
      [{ sizeGb: 350 }, 26043, "One expansion may add at most 200 GB"],
      [{ sizeGb: 100 }, 22008, "The configuration has not changed"],
      [{ diskType: "sata", sizeGb: 150 }, 26047, "A disk's type cannot be changed, only its size"],
    ];
    for (const [spec, code, message] of cases) {
      for (const res of [await quote(tenant.client, id, spec), await change(tenant.client, id, spec)]) {
        expect(res.status, JSON.stringify(spec)).toBe(400);
        expect(res.body, JSON.stringify(spec)).toMatchObject({ code, message });
      }
    }
    const zh = await tenant.client.request("/api/service/resize_resource", {
      method: "POST",
      body: { resourceId: id, spec: { sizeGb: 350 } },
      headers: idem(),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("单次扩容最多增加 200 GB");
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await changeOrders(id)).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      status: "available",
      spec: { diskType: "ssd", sizeGb: 100 },
      monthlyPrice: y("100"),
    });
    const [untouched] = await t.database.db
      .select()
      .from(simInstances)
      .where(eq(simInstances.id, providerRef));
    expect(untouched).toMatchObject({ state: "available", spec: { sizeGb: 100 } });
    // Above the used capacity and the current size it goes through.
    const ok = await change(tenant.client, id, { sizeGb: 300 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("refuses an expansion the tenant cannot pay before the provider is asked", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const id = await buyDisk(tenant);
    t.clock.advance(10.25 * DAY * 1000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    // The 66.66667 refunded to cash covers part of the 106.66667: 40 are missing.
    const priced = await quote(tenant.client, id, { sizeGb: 160 });
    expect(priced.body.data).toMatchObject({
      difference: "40.00000",
      sufficient: false,
      shortfall: "40.00000",
    });
    const before = await ledgerFingerprint(t.database.db);
    const refused = await change(tenant.client, id, { sizeGb: 160 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(23006);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await row(id)).toMatchObject({ status: "available", spec: { sizeGb: 100 } });
    const [instance] = await t.database.db
      .select()
      .from(simInstances)
      .where(eq(simInstances.id, (await row(id)).providerRef!));
    expect(instance).toMatchObject({ state: "available", spec: { sizeGb: 100 } });
  });

  it("expands a disk once a day: the next one is refused until 24 hours have passed", async () => {
    const tenant = await verifiedTenant(t, operator, "2000");
    const id = await buyDisk(tenant, { periodMonths: 3 });
    await later(tenant, HOUR);
    const first = await change(tenant.client, id, { sizeGb: 150 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstAt = new Date(first.body.data.createdAt);
    await later(tenant, 12 * HOUR);
    const before = await ledgerFingerprint(t.database.db);
    const next = local(new Date(firstAt.getTime() + DAY * 1000));
    expect(next).toBe("2026-11-23 11:00");
    const refusedQuote = await quote(tenant.client, id, { sizeGb: 200 });
    expect(refusedQuote.body).toMatchObject({ code: 26044 });
    const refused = await change(tenant.client, id, { sizeGb: 200 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 26044,
      message: `A disk can be expanded 1 time(s) a day; try again after ${next}`,
    });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await row(id)).spec.sizeGb).toBe(150);
    // A second short of 24 hours it is still refused; at 24 hours it goes through.
    t.clock.advance(firstAt.getTime() + DAY * 1000 - 1000 - t.clock.now().getTime());
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect((await change(tenant.client, id, { sizeGb: 200 })).body.code).toBe(26044);
    t.clock.advance(1000);
    const again = await change(tenant.client, id, { sizeGb: 200 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await advance(t, 31);
    expect((await row(id)).spec.sizeGb).toBe(200);
  });

  it("expands a disk at most three times a week", async () => {
    const tenant = await verifiedTenant(t, operator, "3000");
    const id = await buyDisk(tenant, { periodMonths: 3 });
    await later(tenant, HOUR);
    const firstAt = t.clock.now();
    for (const sizeGb of [150, 200, 250]) {
      const done = await change(tenant.client, id, { sizeGb });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      await later(tenant, DAY);
    }
    // Day 3: a day has passed since the last one, but three fall in the week.
    const before = await ledgerFingerprint(t.database.db);
    const next = local(new Date(firstAt.getTime() + 7 * DAY * 1000));
    const refused = await change(tenant.client, id, { sizeGb: 300 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 26045,
      message: `A disk can be expanded 3 times a week; try again after ${next}`,
    });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await row(id)).spec.sizeGb).toBe(250);
    expect(await changeOrders(id)).toHaveLength(3);
    // Seven days after the first, it has left the week.
    await later(tenant, 4 * DAY);
    const fourth = await change(tenant.client, id, { sizeGb: 300 });
    expect(fourth.status, JSON.stringify(fourth.body)).toBe(200);
    expect(await changeOrders(id)).toHaveLength(4);
  });

  it("meters a postpaid disk at its new size from the change on", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const id = await buyDisk(tenant, { paymentType: "postpaid", periodMonths: undefined });
    // Running from 10:00:15. At 12:30:15 two hours were charged at 100 a month (0.27778).
    await later(tenant, 2.5 * HOUR);
    const priced = await quote(tenant.client, id, { sizeGb: 200 });
    expect(priced.body.data).toMatchObject({
      difference: "0.00000",
      settlement: [],
      newMonthlyPrice: "200.00000",
      oldMonthlyPrice: "100.00000",
    });
    const done = await change(tenant.client, id, { sizeGb: 200 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ paymentType: "postpaid", amount: "0.00000" });
    // The change charges the hour begun at the old price (to 13:00:15); 15:30:15 then charges
    // 13:00:15 → 15:00:15 at 200 a month: 200 × 2 ÷ 720 = 0.55556.
    await later(tenant, 3 * HOUR);
    const charged = await t.database.db
      .select({ amount: bills.originalAmount })
      .from(bills)
      .where(and(eq(bills.orgId, tenant.orgId), eq(bills.type, "charge")))
      .orderBy(bills.billNo);
    expect(charged.map((b) => b.amount)).toEqual([y("0.27778"), y("0.13889"), y("0.55556")]);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("99.02777"));
  });

  it("answers another tenant's disk and elastic IP as missing, and nothing changes", async () => {
    const owner = await verifiedTenant(t, operator, "1000");
    const disk = await buyDisk(owner);
    const ip = await buyIp(owner);
    const intruder = await verifiedTenant(t, operator, "1000");
    const before = await ledgerFingerprint(t.database.db);
    for (const [id, spec] of [
      [disk, { sizeGb: 150 }],
      [ip, { bandwidthMbps: 5 }],
    ] as const) {
      expect((await quote(intruder.client, id, spec)).status).toBe(404);
      expect((await change(intruder.client, id, spec)).status).toBe(404);
    }
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await row(disk)).spec.sizeGb).toBe(100);
    expect((await row(ip)).spec.bandwidthMbps).toBe(1);
  });

  it("asks for the disks' permission code to expand a disk", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    await stepUp(t, tenant.client, tenant.tenant.mobile);
    const project = await tenant.client.request<{ projectId: string }>("/api/res/projects", {
      method: "POST",
      body: { name: `Disks${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const projectId = project.body.data.projectId;
    const id = await buyDisk(tenant, { projectId });
    const hostsOnly = await tenant.client.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Hosts${unique()}`, description: "", codes: ["CA", "CB01"], shared: false },
    });
    expect(hostsOnly.status, JSON.stringify(hostsOnly.body)).toBe(200);
    const user = await createSubUser(tenant.client, [
      await createGroup(tenant.client, [hostsOnly.body.data.id]),
    ]);
    const member = await tenant.client.request(`/api/res/projects/${projectId}/members`, {
      method: "POST",
      body: { userSids: [user.userSid] },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    const client = await signedIn(t.app, t.clock, user);
    const refused = await quote(client, id, { sizeGb: 150 });
    expect(refused.status).toBe(403);
    expect((await change(client, id, { sizeGb: 150 })).status).toBe(403);
    // The tenant's administrator holds CB02.
    expect((await quote(tenant.client, id, { sizeGb: 150 })).status).toBe(200);
  });
});

describe("elastic IP bandwidth", () => {
  it("charges the difference of a higher bandwidth and refunds it for a lower one", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyIp(tenant);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("972"));
    // 22 Nov 10:00:10 → 22 Dec 10:00:10. At 4 Dec 11:00:10, 17 days 23 hours remain → 18 days.
    t.clock.advance((12 * DAY + HOUR) * 1000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const same = await quote(tenant.client, id, { bandwidthMbps: 1 });
    expect(same.body).toMatchObject({ code: 22008, message: "The configuration has not changed" });
    const tooMuch = await change(tenant.client, id, { bandwidthMbps: 201 });
    expect(tooMuch.body).toMatchObject({
      code: 26046,
      message: "The bandwidth must be a whole number of Mbit/s from 1 to 200",
    });
    expect((await change(tenant.client, id, { bandwidthMbps: 0 })).status).toBe(400);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("972"));

    // 5 Mbit/s = 5 + 23 × 5 = 120 a month: 120 × 18 ÷ 30 = 72; old 28 × 18 ÷ 30 = 16.8.
    const up = await quote(tenant.client, id, { bandwidthMbps: 5 });
    expect(up.body.data).toMatchObject({
      kind: "elasticIp",
      newMonthlyPrice: "120.00000",
      oldMonthlyPrice: "28.00000",
      remainingDays: 18,
      newRemaining: "72.00000",
      oldRemaining: "16.80000",
      difference: "55.20000",
      settlement: [{ source: "cash", sourceId: null, amount: "55.20000" }],
      sufficient: true,
    });
    const raised = await change(tenant.client, id, { bandwidthMbps: 5 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.data).toMatchObject({ amount: "72.00000", refunded: "16.80000" });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("916.8"));
    await later(tenant, HOUR);
    expect(
      (await tenant.client.request<ResourceDetail>(`/api/res/floatingips/${id}`)).body.data,
    ).toMatchObject({ status: "available", summary: "5 Mbit/s", monthlyPrice: "120.00000" });

    // An hour later, 2 Mbit/s = 51 a month. The change's term (4 Dec 11:00:10 → 22 Dec, 18 days,
    // 72) has 18 days left: old 72 × 18 ÷ 18 = 72, new 51 × 18 ÷ 30 = 30.6, refund 41.4.
    const down = await quote(tenant.client, id, { bandwidthMbps: 2 });
    expect(down.body.data).toMatchObject({
      remainingDays: 18,
      newRemaining: "30.60000",
      oldRemaining: "72.00000",
      difference: "-41.40000",
      settlement: [{ source: "cash", sourceId: null, amount: "-41.40000" }],
    });
    const lowered = await change(tenant.client, id, { bandwidthMbps: 2 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.data).toMatchObject({ amount: "30.60000", refunded: "72.00000" });
    expect(lowered.body.data.events[0]?.detail).toBe("5 Mbit/s → 2 Mbit/s");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("958.2"));
    await advance(t, 31);
    expect((await row(id)).spec.bandwidthMbps).toBe(2);
  });
});
