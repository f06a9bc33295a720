// Packages (`/bag`, spec §3 "package bundle", §9 "discount packages"; docs/billing/rules.md §13):
// operators define and list offers; tenants buy (charged by the deduction order, with a bill),
// apply with a later start or auto-renew, renew and read them. A discount package discounts
// prepaid orders after the product's discount, one per period; a resource package's unit-hours are
// taken by postpaid metering before money. The clock is moved, never waited for.
import type { OrderDetail, PackageQuote, PriceQuote, TenantPackage } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const DAY = 86_400;
const HOUR_MS = 3_600_000;
let t: TestApp;
let operator: TestClient;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

/** An offer defined and (unless told otherwise) listed by the operator; returns its code and id. */
async function offer(
  body: Record<string, unknown>,
  listingState: "listed" | "delisted" | "pendingListing" = "listed",
): Promise<{ code: string; id: string }> {
  const code = `pkg-${unique().slice(-8)}`;
  const made = await operator.request<{ id: string }>("/api/ops/bag/offers", {
    method: "POST",
    body: { code, nameZh: "测试包", nameEn: "Test package", validityMonths: 1, ...body },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  if (listingState !== "pendingListing") {
    const listed = await operator.request(`/api/ops/bag/offers/${made.body.data.id}/listing`, {
      method: "PUT",
      body: { listingState },
    });
    expect(listed.status).toBe(200);
  }
  return { code, id: made.body.data.id };
}

const diskHours = (unitHours: number, price = "1") =>
  offer({ kind: "resource", productCode: "evs-disk", dimension: "diskType:ssd", unitHours, price });
const discountOffer = (productCodes: string[], discount = "0.80", price = "10") =>
  offer({ kind: "discount", discount, productCodes, price });

const buy = (client: TestClient, body: Record<string, unknown>, key?: string) =>
  client.request<TenantPackage>("/api/bag/buy", { method: "POST", body, headers: idem(key) });

const myPackages = async (client: TestClient) =>
  (await client.request<{ list: TenantPackage[]; total: number }>("/api/bag")).body.data;

const billsOf = (orgId: string, productCode: string) =>
  t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.productCode, productCode)));

const postpaidBills = (orgId: string) =>
  t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, "postpaid")));

