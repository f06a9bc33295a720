// Lifecycle money (issue 5 §6): renewal by hand, in a batch and aligned; auto-renew 7 days before
// expiry (or a notice when money is short); freezing at expiry and release after retention; late
// renewal with overdue days; hourly postpaid charges (arrears, freezing and thawing: postpaid-arrears
// .test.ts); configuration change with spec §9's difference. The clock is moved, never waited for.
import type {
  OrderDetail,
  RenewQuote,
  ResizeQuote,
  ResourceDetail,
  UnsubscribeQuote,
} from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, fundCash, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const DAY = 86_400;
let t: TestApp;
let operator: TestClient;
let product: string;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

/** Buys one host of the product and returns its id once it runs. */
async function buyHost(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await apply(tenant.client, applyBody(product, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  return order.body.data.resourceIds[0]!;
}

const resourceRow = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;

/** Moves the clock by whole days (the lifecycle step runs), signing the tenant in again. */
async function days(tenant: Tenant, n: number): Promise<void> {
  await advance(t, n * DAY);
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
}

const messagesTo = async (tenant: Tenant, purpose: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, tenant.tenant.email), eq(outboxMessages.purpose, purpose)));

// Each test starts on 22 November 2026 at 10:00 Shanghai time, so the dates below are exact.
beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator);
});
afterEach(() => t.close());

describe("renewal", () => {
  it("renews by hand for 3 months from the old expiry", async () => {
    // 310 a month × 3 = 930; the term continues from 22 December.
    const tenant = await verifiedTenant(t, operator, "2000");
    const id = await buyHost(tenant);
    const before = (await resourceRow(id)).expiresAt!;
    const body = { resourceIds: [id], periodMonths: 3, align: false };
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({ total: "930.00000", sufficient: true });
    const done = await tenant.client.request<RenewQuote>("/api/renew", {
      method: "POST",
      body,
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = (await resourceRow(id)).expiresAt!;
    expect(before.toISOString()).toBe("2026-12-22T02:00:45.000Z");
    expect(after.toISOString()).toBe("2027-03-22T02:00:45.000Z");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("2000") - y("310") - y("930"));
  });

  it("aligns a batch to the latest expiry, charging the extra days", async () => {
    // Host A expires 5 days and 45 seconds before host B (B waited 45 s for provisioning too).
    // Renewing both for a month, aligned: A's new month (22 Dec → 22 Jan, 31 days) gains 6 days
    // (a part day is a day): 310 × 6 ÷ 31 = 60.00000. Total 310 + 60 + 310.
    const tenant = await verifiedTenant(t, operator, "2000");
    const a = await buyHost(tenant, { name: "align-a" });
    await days(tenant, 5);
    const b = await buyHost(tenant, { name: "align-b" });
    const body = { resourceIds: [a, b], periodMonths: 1, align: true };
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data.items.map((i) => [i.alignDays, i.amount])).toEqual([
      [6, "370.00000"],
      [0, "310.00000"],
    ]);
    expect(quote.body.data.total).toBe("680.00000");
    await tenant.client.request("/api/renew", { method: "POST", body, headers: idem() });
    expect((await resourceRow(a)).expiresAt!.getTime()).toBe((await resourceRow(b)).expiresAt!.getTime());
  });

  it("treats expiries less than an hour apart as aligned, charging nothing extra", async () => {
    const tenant = await verifiedTenant(t, operator, "2000");
    const a = await buyHost(tenant);
    t.clock.advance(30 * 60_000);
    const b = await buyHost(tenant);
    const body = { resourceIds: [a, b], periodMonths: 1, align: true };
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data.items.map((i) => [i.alignDays, i.amount])).toEqual([
      [0, "310.00000"],
      [0, "310.00000"],
    ]);
    await tenant.client.request("/api/renew", { method: "POST", body, headers: idem() });
    const again = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body: { resourceIds: [a], periodMonths: 1, align: false },
    });
    expect(again.status).toBe(200);
  });

  it("refuses an alignment of more than 10 days", async () => {
    const tenant = await verifiedTenant(t, operator, "2000");
    const a = await buyHost(tenant);
    await days(tenant, 12);
    const b = await buyHost(tenant);
    const res = await tenant.client.request("/api/billing/inquiry/renew", {
      method: "POST",
      body: { resourceIds: [a, b], periodMonths: 1, align: true },
    });
    expect(res.body.message).toBe("Aligning the expiry may extend a resource by at most 10 days");
  });

  it("auto-renews 7 days before expiry", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    const set = await tenant.client.request(`/api/renew/${id}/auto`, {
      method: "PUT",
      body: { autoRenew: true },
    });
    expect(set.status).toBe(200);
    await days(tenant, 22);
    expect((await resourceRow(id)).expiresAt!.toISOString()).toBe("2026-12-22T02:00:45.000Z");
    await days(tenant, 1);
    // 23 days on: 7 days before 22 December; renewed for its period, one month.
    expect((await resourceRow(id)).expiresAt!.toISOString()).toBe("2027-01-22T02:00:45.000Z");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000") - y("620"));
    // The automatic renewal is an order too, submitted by the system.
    const renewals = await tenant.client.request<{ list: OrderDetail[] }>("/api/orders", {
      query: { type: "renewal" },
    });
    expect(renewals.body.data.list).toEqual([
      expect.objectContaining({
        type: "renewal",
        status: "completed",
        submittedBySystem: true,
        periodMonths: 1,
        paidAmount: "310.00000",
        orderNo: expect.stringMatching(/^SO\d{16}$/),
      }),
    ]);
  });

  it("without money: told once, frozen at expiry, released after the retention period", async () => {
    const tenant = await verifiedTenant(t, operator, "310");
    const id = await buyHost(tenant);
    await tenant.client.request(`/api/renew/${id}/auto`, { method: "PUT", body: { autoRenew: true } });
    await days(tenant, 24);
    await days(tenant, 1);
    expect(await messagesTo(tenant, "resource.autoRenewFailed")).toHaveLength(1);
    await days(tenant, 6);
    expect((await resourceRow(id)).status).toBe("frozen");
    expect(await messagesTo(tenant, "resource.frozen")).toHaveLength(1);
    await days(tenant, 7);
    const gone = await resourceRow(id);
    expect(gone.status).toBe("deleted");
    expect(await messagesTo(tenant, "resource.released")).toHaveLength(1);
  });

  it("a late renewal charges the overdue days and thaws the host", async () => {
    // Expired on 22 December at 10:00:45; renewed 2.5 days later: 3 overdue days (a part day is a
    // day) × 310 ÷ 30 (the term's days) = 31.00000, plus 310 for the month.
    const tenant = await verifiedTenant(t, operator, "310");
    const id = await buyHost(tenant);
    await days(tenant, 30);
    t.clock.advance(2.5 * DAY * 1000);
    await advance(t, 1);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect((await resourceRow(id)).status).toBe("frozen");
    await fundCash(t.database.db, tenant.orgId, y("341"), t.clock.now());
    const body = { resourceIds: [id], periodMonths: 1, align: false };
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data.items[0]).toMatchObject({ overdueDays: 3, amount: "341.00000" });
    await tenant.client.request("/api/renew", { method: "POST", body, headers: idem() });
    expect((await resourceRow(id)).status).toBe("stopped");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(0n);
  });
});

