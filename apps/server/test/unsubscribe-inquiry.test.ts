// The unsubscribe inquiry (issue 5): what blocks an unsubscribe — spec §8's "a running job prevents
// unsubscribe" while the provider works on the resource, in the inquiry and the unsubscribe alike,
// changing nothing — and where the refund goes back to, equal to what the ledger then posts. The
// clock is moved, never waited for.
import type { OrderDetail, ResourceDetail, UnsubscribeQuote } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, creditUsedOf, fundCash, idem, ledgerFingerprint, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const RUNNING_JOB = "A running job prevents unsubscribe";
let t: TestApp;
let operator: TestClient;
let product: string;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

async function buyHost(tenant: Tenant): Promise<string> {
  const res = await apply(tenant.client, applyBody(product));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  return order.body.data.resourceIds[0]!;
}

const statusOf = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!.status;
const inquiry = (tenant: Tenant, id: string) =>
  tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`);
const unsubscribe = (tenant: Tenant, id: string) =>
  tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, { method: "POST", headers: idem() });

/** The inquiry and the unsubscribe both answer the running job, and nothing changes. */
async function expectRunningJob(tenant: Tenant, id: string): Promise<void> {
  const fingerprint = await ledgerFingerprint(t.database.db);
  const status = await statusOf(id);
  const quote = await inquiry(tenant, id);
  expect(quote.status).toBe(200);
  expect(quote.body.data.blockedBy).toBe(RUNNING_JOB);
  const refused = await unsubscribe(tenant, id);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(RUNNING_JOB);
  expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  expect(await statusOf(id)).toBe(status);
}

// Each test starts on 22 November 2026 at 10:00 Shanghai time.
beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator);
});
afterEach(() => t.close());

describe("a running job", () => {
  it("blocks the unsubscribe of a host that is stopping, until it has stopped", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    const stopping = await tenant.client.request<ResourceDetail>(`/api/res/hosts/${id}/action`, {
      method: "POST",
      body: { action: "stop" },
    });
    expect(stopping.body.data).toMatchObject({ status: "stopping", taskStatus: "stop" });
    await expectRunningJob(tenant, id);
    // Refused in the caller's language too.
    const zh = await tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`, {
      headers: { "accept-language": "zh-CN" },
    });
    expect(zh.body.data.blockedBy).toBe("存在运行中的作业，无法退订");

    await advance(t, 11);
    expect(await statusOf(id)).toBe("stopped");
    expect((await inquiry(tenant, id)).body.data.blockedBy).toBeNull();
    expect((await unsubscribe(tenant, id)).status).toBe(200);
  });

  it("blocks the unsubscribe of a host while a snapshot of it is being taken", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    const snapshot = await tenant.client.request<ResourceDetail>("/api/res/snapshots", {
      method: "POST",
      body: { hostId: id, name: "before-release" },
    });
    expect(snapshot.body.data.status).toBe("creating");
    expect(await statusOf(id)).toBe("running");
    await expectRunningJob(tenant, id);

    await advance(t, 30);
    expect(await statusOf(snapshot.body.data.id)).toBe("available");
    expect((await inquiry(tenant, id)).body.data.blockedBy).toBeNull();
  });
});

describe("where the refund goes back to", () => {
  it("credit still in use is restored, credit repaid since comes back as cash, as the ledger posts it", async () => {
    // 100 cash and a 500 credit limit: the 310 host takes cash 100 and credit 210. 100 arriving
    // later repays credit (110 left in use). 9.5 days in, 10 days are used: 310 × 10 ÷ 30 =
    // 103.33333, refund 206.66667, to credit first (it gave 210) — but only 110 is still in use, so
    // 110 restores credit and 96.66667 comes back as cash.
    const tenant = await verifiedTenant(t, operator, "100");
    const limit = await operator.request(`/api/ops/orgs/${tenant.orgId}/credit_limit`, {
      method: "PUT",
      body: { creditLimit: "500" },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const id = await buyHost(tenant);
    expect(await creditUsedOf(t.database.db, tenant.orgId)).toBe(y("210"));
    await fundCash(t.database.db, tenant.orgId, y("100"), t.clock.now());
    expect(await creditUsedOf(t.database.db, tenant.orgId)).toBe(y("110"));
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(0n);

    t.clock.advance(9.5 * 86_400_000 - 45_000);
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const quote = await inquiry(tenant, id);
    expect(quote.body.data).toMatchObject({
      paid: "310.00000",
      used: "103.33333",
      refund: "206.66667",
      refundTo: [
        { source: "credit", sourceId: null, amount: "110.00000", voucherClosed: false },
        { source: "cash", sourceId: null, amount: "96.66667", voucherClosed: false },
      ],
    });
    const sum = quote.body.data.refundTo.reduce((s, a) => s + y(a.amount), 0n);
    expect(sum).toBe(y(quote.body.data.refund));

    const done = await unsubscribe(tenant, id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.refunded).toBe("206.66667");
    expect(await creditUsedOf(t.database.db, tenant.orgId)).toBe(0n);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("96.66667"));
  });
});