/** A postpaid 100 GB SSD disk (100 yuan a month) running for the tenant; returns its id. */
async function postpaidDisk(tenant: Tenant): Promise<string> {
  const res = await apply(
    tenant.client,
    applyBody("evs-disk", {
      spec: { diskType: "ssd", sizeGb: 100 },
      name: `disk-${unique().slice(-6)}`,
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 15);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

// Each test starts on 22 November 2026 at 10:00 Shanghai time.
beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterEach(() => t.close());

describe("buying", () => {
  it("charges a listed offer by the deduction order, writes a bill and records the package", async () => {
    // 2 × 1.00000 = 2.00000 from cash; 2 × 1 050 unit-hours.
    const tenant = await verifiedTenant(t, operator, "100");
    const { code } = await diskHours(1050);
    const offers = await tenant.client.request<{ list: { code: string }[] }>("/api/bag/offers");
    expect(offers.body.data.list.map((o) => o.code)).toContain(code);
    const key = `bag-${unique()}`;
    const res = await buy(tenant.client, { offerCode: code, quantity: 2 }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: "resource",
      status: "active",
      quantity: 2,
      totalUnitHours: 2100,
      remainingUnitHours: 2100,
      usedUnitHours: 0,
      validFrom: "2026-11-22T02:00:00.000Z",
      validUntil: "2026-12-22T02:00:00.000Z",
    });
    expect(res.body.data.charges).toHaveLength(1);
    expect(res.body.data.charges[0]).toMatchObject({
      kind: "purchase",
      amount: "2.00000",
      allocations: [{ source: "cash", amount: "2.00000" }],
    });
    // The same key replays the answer: one charge.
    const again = await buy(tenant.client, { offerCode: code, quantity: 2 }, key);
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("98"));
    const billed = await billsOf(tenant.orgId, code);
    expect(billed.map((b) => [b.type, b.actualAmount, b.orderNo])).toEqual([
      ["charge", y("2"), res.body.data.charges[0]!.orderNo],
    ]);
  });

  it("quotes a purchase by the deduction order without charging, and shows listed offers to anyone", async () => {
    // 5.00000 in cash: one 3.00000 package is paid from cash; two (6.00000) lack 1.00000.
    const tenant = await verifiedTenant(t, operator, "5");
    const { code } = await diskHours(100, "3");
    const hidden = await offer(
      { kind: "discount", discount: "0.5", productCodes: [], price: "1" },
      "pendingListing",
    );
    const quote = (body: Record<string, unknown>) =>
      tenant.client.request<PackageQuote>("/api/bag/inquiry", { method: "POST", body });
    const one = await quote({ offerCode: code, quantity: 1 });
    expect(one.body.data).toEqual({
      offerCode: code,
      quantity: 1,
      price: "3.00000",
      amount: "3.00000",
      deduction: {
        sufficient: true,
        shortfall: "0.00000",
        allocations: [{ source: "cash", sourceId: null, amount: "3.00000" }],
      },
    });
    const two = await quote({ offerCode: code, quantity: 2 });
    expect(two.body.data.deduction).toEqual({ sufficient: false, shortfall: "1.00000", allocations: [] });
    expect((await quote({ offerCode: hidden.code, quantity: 1 })).body.code).toBe(22002);
    expect((await quote({ offerCode: code, quantity: 0 })).status).toBe(400);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("5"));
    // The purchase pays what the quote said.
    const bought = await buy(tenant.client, { offerCode: code, quantity: 1 });
    expect(bought.body.data.charges[0]!.allocations).toEqual(one.body.data.deduction.allocations);

    const visitor = new TestClient(t.app, t.clock);
    const open = await visitor.request<{ list: { code: string }[] }>("/api/bag/offers/nonAuth?pageSize=100");
    expect(open.status).toBe(200);
    const codes = open.body.data.list.map((o) => o.code);
    expect(codes).toContain(code);
    expect(codes).not.toContain(hidden.code);
    expect(
      (await visitor.request("/api/bag/inquiry", { method: "POST", body: { offerCode: code } })).status,
    ).toBe(401);
  });

  it("refuses an offer that is not listed, and money that is short", async () => {
    const tenant = await verifiedTenant(t, operator, "5");
    for (const state of ["pendingListing", "delisted"] as const) {
      const { code } = await offer(
        { kind: "resource", productCode: "evs-disk", dimension: "diskType:ssd", unitHours: 100, price: "1" },
        state,
      );
      const res = await buy(tenant.client, { offerCode: code });
      expect(res.body.code).toBe(22002);
      expect(res.body.message).toBe("The package bundle or product is not listed");
    }
    const dear = await diskHours(100, "6");
    expect((await buy(tenant.client, { offerCode: dear.code })).body.code).toBe(23006);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("5"));
    expect((await myPackages(tenant.client)).total).toBe(0);
  });

  it("keeps tenants off the operator endpoints and away from each other's packages", async () => {
    const a = await verifiedTenant(t, operator, "100");
    const b = await verifiedTenant(t, operator, "100");
    expect((await a.client.request("/api/ops/bag/offers")).status).toBe(403);
    const made = await a.client.request("/api/ops/bag/offers", {
      method: "POST",
      body: {
        code: "x-pkg",
        nameZh: "x",
        nameEn: "x",
        kind: "discount",
        discount: "0.5",
        validityMonths: 1,
        price: "1",
      },
    });
    expect(made.status).toBe(403);
    const { code } = await diskHours(100);
    const mine = (await buy(a.client, { offerCode: code })).body.data;
    expect((await myPackages(b.client)).total).toBe(0);
    const renew = await b.client.request(`/api/bag/${mine.id}/renew`, { method: "POST", headers: idem() });
    expect(renew.status).toBe(404);
    expect(await cashOf(t.database.db, b.orgId)).toBe(y("100"));
    expect(await cashOf(t.database.db, a.orgId)).toBe(y("99"));
  });
});

describe("discount packages", () => {
  it("allow one per period, are not stacked and cannot be unsubscribed", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const first = await discountOffer([]);
    const second = await discountOffer([], "0.50");
    const bought = await buy(tenant.client, { offerCode: first.code });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const overlap = await buy(tenant.client, { offerCode: second.code });
    expect(overlap.body.code).toBe(26030);
    // Bought ahead for the next period: it starts when the current one ends.
    const next = await tenant.client.request<TenantPackage>("/api/bag/applyPackage", {
      method: "POST",
      body: { offerCode: second.code, startAt: bought.body.data.validUntil },
      headers: idem(),
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data).toMatchObject({
      validFrom: "2026-12-22T02:00:00.000Z",
      validUntil: "2027-01-22T02:00:00.000Z",
    });
    expect((await buy(tenant.client, { offerCode: first.code, quantity: 2 })).body.code).toBe(26035);
    const unsubscribe = await tenant.client.request(`/api/bag/${bought.body.data.id}/unsubscribe`, {
      method: "POST",
    });
    expect(unsubscribe.body.code).toBe(26031);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("80"));
  });

  it("discounts a prepaid order after the product's discount, in the inquiry and the charge", async () => {
    // rules §13: 310 × 0.85 = 263.50000 (discount 46.50000); × 0.80 = 210.80000 (package 52.70000).
    const product = await hostProduct(operator, { discount: "0.85" });
    const tenant = await verifiedTenant(t, operator, "1000");
    const { code } = await discountOffer([product]);
    expect((await buy(tenant.client, { offerCode: code })).status).toBe(200);
    const quote = await tenant.client.request<PriceQuote>("/api/billing/inquiry/price", {
      method: "POST",
      body: applyBody(product),
    });
    expect(quote.body.data).toMatchObject({
      original: "310.00000",
      discount: "46.50000",
      packageDiscount: "52.70000",
      amount: "210.80000",
      payable: "210.80000",
    });
    const postpaid = await tenant.client.request<PriceQuote>("/api/billing/inquiry/price", {
      method: "POST",
      body: applyBody(product, { paymentType: "postpaid", periodMonths: undefined }),
    });
    expect(postpaid.body.data.packageDiscount).toBe("0.00000");
    const res = await apply(tenant.client, applyBody(product));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe("210.80000");
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000") - y("10") - y("210.8"));
    // Another product is not discounted: the demo host c2m4 at 150 a month.
    const other = await apply(tenant.client, applyBody("ecs-standard"));
    expect(other.body.data.amount).toBe("150.00000");
  });

  it("stops applying at the end of its validity and is marked expired", async () => {
    const product = await hostProduct(operator);
    const tenant = await verifiedTenant(t, operator, "1000");
    const { code } = await discountOffer([product]);
    await buy(tenant.client, { offerCode: code });
    await advance(t, 30 * DAY);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const quote = await tenant.client.request<PriceQuote>("/api/billing/inquiry/price", {
      method: "POST",
      body: applyBody(product),
    });
    expect(quote.body.data).toMatchObject({ packageDiscount: "0.00000", amount: "310.00000" });
    expect((await myPackages(tenant.client)).list[0]!.status).toBe("expired");
  });
});

