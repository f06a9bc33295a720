// Service release (释放, issue 5 §3, spec §3 order types): a postpaid resource given back by its
// owner records a `release` order (a prepaid one stays `unsubscribe`), its last part hour charged
// once; the lifecycle's release after the retention period records a `release` order submitted by
// the system, one per resource however often and however concurrently the step runs, completed
// when the provider has deleted the resource. The clock is moved, never waited for.
import type { OrderDetail, OrderRecord, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { arrearsAccountId } from "../src/modules/ledger/ledger.service";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, cashOf, idem, idemKey, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const HOUR = 3600;
const DAY = 86_400;
let t: TestApp;
let operator: TestClient;
/** 720 a month: 1.00000 an hour postpaid. */
let product: string;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

async function buyHost(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await apply(tenant.client, applyBody(product, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}
const postpaid = { paymentType: "postpaid", periodMonths: undefined };

const resourceRow = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;
const ordersOf = (resourceId: string) =>
  t.database.db.select().from(orders).where(eq(orders.resourceId, resourceId));
const postpaidBills = async (orgId: string) =>
  (
    await t.database.db
      .select({ amount: bills.actualAmount })
      .from(bills)
      .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, "postpaid")))
  ).map((b) => b.amount);

const quote = (tenant: Tenant, id: string) =>
  tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`);
const unsubscribe = (tenant: Tenant, id: string, key = idemKey()) =>
  tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, {
    method: "POST",
    headers: idem(key),
  });
const listOf = async (tenant: Tenant, type: string) =>
  (await tenant.client.request<{ list: OrderRecord[] }>("/api/orders", { query: { type, pageSize: 100 } }))
    .body.data.list;

/** Moves the clock by `seconds` without running the step, then runs it twice at once and once more. */
async function racingSteps(seconds: number): Promise<void> {
  await t.app.services.idle();
  t.clock.advance(seconds * 1000);
  await Promise.all([t.app.services.tick(), t.app.services.tick()]);
  await t.app.services.tick();
  await t.app.services.idle();
}

// Each test starts on 22 November 2026 at 10:00 Shanghai time.
beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator, { monthly: "720" });
});
afterEach(() => t.close());

describe("the owner giving a resource back", () => {
  it("releases a postpaid host: a release order, the last part hour charged once", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const id = await buyHost(tenant, postpaid);
    t.clock.advance(2.5 * HOUR * 1000);
    await advance(t, 1);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("98"));

    // Half an hour since the last charge: released, the part hour counts as one (1.00000).
    const q = await quote(tenant, id);
    expect(q.body.data).toMatchObject({ orderType: "release", used: "1.00000", refund: "0.00000" });
    const key = idemKey();
    const done = await unsubscribe(tenant, id, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      type: "release",
      status: "completed",
      amount: "0.00000",
      refunded: "0.00000",
      submittedBySystem: false,
      submitter: tenant.tenant.account,
    });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("97"));

    // The same request again (the host is gone) answers the same order; more time charges nothing more.
    const again = await unsubscribe(tenant, id, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.id).toBe(done.body.data.id);
    await advance(t, 3 * HOUR);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("97"));
    expect(await postpaidBills(tenant.orgId)).toEqual([y("2"), y("1")]);
    expect((await resourceRow(id)).status).toBe("deleted");

    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect((await listOf(tenant, "release")).map((o) => o.id)).toEqual([done.body.data.id]);
    expect(await listOf(tenant, "unsubscribe")).toEqual([]);
  });

  it("unsubscribes a prepaid host, as before", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    expect((await quote(tenant, id)).body.data.orderType).toBe("unsubscribe");
    const done = await unsubscribe(tenant, id);
    expect(done.body.data).toMatchObject({ type: "unsubscribe", status: "completed" });
    expect((await ordersOf(id)).map((o) => o.type)).toEqual(["unsubscribe"]);
  });
});

describe("the lifecycle's release after the retention period", () => {
  it("records one release order by the system for an expired host, even when the step races itself", async () => {
    const tenant = await verifiedTenant(t, operator, "720");
    const id = await buyHost(tenant);
    const snapshot = await tenant.client.request<{ id: string }>("/api/res/snapshots", {
      method: "POST",
      body: { hostId: id, name: "kept-until-release" },
    });
    expect(snapshot.status, JSON.stringify(snapshot.body)).toBe(200);
    await advance(t, 30);
    expect((await resourceRow(snapshot.body.data.id)).status).toBe("available");
    await advance(t, 31 * DAY);
    expect((await resourceRow(id)).status).toBe("frozen");
    expect(await ordersOf(id)).toEqual([]);

    // Retention is 7 days after the expiry (22 December): released on the 29th.
    await racingSteps(7 * DAY);
    const released = await ordersOf(id);
    expect(released).toHaveLength(1);
    const [row] = released;
    expect(row).toMatchObject({ type: "release", submittedBy: "system", status: "completed", amount: 0n });
    expect((await resourceRow(id)).status).toBe("deleted");
    // The host's snapshot went with it, as when its owner unsubscribes it.
    expect((await resourceRow(snapshot.body.data.id)).status).toBe("deleted");
    await racingSteps(DAY);
    expect(await ordersOf(id)).toHaveLength(1);

    // The tenant reads why the host went: an order submitted by the system, completed on release.
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const detail = await tenant.client.request<OrderDetail>(`/api/orders/${row!.id}`);
    expect(detail.body.data).toMatchObject({
      type: "release",
      status: "completed",
      submittedBySystem: true,
      submitter: "",
      amount: "0.00000",
      paidAmount: "0.00000",
      resourceIds: [],
    });
    expect(detail.body.data.events.map((e) => [e.action, e.actor])).toEqual([
      ["submitted", null],
      ["completed", null],
    ]);
    expect((await listOf(tenant, "release")).map((o) => o.id)).toEqual([row!.id]);
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, tenant.tenant.email),
          eq(outboxMessages.purpose, "resource.released"),
        ),
      );
    expect(told).toHaveLength(1);

    // Nobody else sees it.
    const other = await verifiedTenant(t, operator, "0");
    expect((await other.client.request(`/api/orders/${row!.id}`)).status).toBe(404);
    expect(await listOf(other, "release")).toEqual([]);
  });

  it("records one for a postpaid host frozen for arrears too, charging nothing more", async () => {
    // 24 yuan at 1 yuan an hour: 26 hours used, 2 of them owed; frozen after the 24-hour grace.
    const tenant = await verifiedTenant(t, operator, "24");
    const id = await buyHost(tenant, postpaid);
    await advance(t, 26 * HOUR);
    await advance(t, 24 * HOUR);
    expect((await resourceRow(id)).status).toBe("frozen");
    const debt = await balanceOf(t.database.db, arrearsAccountId(tenant.orgId));
    // Owed: hours 25 and 26, then the 24 hours of the grace.
    expect(debt).toBe(-y("26"));
    const cash = await cashOf(t.database.db, tenant.orgId);
    await racingSteps(7 * DAY);
    const released = await ordersOf(id);
    expect(released.map((o) => [o.type, o.submittedBy, o.status, o.amount])).toEqual([
      ["release", "system", "completed", 0n],
    ]);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(cash);
    // The release neither charges nor forgives: the debt stays.
    expect(await balanceOf(t.database.db, arrearsAccountId(tenant.orgId))).toBe(debt);
  });
});
