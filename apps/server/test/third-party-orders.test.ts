// Third-party services (issue 5 §3, spec §3 order type "third-party service"): a product whose
// provider is `thirdParty` is delivered at a partner's cloud by an operator. Its orders are of type
// `thirdParty` and wait for manual activation whatever the product's flag; activating one needs the
// partner's instance reference and creates the resource running with it, no provider asked;
// renewal and postpaid metering work as for any resource; giving it back completes at once and
// e-mails the approvers (BA07) to release it at the partner, naming the reference. Closing refunds
// in full. Other tenants see none of it. The ledger is verified after the file (harness).
import type { OrderDetail, OrderRecord, RenewQuote, ResourceDetail } from "@skyledger/contracts";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { simInstances } from "../src/providers/simulator/simulator.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator, cashOf, fundCash, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const HOUR = 3600;
let t: TestApp;
let operator: TestClient;
/** A third-party host product (310 a month) whose own manual-activation flag is off. */
let partner: string;
let approvers: string[];

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

const activate = (id: string, body: Record<string, unknown>) =>
  operator.request<OrderDetail>(`/api/audit/approval/${id}/activate`, { method: "POST", body });
const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const asApprover = (id: string) => operator.request<OrderDetail>(`/api/audit/approval/${id}`);
const host = (client: TestClient, id: string) => client.request<ResourceDetail>(`/api/res/hosts/${id}`);
const unsubscribe = (tenant: Tenant, id: string) =>
  tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, { method: "POST", headers: idem() });
const simulated = async () => (await t.database.db.select({ n: count() }).from(simInstances))[0]!.n;
const resourceRow = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;

/** Who was mailed to release the instance `ref` at the partner, sorted. */
async function releaseMails(ref: string) {
  const rows = await t.database.db
    .select({ recipient: outboxMessages.recipient, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, "order.thirdPartyRelease"), like(outboxMessages.body, `%${ref}%`)));
  return rows.map((r) => r.recipient).sort();
}