describe("resource packages", () => {
  it("are consumed by postpaid metering before money, a whole hour at a time", async () => {
    // 1 050 unit-hours, a 100 GB disk: 12 hours due → 10 from the package (1 000), 2 charged:
    // 100 × 2 ÷ 720 = 0.27778; 50 unit-hours are left, less than an hour of the disk, so the
    // next hour is charged: 100 ÷ 720 = 0.13889.
    const tenant = await verifiedTenant(t, operator, "100");
    const { code } = await diskHours(1050);
    const pkg = (await buy(tenant.client, { offerCode: code })).body.data;
    await postpaidDisk(tenant);
    t.clock.advance(12.5 * HOUR_MS);
    await advance(t, 1);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect((await postpaidBills(tenant.orgId)).map((b) => b.actualAmount)).toEqual([y("0.27778")]);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100") - y("1") - y("0.27778"));
    const after = (await myPackages(tenant.client)).list.find((p) => p.id === pkg.id)!;
    expect(after).toMatchObject({ remainingUnitHours: 50, usedUnitHours: 1000, status: "active" });
    expect(after.usages).toHaveLength(1);
    expect(after.usages[0]).toMatchObject({ hours: 10, unitHours: 1000 });
    t.clock.advance(HOUR_MS);
    await advance(t, 1);
    expect((await postpaidBills(tenant.orgId)).map((b) => b.actualAmount)).toEqual([
      y("0.27778"),
      y("0.13889"),
    ]);
  });

  it("is used up, renewed for another validity period with its hours again, and replays a renewal", async () => {
    // 1 000 unit-hours cover exactly 10 hours of the disk; nothing is charged, the package is used.
    const tenant = await verifiedTenant(t, operator, "100");
    const { code } = await diskHours(1000, "2");
    const pkg = (await buy(tenant.client, { offerCode: code })).body.data;
    await postpaidDisk(tenant);
    t.clock.advance(10.5 * HOUR_MS);
    await advance(t, 1);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect(await postpaidBills(tenant.orgId)).toEqual([]);
    expect((await myPackages(tenant.client)).list[0]).toMatchObject({
      remainingUnitHours: 0,
      status: "used",
    });
    const key = `renew-${unique()}`;
    const renewed = await tenant.client.request<TenantPackage>(`/api/bag/${pkg.id}/renew`, {
      method: "POST",
      headers: idem(key),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data).toMatchObject({
      status: "active",
      totalUnitHours: 2000,
      remainingUnitHours: 1000,
      validUntil: "2027-01-22T02:00:00.000Z",
    });
    expect(renewed.body.data.charges.map((c) => [c.kind, c.amount])).toEqual([
      ["purchase", "2.00000"],
      ["renewal", "2.00000"],
    ]);
    await tenant.client.request(`/api/bag/${pkg.id}/renew`, { method: "POST", headers: idem(key) });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("96"));
    expect((await billsOf(tenant.orgId, code)).map((b) => b.actualAmount)).toEqual([y("2"), y("2")]);
  });

  it("expires at the end of its validity, or renews itself when subscribed", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const { code } = await diskHours(1000, "3");
    const plain = (await buy(tenant.client, { offerCode: code })).body.data;
    const subscribed = await tenant.client.request<TenantPackage>("/api/bag/applyPackage", {
      method: "POST",
      body: { offerCode: code, autoRenew: true },
      headers: idem(),
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    await advance(t, 30 * DAY);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const list = (await myPackages(tenant.client)).list;
    expect(list.find((p) => p.id === plain.id)).toMatchObject({ status: "expired" });
    expect(list.find((p) => p.id === subscribed.body.data.id)).toMatchObject({
      status: "active",
      validUntil: "2027-01-22T02:00:00.000Z",
      remainingUnitHours: 2000,
    });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("91"));
  });
});
