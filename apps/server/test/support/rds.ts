// Relational databases in tests: the demo's `rds-standard` order, buying one through the order
// path, and the tenant's view of it (/api/res/rds).
import type { Page, RdsInstance, RdsPasswordReset } from "@skyledger/contracts";
import { expect } from "vitest";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";
import { orderedResource } from "./hpc-pool";

export const rdsOrder = (
  overrides: { engine?: string; name?: string; paymentType?: string; sizeGb?: number } = {},
) => ({
  productCode: "rds-standard",
  spec: { engine: overrides.engine ?? "postgresql", flavorId: "s2m4", sizeGb: overrides.sizeGb ?? 20 },
  name: overrides.name ?? "orders-db",
  quantity: 1,
  paymentType: overrides.paymentType ?? "prepaid",
  ...(overrides.paymentType === "postpaid" ? {} : { periodMonths: 1 }),
});

/** Buys a database and lets provisioning finish: its resource id. */
export const orderedDatabase = (
  t: TestApp,
  client: TestClient,
  overrides: Parameters<typeof rdsOrder>[0] = {},
) => orderedResource(t, client, rdsOrder(overrides));

export async function databaseOf(client: TestClient, id: string): Promise<RdsInstance> {
  const res = await client.request<RdsInstance>(`/api/res/rds/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listDatabases = (client: TestClient) => client.request<Page<RdsInstance>>("/api/res/rds");

export async function resetPassword(client: TestClient, id: string): Promise<RdsPasswordReset> {
  const res = await client.request<RdsPasswordReset>(`/api/res/rds/${id}/password`, { method: "POST" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
