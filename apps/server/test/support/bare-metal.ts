// Bare-metal servers in tests: the demo's `bms-standard` order, buying one through the order path
// (provisioning takes the simulator's eight minutes), the tenant's view (/api/res/baremetal) and
// the simulator's instance behind it.
import type { BareMetalServer, OrderDetail, Page } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { resources } from "../../src/modules/resources/resources.schema";
import { SIMULATOR_DELAYS } from "../../src/providers/simulator/simulator.provider";
import { simInstances } from "../../src/providers/simulator/simulator.schema";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";
import { advance, apply } from "./orders";

export const bmsOrder = (
  overrides: { flavorId?: string; imageId?: string; name?: string; paymentType?: string } = {},
) => ({
  productCode: "bms-standard",
  spec: { flavorId: overrides.flavorId ?? "bms-c32", imageId: overrides.imageId ?? "rocky-9" },
  name: overrides.name ?? "render-node",
  quantity: 1,
  paymentType: overrides.paymentType ?? "prepaid",
  ...(overrides.paymentType === "postpaid" ? {} : { periodMonths: 1 }),
});

/** Orders a server and moves the clock until the simulator has made it: its resource id. */
export async function orderedServer(
  t: TestApp,
  client: TestClient,
  overrides: Parameters<typeof bmsOrder>[0] = {},
): Promise<string> {
  const res = await apply(client, bmsOrder(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  await advance(t, SIMULATOR_DELAYS.create.bareMetal);
  const done = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(done.body.data.status).toBe("completed");
  return done.body.data.resourceIds[0]!;
}

export async function serverOf(client: TestClient, id: string): Promise<BareMetalServer> {
  const res = await client.request<BareMetalServer>(`/api/res/baremetal/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listServers = (client: TestClient, query: Record<string, string> = {}) =>
  client.request<Page<BareMetalServer>>("/api/res/baremetal", { query });

export const actOn = (client: TestClient, id: string, action: string) =>
  client.request<BareMetalServer>(`/api/res/baremetal/${id}/action`, { method: "POST", body: { action } });

/** The simulator's instance behind the server. */
export async function simulatedMachine(t: TestApp, id: string) {
  const [r] = await t.database.db.select().from(resources).where(eq(resources.id, id));
  const [row] = await t.database.db.select().from(simInstances).where(eq(simInstances.id, r!.providerRef!));
  return row!;
}
