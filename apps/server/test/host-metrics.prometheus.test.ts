// Host monitoring from a real Prometheus (scripts/prometheus/start.sh: node-exporter on
// 127.0.0.1:9100 scraped every 2 s). This machine stands in for a host whose address is 127.0.0.1;
// a host at 127.0.0.2 has no exporter. Its charts read measured figures and say so, and the lifecycle
// step sets each host's monitoring indicator from whether Prometheus scrapes its exporter.
// Prometheus's data is in real time: the test clock is moved to the real time before reading.
import type { ResourceDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const PROMETHEUS_URL = process.env.PROMETHEUS_URL ?? "http://127.0.0.1:9090";

let t: TestApp;
let client: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
const hosts: { measured: string; unmonitored: string } = { measured: "", unmonitored: "" };

async function boughtHost(product: string, address: string): Promise<string> {
  const res = await apply(tenant.client, applyBody(product));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  await advance(t, 40);
  const [row] = await t.database.db.select().from(resources).where(eq(resources.orderId, res.body.data.id));
  expect(row?.status).toBe("running");
  // The simulator gave it an address no exporter answers on; the stand-in host is this machine.
  await t.database.db.update(resources).set({ ipAddress: address }).where(eq(resources.id, row!.id));
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ PROMETHEUS_URL, PROMETHEUS_INSTANCE: "{address}:9100" });
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  const product = await hostProduct(operator);
  tenant = await verifiedTenant(t, operator, "2000");
  hosts.measured = await boughtHost(product, "127.0.0.1");
  hosts.unmonitored = await boughtHost(product, "127.0.0.2");
  // To the real time, where Prometheus's samples are; then signed in again.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  client = await signedIn(t.app, t.clock, tenant.tenant);
});
afterAll(() => t.close());

const metricsOf = (id: string) =>
  client.request<{
    source: string;
    points: { at: string; cpuPercent: number; memoryPercent: number; netInKbps: number }[];
  }>(`/api/res/hosts/${id}/metrics`, { query: { range: "1h" } });

describe("host monitoring from Prometheus", () => {
  it("charts the measured host's figures from node-exporter, said to be measured", async () => {
    const res = await metricsOf(hosts.measured);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.source).toBe("prometheus");
    const points = res.body.data.points;
    expect(points.length).toBeGreaterThan(0);
    const last = points.at(-1)!;
    expect(last.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(last.cpuPercent).toBeLessThanOrEqual(100);
    // This machine's memory is in use: a measured figure, not a default.
    expect(last.memoryPercent).toBeGreaterThan(0);
    expect(last.memoryPercent).toBeLessThan(100);
    expect(Date.parse(last.at)).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it("shows nothing, not simulated figures, for a host Prometheus does not scrape", async () => {
    const res = await metricsOf(hosts.unmonitored);
    expect(res.body.data).toEqual({ range: "1h", source: "prometheus", points: [] });
  });

  it("sets each host's monitoring indicator from whether its exporter is scraped", async () => {
    await advance(t, 1);
    const indicator = async (id: string) =>
      (await client.request<ResourceDetail>(`/api/res/hosts/${id}`)).body.data.monitorStatus;
    expect(await indicator(hosts.measured)).toBe("running");
    expect(await indicator(hosts.unmonitored)).toBe("none");
  });
});
