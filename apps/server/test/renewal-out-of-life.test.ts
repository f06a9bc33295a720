// Issue 11 §3: a resource on its way out is not renewed. After an unsubscribe a disk stayed
// `releasing` and could still be renewed for 36 months (charged), was listed on the renewal page,
// and was then deleted with nothing refunded. Renewal, auto-renew and configuration change are
// refused while a resource is releasing or gone, the renewal list leaves it out, and whatever was
// paid for and unused when a resource is deleted is refunded by the rules, however the calls race.
import { randomUUID } from "node:crypto";
import type { OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeForOrder, toJsonAllocations } from "../src/modules/finance/order-charge";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, ledgerFingerprint, y } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});

/** The provider fails the next deletion: what is unsubscribed stays `releasing` until a later pass. */
async function failNextDelete(): Promise<void> {
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const armed = await operator.request("/api/ops/simulator/faults", {
    method: "POST",
    body: { operation: "delete", count: 1, message: "simulated delete failure" },
  });
  expect(armed.status, JSON.stringify(armed.body)).toBe(200);
}
afterAll(() => t.close());

async function buyDisk(client: TestClient): Promise<string> {
  const body = applyBody("evs-disk", {
    spec: { diskType: "ssd", sizeGb: 100 },
    name: `disk-${unique().slice(-6)}`,
  });
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 15);
  const order = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  return order.body.data.resourceIds[0]!;
}

const statusOf = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!.status;

describe("a disk being released", () => {
  let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
  let diskId: string;

  beforeAll(async () => {
    tenant = await verifiedTenant(t, operator, "5000");
    diskId = await buyDisk(tenant.client);
    await failNextDelete();
    const gone = await tenant.client.request(`/api/service/unsubscribe/${diskId}`, {
      method: "POST",
      body: {},
      headers: idem(),
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await statusOf(diskId)).toBe("releasing");
  });

  it("is refused a renewal, its quote, auto-renew and a change, and nothing moves", async () => {
    const before = await ledgerFingerprint(t.database.db);
    const body = { resourceIds: [diskId], periodMonths: 36, align: false };
    for (const [path, method, payload] of [
      ["/api/renew", "POST", body],
      ["/api/billing/inquiry/renew", "POST", body],
      [`/api/renew/${diskId}/auto`, "PUT", { autoRenew: true }],
      ["/api/service/resize_resource", "POST", { resourceId: diskId, spec: { sizeGb: 200 } }],
      ["/api/billing/inquiry/modify", "POST", { resourceId: diskId, spec: { sizeGb: 200 } }],
    ] as const) {
      const res = await tenant.client.request(path, { method, body: payload, headers: idem() });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message, path).toBe("The resource cannot do this while it is Releasing");
    }
    const zh = await tenant.client.request("/api/renew", {
      method: "POST",
      body,
      headers: idem(),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("资源当前状态（释放中）不允许该操作");
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, diskId));
    expect(row!.autoRenew).toBe(false);
  });

  it("is not listed for renewal", async () => {
    const list = await tenant.client.request<{ list: ResourceRecord[] }>("/api/res/volumes", {
      query: { expiringWithinDays: 366 },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r) => r.id)).not.toContain(diskId);
  });
});

describe("a renewal racing an unsubscribe", () => {
  it("either is refused or is refunded with the rest when the disk goes: the tenant keeps one day", async () => {
    for (let round = 0; round < 4; round++) {
      const tenant = await verifiedTenant(t, operator, "5000");
      const diskId = await buyDisk(tenant.client);
      await advance(t, 3600);
      tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
      await failNextDelete();
      const [renewed, gone] = await Promise.all([
        tenant.client.request("/api/renew", {
          method: "POST",
          body: { resourceIds: [diskId], periodMonths: 36, align: false },
          headers: idem(),
        }),
        tenant.client.request(`/api/service/unsubscribe/${diskId}`, {
          method: "POST",
          body: {},
          headers: idem(),
        }),
      ]);
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      expect([200, 400]).toContain(renewed.status);
      // The deletion completes; whatever was paid and is unused by then has come back.
      expect(await statusOf(diskId)).toBe("releasing");
      await advance(t, 30);
      expect(await statusOf(diskId)).toBe("deleted");
      // 100 GB of SSD at 1 a GB a month, refunded paid minus used: the day begun (100 × 1 ÷ 30) is kept.
      expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("5000") - y("3.33333"));
      const terms = await t.database.db
        .select()
        .from(resourceTerms)
        .where(eq(resourceTerms.resourceId, diskId));
      expect(terms.length).toBe(renewed.status === 200 ? 2 : 1);
    }
  });
});

describe("a term paid while the resource was on its way out", () => {
  it("is refunded by the rules when the provider deletes the resource", async () => {
    // Data an earlier version left behind: a 36-month renewal charged on a disk already releasing.
    const tenant = await verifiedTenant(t, operator, "5000");
    const diskId = await buyDisk(tenant.client);
    await failNextDelete();
    await tenant.client.request(`/api/service/unsubscribe/${diskId}`, {
      method: "POST",
      body: {},
      headers: idem(),
    });
    expect(await statusOf(diskId)).toBe("releasing");
    const now = t.clock.now();
    const [disk] = await t.database.db.select().from(resources).where(eq(resources.id, diskId));
    await t.database.db.transaction(async (tx) => {
      const allocations = await chargeForOrder(tx, {
        orgId: tenant.orgId,
        orderNo: `RN-${diskId.slice(0, 8)}`,
        productCode: "evs-disk",
        productName: { zh: "云硬盘", en: "disk" },
        paymentType: "prepaid",
        originalAmount: y("3600"),
        amount: y("3600"),
        createdBy: null,
        now,
        timeZone: t.config.businessTimeZone,
        memo: { key: "renewal", params: { name: "disk", months: 12 } },
      });
      await tx.insert(resourceTerms).values({
        id: randomUUID(),
        resourceId: diskId,
        orgId: tenant.orgId,
        kind: "renewal",
        months: 36,
        startsAt: disk!.expiresAt!,
        endsAt: new Date(disk!.expiresAt!.getTime() + 1095 * 86_400_000),
        amount: y("3600"),
        paid: toJsonAllocations(allocations),
        createdAt: now,
      });
    });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("5000") - y("3600"));
    await advance(t, 30);
    expect(await statusOf(diskId)).toBe("deleted");
    // The renewal had not begun: all of it comes back (the disk's own month was refunded whole at
    // the unsubscribe, made in the instant it was provisioned).
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("5000"));
  });
});