describe("postpaid", () => {
  it("charges every whole hour at the monthly price ÷ 720", async () => {
    // 310 ÷ 720 × 3 hours = 1.29167 (half-up), one bill for the three hours.
    const tenant = await verifiedTenant(t, operator, "100");
    const id = await buyHost(tenant, { paymentType: "postpaid", periodMonths: undefined });
    t.clock.advance(3.5 * 3600 * 1000);
    await advance(t, 1);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100") - y("1.29167"));
    const rows = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, tenant.orgId), eq(bills.chargeType, "postpaid")));
    expect(rows.map((b) => b.actualAmount)).toEqual([y("1.29167")]);
    await advance(t, 60);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100") - y("1.29167"));
    expect((await resourceRow(id)).status).toBe("running");
  });
});

describe("configuration change", () => {
  it("reprices every term not yet ended when a renewed host grows", async () => {
    // Term 1: 22 Nov → 22 Dec (30 days, 310); renewal: 22 Dec → 22 Jan (31 days, 310). 9.5 days in:
    // term 1 has 21 days left: 620 ÷ 30 × 21 − 310 ÷ 30 × 21 = 434 − 217 = 217.00000;
    // the renewal has all 31 days left: 620 ÷ 30 × 31 − 310 = 640.66667 − 310 = 330.66667.
    // The tenant pays 547.66667 for 52 days.
    const tenant = await verifiedTenant(t, operator, "2000");
    const id = await buyHost(tenant);
    await tenant.client.request("/api/renew", {
      method: "POST",
      body: { resourceIds: [id], periodMonths: 1, align: false },
      headers: idem(),
    });
    t.clock.advance(9.5 * DAY * 1000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const body = { resourceId: id, spec: { flavorId: "c4m8" } };
    const quote = await tenant.client.request<ResizeQuote>("/api/billing/inquiry/modify", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({ difference: "547.66667", remainingDays: 52 });
    await tenant.client.request("/api/service/resize_resource", { method: "POST", body, headers: idem() });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("2000") - y("620") - y("547.66667"));
    // The old terms are closed; the new one (434 + 640.66667 = 1 074.66667 to 22 Jan) has not been
    // used at all at this instant, so unsubscribing now would give all of it back.
    const refund = await tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`);
    expect(refund.body.data.refund).toBe("1074.66667");
  });

  it("charges the difference of spec §9 when a prepaid host grows mid-term", async () => {
    // 30-day term; 9.5 days later 21 days remain (a part day counts): new 620 ÷ 30 × 21 = 434.00000,
    // old 310 ÷ 30 × 21 = 217.00000, difference 217.00000.
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    t.clock.advance(9.5 * DAY * 1000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const body = { resourceId: id, spec: { flavorId: "c4m8" } };
    const quote = await tenant.client.request<ResizeQuote>("/api/billing/inquiry/modify", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({ difference: "217.00000", remainingDays: 21, sufficient: true });
    const same = await tenant.client.request("/api/billing/inquiry/modify", {
      method: "POST",
      body: { resourceId: id, spec: { flavorId: "c2m4" } },
    });
    expect(same.body.message).toBe("The configuration has not changed");
    const done = await tenant.client.request<OrderDetail>("/api/service/resize_resource", {
      method: "POST",
      body,
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ type: "change", amount: "434.00000", refunded: "217.00000" });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000") - y("310") - y("217"));
    await advance(t, 31);
    const host = await tenant.client.request<ResourceDetail>(`/api/res/hosts/${id}`);
    expect(host.body.data).toMatchObject({ status: "running", monthlyPrice: "620.00000" });
    expect((host.body.data.spec as { vcpu: number }).vcpu).toBe(4);
  });
});
