// The message-queue service in tests: the demo's `dms-rabbitmq` order, buying one through the order
// path, the tenant's view of it (/api/res/dms), and the instance's row.
import type { Page, QueueInstance, QueuePasswordReset } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { queueInstances } from "../../src/modules/queue/queue.schema";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";
import { orderedResource } from "./hpc-pool";

export const queueOrder = (overrides: { plan?: string; name?: string; paymentType?: string } = {}) => ({
  productCode: "dms-rabbitmq",
  spec: { flavorId: overrides.plan ?? "small" },
  name: overrides.name ?? "orders-queue",
  quantity: 1,
  paymentType: overrides.paymentType ?? "prepaid",
  ...(overrides.paymentType === "postpaid" ? {} : { periodMonths: 1 }),
});

/** Buys a message-queue instance and lets provisioning finish: its resource id. */
export const orderedQueue = (
  t: TestApp,
  client: TestClient,
  overrides: Parameters<typeof queueOrder>[0] = {},
) => orderedResource(t, client, queueOrder(overrides));

export async function queueOf(client: TestClient, id: string): Promise<QueueInstance> {
  const res = await client.request<QueueInstance>(`/api/res/dms/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listQueues = (client: TestClient, query: Record<string, string> = {}) =>
  client.request<Page<QueueInstance>>("/api/res/dms", { query });

export async function resetQueuePassword(client: TestClient, id: string): Promise<QueuePasswordReset> {
  const res = await client.request<QueuePasswordReset>(`/api/res/dms/${id}/password`, { method: "POST" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The instance's row on our side. */
export async function queueRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(queueInstances).where(eq(queueInstances.resourceId, id));
  return row!;
}
