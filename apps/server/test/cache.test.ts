// The cache service on the simulator (issue 16 item 5): the demo's `dcs-redis` product is quoted as
// its base plus its memory, bought prepaid (charged once) and postpaid through the order path, and
// made available with a connection and key prefix said to be simulated; a password reset asks for
// step-up, answers a new password once, seals it at rest and writes its audit row; a plan the
// product does not sell is refused in both languages; another tenant sees none of it; a prepaid
// instance frozen at expiry has its user turned off by the sweep and back on once renewed; an
// unsubscribe refunds by the rules and removes the user.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { cacheOf, cacheOrder, cacheRow, listCaches, orderedCache, resetCachePassword } from "./support/cache";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { defineManagedServiceContract } from "./support/managed-service-contract";
import { cashOf, idem, y } from "./support/money";
import { apply, verifiedTenant } from "./support/orders";

const GB = 1024 ** 3;
let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let prepaidId: string;
let postpaidId: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  // Starting the app migrates and seeds its database: over a minute on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe("buying a cache instance", () => {
  it("is quoted as the plan's base plus its memory", async () => {
    const quote = await owner.client.request<{ amount: string; dimension: string }>(
      "/api/billing/inquiry/price",
      {
        method: "POST",
        body: {
          productCode: "dcs-redis",
          spec: { memoryGb: 2 },
          quantity: 1,
          paymentType: "prepaid",
          periodMonths: 1,
        },
      },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // 30 + 2 GB × 60 = 150 a month.
    expect(quote.body.data).toMatchObject({ dimension: "memory", amount: "150.00000" });
  });

  it("refuses a memory plan the product does not sell, in both languages", async () => {
    for (const spec of [{ memoryGb: 3 }, { memoryGb: 32 }, {}]) {
      const res = await apply(owner.client, { ...cacheOrder(), spec });
      expect(res.status).toBe(400);
      expect(res.body.code, JSON.stringify(res.body)).toBe(29451);
      expect(res.body.message).toBe("Choose a memory plan this product offers (1, 2, 4, 8 or 16 GB)");
    }
    const zh = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: { ...cacheOrder(), spec: { memoryGb: 5 } },
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(zh.body.code).toBe(29451);
    expect(zh.body.message).toBe("请选择该产品提供的内存规格（1、2、4、8或16 GB）");
  });

  it("prepaid: is charged once and made available with a simulated connection and key prefix", async () => {
    const before = await cashOf(t.database.db, owner.orgId);
    prepaidId = await orderedCache(t, owner.client, { name: "sessions-cache" });
    // 30 + 1 GB × 60 = 90 for the month.
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - y("90"));
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, prepaidId));
    expect(row).toMatchObject({
      kind: "cache",
      status: "available",
      paymentType: "prepaid",
      providerRef: `dcs:${prepaidId}`,
    });
    const cache = await cacheOf(owner.client, prepaidId);
    expect(cache.memoryGb).toBe(1);
    expect(cache.expiresAt).not.toBeNull();
    expect(cache.connection).toMatchObject({
      simulated: true,
      host: "cache.simulated.invalid",
      port: 6379,
      keyPrefix: `dcs:${prepaidId}:`,
    });
    expect(cache.connection!.username).toMatch(/^dcs_[0-9a-f]{24}$/);
    expect(cache.usage).toMatchObject({ planBytes: GB, writesPaused: false });
  });

  it("postpaid: is made without a term and listed beside the prepaid one", async () => {
    postpaidId = await orderedCache(t, owner.client, {
      name: "queue-cache",
      paymentType: "postpaid",
      memoryGb: 4,
    });
    const cache = await cacheOf(owner.client, postpaidId);
    expect(cache).toMatchObject({ paymentType: "postpaid", expiresAt: null, memoryGb: 4 });
    expect(cache.usage!.planBytes).toBe(4 * GB);
    const list = await listCaches(owner.client);
    expect(list.body.data.list.map((c) => c.id).sort()).toEqual([prepaidId, postpaidId].sort());
    const byName = await listCaches(owner.client, { keyword: "queue" });
    expect(byName.body.data.list.map((c) => c.id)).toEqual([postpaidId]);
  });
});

defineManagedServiceContract({
  base: "/api/res/dcs",
  auditAction: "cache.passwordReset",
  notReadyCode: 29452,
  app: () => t,
  owner: () => owner,
  operator: () => operator,
  ids: () => ({ prepaid: prepaidId, postpaid: postpaidId }),
  of: cacheOf,
  list: (client) => listCaches(client),
  reset: resetCachePassword,
  row: (id) => cacheRow(t, id),
  // 30 + 60 × 2 a month.
  buyLarger: async () => ({
    id: await orderedCache(t, owner.client, { name: "short-cache", memoryGb: 2 }),
    monthly: "150",
  }),
});
