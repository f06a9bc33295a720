// The contract discount beyond new orders (decision 0029, docs/billing/contracts.md): a tenant with
// a 0.80 contract sees and pays the discounted price of a host's renewal and of its configuration
// change, each bill keeping the contract discount as its own part; a postpaid host's hours are
// discounted only while the contract is in execution, an expired contract discounts nothing, and
// the ledger stays balanced. The clock is moved, never waited for.
import type { BillRecord, CycleBill, OrderDetail, RenewQuote, ResizeQuote } from "@skyledger/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { createContract } from "./support/contracts";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const HOUR = 3600;
const HOUR_MS = HOUR * 1000;
const DAY_MS = 24 * HOUR_MS;
let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterEach(() => t.close());

async function buyHost(tenant: Tenant, product: string, overrides: Record<string, unknown> = {}) {
  const res = await apply(tenant.client, applyBody(product, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

/** A 0.80 contract for the product, in execution from `from` to `until` (defaults: now, 30 days). */
const contract80 = (tenant: Tenant, product: string, from?: Date, until?: Date) =>
  createContract(t, operator, tenant.orgId, {
    discounts: [{ target: "product", code: product, discount: "0.80" }],
    ...(from ? { startsAt: from.toISOString() } : {}),
    ...(until ? { endsAt: until.toISOString() } : {}),
  });

const billsOf = (orgId: string, chargeType: "prepaid" | "postpaid") =>
  t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, chargeType), eq(bills.type, "charge")))
    .orderBy(asc(bills.createdAt), asc(bills.billNo));

async function signInAgain(tenant: Tenant) {
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
}

describe("a renewal", () => {
  it("shows the contract discount as its own line and charges the discounted period", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant, product);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("690"));
    await contract80(tenant, product);
    const body = { resourceIds: [id], periodMonths: 1, align: false };
    // 310 × 0.80 = 248: the contract takes 62 off, the product's own discount nothing.
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({
      original: "310.00000",
      discount: "0.00000",
      contractDiscount: "62.00000",
      total: "248.00000",
      payable: "248.00000",
    });
    const done = await tenant.client.request<RenewQuote>("/api/renew", {
      method: "POST",
      body,
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ contractDiscount: "62.00000", payable: "248.00000" });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("690") - y("248"));
    const last = (await billsOf(tenant.orgId, "prepaid")).at(-1)!;
    expect(last).toMatchObject({
      originalAmount: y("310"),
      discountAmount: y("62"),
      contractDiscount: y("62"),
      actualAmount: y("248"),
    });
    // The tenant's bill and its cycle's totals show the contract's part of the discount.
    const bill = await tenant.client.request<BillRecord>(`/api/bills/listBillDetails/${last.billNo}`);
    expect(bill.body.data).toMatchObject({ discountAmount: "62.00000", contractDiscount: "62.00000" });
    const cycles = await tenant.client.request<CycleBill[]>("/api/bills/listCycleBills");
    expect(cycles.body.data.find((c) => c.billingCycle === last.billingCycle)).toMatchObject({
      contractDiscount: "62.00000",
    });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it("after the contract expired is charged in full", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant, product);
    const now = t.clock.now().getTime();
    await contract80(tenant, product, new Date(now - HOUR_MS), new Date(now + HOUR_MS));
    await advance(t, 2 * HOUR);
    await signInAgain(tenant);
    const body = { resourceIds: [id], periodMonths: 1, align: false };
    const quote = await tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({ contractDiscount: "0.00000", total: "310.00000" });
  });
});

describe("a configuration change", () => {
  it("of a prepaid host takes the contract discount off the new remainder, its own line and bill part", async () => {
    // 30-day term; 9.5 days later 21 days remain: new 620 ÷ 30 × 21 = 434, × 0.80 = 347.20 (86.80
    // off); the old remainder 310 ÷ 30 × 21 = 217 comes back: difference 130.20.
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant, product);
    await contract80(tenant, product);
    t.clock.advance(9.5 * DAY_MS);
    await signInAgain(tenant);
    const body = { resourceId: id, spec: { flavorId: "c4m8" } };
    const quote = await tenant.client.request<ResizeQuote>("/api/billing/inquiry/modify", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({
      newMonthlyPrice: "620.00000",
      newMonthlyContractDiscount: "124.00000",
      oldRemaining: "217.00000",
      contractDiscount: "86.80000",
      newRemaining: "347.20000",
      difference: "130.20000",
      remainingDays: 21,
    });
    const done = await tenant.client.request<OrderDetail>("/api/service/resize_resource", {
      method: "POST",
      body,
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ type: "change", amount: "347.20000", refunded: "217.00000" });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000") - y("310") - y("130.2"));
    expect((await billsOf(tenant.orgId, "prepaid")).at(-1)).toMatchObject({
      originalAmount: y("434"),
      contractDiscount: y("86.8"),
      actualAmount: y("347.2"),
    });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it("of a postpaid host quotes the new month's contract discount and rates its hours after it", async () => {
    const product = await hostProduct(operator, { monthly: "720" });
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant, product, { paymentType: "postpaid", periodMonths: undefined });
    await contract80(tenant, product);
    const body = { resourceId: id, spec: { flavorId: "c4m8" } };
    const quote = await tenant.client.request<ResizeQuote>("/api/billing/inquiry/modify", {
      method: "POST",
      body,
    });
    expect(quote.body.data).toMatchObject({
      newMonthlyPrice: "620.00000",
      newMonthlyContractDiscount: "124.00000",
      contractDiscount: "0.00000",
    });
  });
});

describe("postpaid hours", () => {
  it("are discounted only while the contract is in execution, each bill keeping its own part", async () => {
    // 720 a month is 1 yuan an hour. The contract runs from 2.5 h to 5.5 h after metering starts:
    // the hours beginning at 3, 4 and 5 h cost 0.80, the others 1.00; 8 hours cost 7.40.
    const product = await hostProduct(operator, { monthly: "720" });
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant, product, { paymentType: "postpaid", periodMonths: undefined });
    const [host] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    const start = host!.meteredUntil!.getTime();
    await contract80(tenant, product, new Date(start + 2.5 * HOUR_MS), new Date(start + 5.5 * HOUR_MS));
    // Passes until the eighth hour is metered; the last pass may charge several hours at once.
    while (t.clock.now().getTime() < start + 8 * HOUR_MS + 60_000) await advance(t, HOUR);
    const [after] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    const hours = (after!.meteredUntil!.getTime() - start) / HOUR_MS;
    expect(hours).toBeGreaterThanOrEqual(8);
    const lines = (await billsOf(tenant.orgId, "postpaid")).filter((b) => b.usageStart!.getTime() >= start);
    const sum = (f: (b: (typeof lines)[number]) => bigint) => lines.reduce((s, b) => s + f(b), 0n);
    expect(sum((b) => b.originalAmount)).toBe(y(String(hours)));
    expect(sum((b) => b.contractDiscount)).toBe(y("0.6"));
    expect(sum((b) => b.actualAmount)).toBe(y(String(hours)) - y("0.6"));
    for (const b of lines) expect(b.actualAmount).toBe(b.originalAmount - b.discountAmount);
    // Bills of hours wholly outside the contract carry no contract discount.
    for (const b of lines) {
      const outside =
        b.usageEnd!.getTime() <= start + 3 * HOUR_MS || b.usageStart!.getTime() >= start + 6 * HOUR_MS;
      if (outside) expect(b.contractDiscount).toBe(0n);
    }
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });
});