/** Buys one prepaid month (or postpaid) of the partner host and has it activated with `ref`. */
async function delivered(tenant: Tenant, ref: string, overrides: Record<string, unknown> = {}) {
  const res = await apply(tenant.client, applyBody(partner, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await activate(res.body.data.id, { externalRef: ref });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { orderId: res.body.data.id, resourceId: done.body.data.resourceIds[0]! };
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  partner = await hostProduct(operator, { provider: "thirdParty" });
  const second = await addOperator(t);
  approvers = ["admin@skyledger.local", `${second.account}@skyledger.local`].sort();
});
// The step moves the clock past sessions' lifetime: each test signs the operator in afresh.
beforeEach(async () => {
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

describe("a third-party order", () => {
  it("waits for manual activation although the product's flag is off, and nothing is provisioned", async () => {
    const { client, orgId } = await verifiedTenant(t, operator, "1000");
    const before = await simulated();
    const res = await apply(client, applyBody(partner));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      type: "thirdParty",
      status: "approved",
      manualActivation: true,
      awaitingActivation: true,
      paidAmount: "310.00000",
    });
    await advance(t, 2 * HOUR);
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const waiting = await asApprover(res.body.data.id);
    expect(waiting.body.data).toMatchObject({
      status: "approved",
      awaitingActivation: true,
      resourceIds: [],
    });
    expect(await simulated()).toBe(before);
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    const queue = await operator.request<{ list: OrderRecord[] }>("/api/audit/approval", {
      query: { view: "activation", pageSize: 200 },
    });
    expect(queue.body.data.list.find((o) => o.id === res.body.data.id)?.type).toBe("thirdParty");
  });

  it("is one instance at a time", async () => {
    const { client, orgId } = await verifiedTenant(t, operator, "1000");
    const res = await apply(client, applyBody(partner, { quantity: 2 }));
    expect(res.body.code).toBe(26081);
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
  });

  it("is activated only with the partner's reference; the host then runs with it, no provider asked", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const res = await apply(tenant.client, applyBody(partner));
    const id = res.body.data.id;
    expect((await activate(id, {})).body.code).toBe(26080);
    expect((await activate(id, { externalRef: "   " })).status).toBe(400);
    expect((await activate(id, { externalRef: "x".repeat(129) })).status).toBe(400);
    expect((await asApprover(id)).body.data.awaitingActivation).toBe(true);

    const before = await simulated();
    const note = "ssh ubuntu@gpu.partner.example, key from the partner console";
    const done = await activate(id, { externalRef: "ins-7f3a9c21", accessNote: note, reason: "Delivered" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      type: "thirdParty",
      status: "completed",
      awaitingActivation: false,
    });
    expect(done.body.data.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["activated", "step", "completed"]),
    );
    expect(done.body.data.resourceIds).toHaveLength(1);
    const resourceId = done.body.data.resourceIds[0]!;
    expect(await simulated()).toBe(before);

    const seen = await host(tenant.client, resourceId);
    expect(seen.body.data).toMatchObject({
      status: "running",
      cloudEnvType: "thirdParty",
      externalRef: "ins-7f3a9c21",
      accessNote: note,
      paymentType: "prepaid",
      monthlyPrice: "310.00000",
    });
    // Its term is the prepaid month it was paid for, from the activation.
    const row = await resourceRow(resourceId);
    expect(row.providerRef).toBeNull();
    expect(row.expiresAt!.getTime() - t.clock.now().getTime()).toBeGreaterThan(27 * 24 * HOUR * 1000);
    const terms = await t.database.db
      .select()
      .from(resourceTerms)
      .where(eq(resourceTerms.resourceId, resourceId));
    expect(terms.map((x) => x.amount)).toEqual([y("310")]);
    // Once delivered it is no longer waiting: a second activation is refused.
    expect((await activate(id, { externalRef: "ins-other" })).body.code).toBe(26050);
    // The tenant is told it is ready; the step leaves it running.
    const ready = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.purpose, "order.completed"),
          eq(outboxMessages.channel, "email"),
          like(outboxMessages.body, `%${done.body.data.orderNo}%`),
        ),
      );
    expect(ready.map((m) => m.recipient)).toEqual([tenant.tenant.email]);
    await advance(t, 60);
    expect((await resourceRow(resourceId)).status).toBe("running");
  });

  it("is renewed and unsubscribed like any prepaid host, and the approvers are mailed to release it", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const { resourceId } = await delivered(tenant, "ins-renew-0001");
    const expiry = (await resourceRow(resourceId)).expiresAt!;
    const renewed = await tenant.client.request<RenewQuote>("/api/renew", {
      method: "POST",
      body: { resourceIds: [resourceId], periodMonths: 1, align: false },
      headers: idem(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await resourceRow(resourceId)).expiresAt!.getTime()).toBeGreaterThan(expiry.getTime());
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("380"));
    expect(await releaseMails("ins-renew-0001")).toEqual([]);

    const done = await unsubscribe(tenant, resourceId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Completed at once on our side: no provider to wait for.
    expect(done.body.data).toMatchObject({ type: "unsubscribe", status: "completed" });
    expect((await resourceRow(resourceId)).status).toBe("deleted");
    expect(await releaseMails("ins-renew-0001")).toEqual(approvers);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.purpose, "order.thirdPartyRelease"),
          eq(outboxMessages.recipient, approvers[0]!),
        ),
      );
    expect(mail!.body).toContain(done.body.data.orderNo);
    expect(mail!.subject).toContain("ins-renew-0001");
    // Told once, however often the step runs afterwards.
    await advance(t, 60);
    expect(await releaseMails("ins-renew-0001")).toEqual(approvers);
  });

  it("comes back running when renewed after expiry, since we never stopped it", async () => {
    const tenant = await verifiedTenant(t, operator, "310");
    const { resourceId } = await delivered(tenant, "ins-frozen-0004");
    await advance(t, 31 * 24 * HOUR);
    expect(await resourceRow(resourceId)).toMatchObject({ status: "frozen", statusBeforeFreeze: "running" });
    await fundCash(t.database.db, tenant.orgId, y("1000"), t.clock.now());
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const renewed = await tenant.client.request<RenewQuote>("/api/renew", {
      method: "POST",
      body: { resourceIds: [resourceId], periodMonths: 1, align: false },
      headers: idem(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await resourceRow(resourceId)).status).toBe("running");
  });

  it("postpaid: metered by the hour, released with its last hour, the approvers mailed", async () => {
    const tenant = await verifiedTenant(t, operator, "100");
    const { resourceId } = await delivered(tenant, "ins-hourly-0002", {
      paymentType: "postpaid",
      periodMonths: undefined,
    });
    // 310 ÷ 720 an hour: two whole hours by the step, then the part hour at release (three in all).
    t.clock.advance(2.5 * HOUR * 1000);
    await advance(t, 1);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100") - y("0.86111"));
    const done = await unsubscribe(tenant, resourceId);
    expect(done.body.data).toMatchObject({ type: "release", status: "completed" });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100") - y("0.86111") - y("0.43056"));
    expect(await releaseMails("ins-hourly-0002")).toEqual(approvers);
  });

  it("is closed instead with a full refund, nothing delivered", async () => {
    const { client, orgId } = await verifiedTenant(t, operator, "1000");
    const res = await apply(client, applyBody(partner));
    const closed = await operator.request<OrderDetail>(`/api/audit/approval/${res.body.data.id}/close`, {
      method: "POST",
      body: { reason: "The partner has no capacity" },
    });
    expect(closed.body.data).toMatchObject({ status: "terminated", refunded: "310.00000", resourceIds: [] });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
  });

  it("is seen by no other tenant, nor is its resource", async () => {
    const owner = await verifiedTenant(t, operator, "1000");
    const { orderId, resourceId } = await delivered(owner, "ins-private-0003");
    const other = await verifiedTenant(t, operator, "0");
    expect((await order(other.client, orderId)).status).toBe(404);
    expect((await host(other.client, resourceId)).status).toBe(404);
    const list = await other.client.request<{ list: OrderRecord[] }>("/api/orders", {
      query: { type: "thirdParty", pageSize: 100 },
    });
    expect(list.body.data.list).toEqual([]);
    const mine = await owner.client.request<{ list: OrderRecord[] }>("/api/orders", {
      query: { type: "thirdParty", pageSize: 100 },
    });
    expect(mine.body.data.list.map((o) => o.id)).toEqual([orderId]);
  });
});
