// Changing a running database, cache instance or message queue (issue 16: "changes its size or
// class with the price difference"): a queue moves to another plan and its vhost takes the new
// limits, a cache instance to another memory plan (never below what its keys take), a database to
// another class or more storage (never less). Prepaid changes charge the difference for the rest of
// the term; postpaid ones change the hourly price. Each refusal has its own message in both
// languages and changes nothing.
import type { OrderDetail, ResizeQuote } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheInstances } from "../src/modules/cache/cache.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { orderedCache } from "./support/cache";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, verifiedTenant } from "./support/orders";
import { orderedQueue, queueOf, queueRow } from "./support/queue";
import { databaseOf, orderedDatabase } from "./support/rds";

let t: TestApp;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;

beforeAll(async () => {
  t = await startTestApp();
  const operator: TestClient = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "5000");
}, 180_000);
afterAll(() => t.close());

const quote = (resourceId: string, spec: Record<string, unknown>) =>
  owner.client.request<ResizeQuote>("/api/billing/inquiry/modify", {
    method: "POST",
    body: { resourceId, spec },
  });
const change = (resourceId: string, spec: Record<string, unknown>, locale?: "zh-CN" | "en-US") =>
  owner.client.request<OrderDetail>("/api/service/resize_resource", {
    method: "POST",
    body: { resourceId, spec },
    headers: idem(),
    ...(locale ? { locale } : {}),
  });
const row = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;

describe("a message queue's plan", () => {
  it("prepaid: charges the difference for the rest of the term and sets the new limits on the vhost", async () => {
    const id = await orderedQueue(t, owner.client, { name: "plan-queue" });
    const q = await quote(id, { flavorId: "medium" });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data).toMatchObject({ oldMonthlyPrice: "60.00000", newMonthlyPrice: "180.00000" });
    const difference = q.body.data.difference;
    expect(y(difference)).toBeGreaterThan(0n);
    const before = await cashOf(t.database.db, owner.orgId);
    const done = await change(id, { flavorId: "medium" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await advance(t, 5);
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - y(difference));
    expect((await queueOf(owner.client, id)).limits).toEqual({
      planId: "medium",
      maxQueues: 500,
      maxConnections: 200,
    });
    expect(await queueRow(t, id)).toMatchObject({ planId: "medium", maxQueues: 500, maxConnections: 200 });
    expect(await row(id)).toMatchObject({ status: "available", monthlyPrice: y("180") });
  });

  it("refuses the plan it has and one the product does not sell", async () => {
    const id = await orderedQueue(t, owner.client, { name: "same-queue", paymentType: "postpaid" });
    const same = await change(id, { flavorId: "small" });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("The configuration has not changed");
    const unknown = await change(id, { flavorId: "huge" });
    expect(unknown.body.code).toBe(29501);
    expect(await queueRow(t, id)).toMatchObject({ planId: "small", maxQueues: 100 });
  });
});

describe("a cache instance's memory", () => {
  it("postpaid: moves to a larger plan at the new hourly price", async () => {
    const id = await orderedCache(t, owner.client, { name: "plan-cache", paymentType: "postpaid" });
    const done = await change(id, { memoryGb: 2 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await advance(t, 5);
    // 30 + 60 × 2 a month.
    expect(await row(id)).toMatchObject({ status: "available", monthlyPrice: y("150") });
    const [instance] = await t.database.db
      .select()
      .from(cacheInstances)
      .where(eq(cacheInstances.resourceId, id));
    expect(instance!.planBytes).toBe(2 * 1024 ** 3);
  });

  it("refuses a plan smaller than what the keys took at the last measurement, in both languages", async () => {
    const id = await orderedCache(t, owner.client, {
      name: "full-cache",
      memoryGb: 4,
      paymentType: "postpaid",
    });
    // The sweep measured 3 GB of keys.
    await t.database.db
      .update(cacheInstances)
      .set({ usedBytes: 3 * 1024 ** 3 })
      .where(eq(cacheInstances.resourceId, id));
    const en = await change(id, { memoryGb: 2 });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(29454);
    expect(en.body.message).toBe(
      "The instance's data takes 3.00 GB already, more than a 2 GB plan; delete some data first or choose a larger plan",
    );
    const zh = await change(id, { memoryGb: 1 }, "zh-CN");
    expect(zh.body.message).toBe(
      "实例的数据已占用3.00 GB，不能改为1 GB的规格；请先删除部分数据或选择更大的规格",
    );
    expect(await row(id)).toMatchObject({ status: "available", spec: { memoryGb: 4 } });
    // A plan that holds them is fine.
    expect((await change(id, { memoryGb: 8 })).status).toBe(200);
  });
});

describe("a database's class and storage", () => {
  it("prepaid: moves to a larger class with more storage, charging the difference", async () => {
    const id = await orderedDatabase(t, owner.client, { name: "plan-db" });
    const q = await quote(id, { flavorId: "s4m8", sizeGb: 30 });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    // 260 + 0.8 × 20 before; 520 + 0.8 × 30 after.
    expect(q.body.data).toMatchObject({ oldMonthlyPrice: "276.00000", newMonthlyPrice: "544.00000" });
    const before = await cashOf(t.database.db, owner.orgId);
    const done = await change(id, { flavorId: "s4m8", sizeGb: 30 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await advance(t, 5);
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - y(q.body.data.difference));
    const db = await databaseOf(owner.client, id);
    expect(db.spec).toMatchObject({
      engine: "postgresql",
      flavorId: "s4m8",
      vcpu: 4,
      memoryGb: 8,
      sizeGb: 30,
    });
    expect(db.status).toBe("available");
  });

  it("never shrinks the storage, in both languages", async () => {
    const id = await orderedDatabase(t, owner.client, {
      name: "big-db",
      sizeGb: 100,
      paymentType: "postpaid",
    });
    const en = await change(id, { sizeGb: 50 });
    expect(en.body.code).toBe(29404);
    expect(en.body.message).toBe("A database's storage only grows: it has 100 GB now; choose a larger size");
    const zh = await change(id, { flavorId: "s4m8", sizeGb: 90 }, "zh-CN");
    expect(zh.body.message).toBe("数据库存储只能扩大：当前为100 GB，请选择更大的容量");
    expect((await row(id)).spec).toMatchObject({ flavorId: "s2m4", sizeGb: 100 });
    const bad = await change(id, { sizeGb: 105 });
    expect(bad.body.code).toBe(29401);
  });
});
