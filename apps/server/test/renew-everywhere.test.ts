// Issue 13 §3: every resource can be renewed from where it is. Renewal management lists every
// prepaid resource that may be renewed — a 3-month host never appeared in the 90-day list — or those
// ending within the days asked, soonest first, never a postpaid one or one on its way out. Hosts
// show their addresses: the simulator gives a host a private IPv4 and an elastic IP a public one at
// creation, kept with the resource, and a host shows the address of the elastic IP bound to it.
import type { OrderDetail, ResourceDetail, ResourceRecord } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { simInstances } from "../src/providers/simulator/simulator.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { idem } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
let other: Awaited<ReturnType<typeof verifiedTenant>>;
const ids = { host3: "", disk1: "", ip12: "", postpaid: "", gone: "" };

type Page = { list: ResourceRecord[]; total: number };

async function buy(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

const renewable = (client: TestClient, query: Record<string, string | number> = {}, locale?: "zh-CN") =>
  client.request<Page>("/api/renew", { query, ...(locale ? { locale } : {}) });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await verifiedTenant(t, operator, "20000");
  other = await verifiedTenant(t, operator, "2000");
  const c = tenant.client;
  ids.host3 = await buy(c, applyBody("ecs-standard", { name: `h3-${unique().slice(-6)}`, periodMonths: 3 }));
  ids.disk1 = await buy(
    c,
    applyBody("evs-disk", { spec: { diskType: "ssd", sizeGb: 50 }, name: `d1-${unique().slice(-6)}` }),
  );
  ids.ip12 = await buy(
    c,
    applyBody("eip", { spec: { bandwidthMbps: 1 }, name: `ip-${unique().slice(-6)}`, periodMonths: 12 }),
  );
  ids.postpaid = await buy(
    c,
    applyBody("ecs-standard", {
      name: `pp-${unique().slice(-6)}`,
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  );
  ids.gone = await buy(
    c,
    applyBody("evs-disk", { spec: { diskType: "sata", sizeGb: 50 }, name: `gone-${unique().slice(-6)}` }),
  );
  const unsubscribed = await c.request(`/api/service/unsubscribe/${ids.gone}`, {
    method: "POST",
    body: {},
    headers: idem(),
  });
  expect(unsubscribed.status, JSON.stringify(unsubscribed.body)).toBe(200);
  await advance(t, 30);
  await buy(other.client, applyBody("ecs-standard", { name: `x-${unique().slice(-6)}` }));
});
afterAll(() => t.close());

describe("renewal management's list", () => {
  it("lists every prepaid resource that may be renewed, soonest expiry first, when no range is asked", async () => {
    const all = await renewable(tenant.client);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    // The 1-month disk, the 3-month host, the 12-month IP; not the postpaid host, not the disk
    // unsubscribed, not the other organisation's host.
    expect(all.body.data.list.map((r) => r.id)).toEqual([ids.disk1, ids.host3, ids.ip12]);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.every((r) => r.paymentType === "prepaid")).toBe(true);
  });

  it("narrows to those ending within the days asked: the 3-month host appears once the range reaches it", async () => {
    const month = await renewable(tenant.client, { expiringWithinDays: 31 });
    expect(month.body.data.list.map((r) => r.id)).toEqual([ids.disk1]);
    const quarter = await renewable(tenant.client, { expiringWithinDays: 93 });
    expect(quarter.body.data.list.map((r) => r.id)).toEqual([ids.disk1, ids.host3]);
  });

  it("filters by kind and name, and pages", async () => {
    const hosts = await renewable(tenant.client, { kind: "host" });
    expect(hosts.body.data.list.map((r) => r.id)).toEqual([ids.host3]);
    const host = hosts.body.data.list[0]!;
    const byName = await renewable(tenant.client, { keyword: host.name.slice(0, 6) });
    expect(byName.body.data.list.map((r) => r.id)).toEqual([ids.host3]);
    const second = await renewable(tenant.client, { pageNum: 2, pageSize: 2 });
    expect(second.body.data.list.map((r) => r.id)).toEqual([ids.ip12]);
    expect(second.body.data.total).toBe(3);
  });

  it("names each status in the reader's language", async () => {
    const en = await renewable(tenant.client, { kind: "host" });
    expect(en.body.data.list[0]!.statusName).toBe("Running");
    const zh = await renewable(tenant.client, { kind: "host" }, "zh-CN");
    expect(zh.body.data.list[0]!.statusName).toBe("运行中");
  });

  it("refuses a range out of bounds, in both languages, and a platform account", async () => {
    const en = await renewable(tenant.client, { expiringWithinDays: 400 });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      message: "Parameter exception",
      data: { fields: [{ path: "expiringWithinDays" }] },
    });
    const zh = await renewable(tenant.client, { expiringWithinDays: -1 }, "zh-CN");
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({
      message: "参数异常",
      data: { fields: [{ path: "expiringWithinDays" }] },
    });
    const ops = await operator.request("/api/renew");
    expect(ops.status).toBe(403);
  });

  it("renews the 3-month host found there, and switches its auto-renew", async () => {
    const before = (await renewable(tenant.client, { kind: "host" })).body.data.list[0]!;
    const renewed = await tenant.client.request("/api/renew", {
      method: "POST",
      body: { resourceIds: [ids.host3], periodMonths: 1, align: false },
      headers: idem(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const auto = await tenant.client.request(`/api/renew/${ids.host3}/auto`, {
      method: "PUT",
      body: { autoRenew: true },
    });
    expect(auto.status).toBe(200);
    const after = (await renewable(tenant.client, { kind: "host" })).body.data.list[0]!;
    expect(new Date(after.expiresAt!).getTime()).toBeGreaterThan(new Date(before.expiresAt!).getTime());
    expect(after.autoRenew).toBe(true);
  });
});

describe("addresses", () => {
  it("gives a host a private IPv4 at creation, kept with the resource and shown on its row and page", async () => {
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, ids.host3));
    expect(row!.ipAddress).toMatch(/^10\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    const [instance] = await t.database.db
      .select()
      .from(simInstances)
      .where(eq(simInstances.id, row!.providerRef!));
    expect(instance!.address).toBe(row!.ipAddress);
    const detail = await tenant.client.request<ResourceDetail>(`/api/res/hosts/${ids.host3}`);
    expect(detail.body.data).toMatchObject({ privateIp: row!.ipAddress, publicIp: null });
    const list = await tenant.client.request<Page>("/api/res/hosts");
    expect(list.body.data.list.find((h) => h.id === ids.host3)).toMatchObject({ privateIp: row!.ipAddress });
  });

  it("gives an elastic IP a public address from the test range, which its host shows once bound", async () => {
    const ip = (await tenant.client.request<ResourceDetail>(`/api/res/floatingips/${ids.ip12}`)).body.data;
    expect(ip.publicIp).toMatch(/^198\.1[89]\.\d{1,3}\.\d{1,3}$/);
    expect(ip.privateIp).toBeNull();
    const bind = await tenant.client.request(`/api/res/floatingips/${ids.ip12}/bind`, {
      method: "POST",
      body: { hostId: ids.host3 },
    });
    expect(bind.status, JSON.stringify(bind.body)).toBe(200);
    await advance(t, 10);
    const host = (await tenant.client.request<ResourceDetail>(`/api/res/hosts/${ids.host3}`)).body.data;
    expect(host.publicIp).toBe(ip.publicIp);
    expect(host.privateIp).toMatch(/^10\./);
  });

  it("gives a disk no address", async () => {
    const disk = (await tenant.client.request<ResourceDetail>(`/api/res/volumes/${ids.disk1}`)).body.data;
    expect(disk).toMatchObject({ privateIp: null, publicIp: null });
  });
});
