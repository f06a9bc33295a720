// The message-queue service on the simulator (issue 16 item 6): the demo's `dms-rabbitmq` product is
// quoted as its base plus the plan, bought prepaid (charged once) and postpaid through the order
// path, and made available with a connection and virtual host said to be simulated and the plan's
// limits; a password reset asks for step-up, answers a new password once, seals it at rest and
// writes its audit row; a plan the product does not sell is refused in both languages; another
// tenant sees none of it; a prepaid instance frozen at expiry loses its permissions and gets them
// back once renewed; an unsubscribe refunds by the rules and removes the vhost and user.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { defineManagedServiceContract } from "./support/managed-service-contract";
import { cashOf, idem, y } from "./support/money";
import { apply, verifiedTenant } from "./support/orders";
import { listQueues, orderedQueue, queueOf, queueOrder, queueRow, resetQueuePassword } from "./support/queue";

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

describe("buying a message-queue instance", () => {
  it("is quoted as the base plus the plan, by the month and by the hour", async () => {
    const ask = (body: Record<string, unknown>) =>
      owner.client.request<{ amount: string; dimension: string }>("/api/billing/inquiry/price", {
        method: "POST",
        body: { productCode: "dms-rabbitmq", spec: { flavorId: "medium" }, quantity: 1, ...body },
      });
    const month = await ask({ paymentType: "prepaid", periodMonths: 1 });
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    // 20 + 160 = 180 a month.
    expect(month.body.data).toMatchObject({ dimension: "plan:medium", amount: "180.00000" });
    const hour = await ask({ paymentType: "postpaid", hours: 1 });
    expect(hour.status, JSON.stringify(hour.body)).toBe(200);
    // 180 ÷ 720 = 0.25 an hour.
    expect(hour.body.data).toMatchObject({ dimension: "plan:medium", amount: "0.25000" });
  });

  it("refuses a plan the product does not sell, in both languages", async () => {
    for (const spec of [{ flavorId: "huge" }, { memoryGb: 1 }, {}]) {
      const res = await apply(owner.client, { ...queueOrder(), spec });
      expect(res.status).toBe(400);
      expect(res.body.code, JSON.stringify(res.body)).toBe(29501);
      expect(res.body.message).toBe("Choose a plan this product offers");
    }
    const zh = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: { ...queueOrder(), spec: { flavorId: "tiny" } },
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(zh.body.code).toBe(29501);
    expect(zh.body.message).toBe("请选择该产品提供的规格");
  });

  it("prepaid: is charged once and made available with a simulated connection, vhost and limits", async () => {
    const before = await cashOf(t.database.db, owner.orgId);
    prepaidId = await orderedQueue(t, owner.client, { name: "orders-queue" });
    // 20 + 40 = 60 for the month.
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - y("60"));
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, prepaidId));
    expect(row).toMatchObject({
      kind: "queue",
      status: "available",
      paymentType: "prepaid",
      providerRef: `dms:${prepaidId}`,
    });
    const queue = await queueOf(owner.client, prepaidId);
    expect(queue.expiresAt).not.toBeNull();
    expect(queue.limits).toEqual({ planId: "small", maxQueues: 100, maxConnections: 50 });
    expect(queue.connection).toMatchObject({ simulated: true, host: "mq.simulated.invalid", port: 5672 });
    expect(queue.connection!.username).toMatch(/^dms_[0-9a-f]{24}$/);
    expect(queue.connection!.vhost).toBe(queue.connection!.username);
    expect(queue.enabled).toBe(true);
  });

  it("postpaid: is made without a term and listed beside the prepaid one", async () => {
    postpaidId = await orderedQueue(t, owner.client, {
      name: "events-queue",
      paymentType: "postpaid",
      plan: "large",
    });
    const queue = await queueOf(owner.client, postpaidId);
    expect(queue).toMatchObject({ paymentType: "postpaid", expiresAt: null });
    expect(queue.limits).toEqual({ planId: "large", maxQueues: 2000, maxConnections: 1000 });
    const list = await listQueues(owner.client);
    expect(list.body.data.list.map((c) => c.id).sort()).toEqual([prepaidId, postpaidId].sort());
    const byName = await listQueues(owner.client, { keyword: "events" });
    expect(byName.body.data.list.map((c) => c.id)).toEqual([postpaidId]);
  });
});

defineManagedServiceContract({
  base: "/api/res/dms",
  auditAction: "queue.passwordReset",
  notReadyCode: 29502,
  app: () => t,
  owner: () => owner,
  operator: () => operator,
  ids: () => ({ prepaid: prepaidId, postpaid: postpaidId }),
  of: queueOf,
  list: (client) => listQueues(client),
  reset: resetQueuePassword,
  row: (id) => queueRow(t, id),
  // 20 + 160 a month.
  buyLarger: async () => ({
    id: await orderedQueue(t, owner.client, { name: "short-queue", plan: "medium" }),
    monthly: "180",
  }),
});
