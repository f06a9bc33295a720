// The cache service in tests: the demo's `dcs-redis` order, buying one through the order path, the
// tenant's view of it (/api/res/dcs), and the sweep's row.
import type { CacheInstance, CachePasswordReset, Page } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { cacheInstances } from "../../src/modules/cache/cache.schema";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";
import { orderedResource } from "./hpc-pool";

export const cacheOrder = (overrides: { memoryGb?: number; name?: string; paymentType?: string } = {}) => ({
  productCode: "dcs-redis",
  spec: { memoryGb: overrides.memoryGb ?? 1 },
  name: overrides.name ?? "sessions-cache",
  quantity: 1,
  paymentType: overrides.paymentType ?? "prepaid",
  ...(overrides.paymentType === "postpaid" ? {} : { periodMonths: 1 }),
});

/** Buys a cache instance and lets provisioning finish: its resource id. */
export const orderedCache = (
  t: TestApp,
  client: TestClient,
  overrides: Parameters<typeof cacheOrder>[0] = {},
) => orderedResource(t, client, cacheOrder(overrides));

export async function cacheOf(client: TestClient, id: string): Promise<CacheInstance> {
  const res = await client.request<CacheInstance>(`/api/res/dcs/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listCaches = (client: TestClient, query: Record<string, string> = {}) =>
  client.request<Page<CacheInstance>>("/api/res/dcs", { query });

export async function resetCachePassword(client: TestClient, id: string): Promise<CachePasswordReset> {
  const res = await client.request<CachePasswordReset>(`/api/res/dcs/${id}/password`, { method: "POST" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The instance's row on our side (what the sweep applied and measured). */
export async function cacheRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(cacheInstances).where(eq(cacheInstances.resourceId, id));
  return row!;
}
