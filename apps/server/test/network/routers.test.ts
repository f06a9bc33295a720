// Routers and static routes (CB09, spec §5 "a route destination must not conflict with existing
// routes or subnet ranges"): conflicts named in both languages, next hops only in joined subnets,
// nothing sent to the cloud on a refusal, deletes refused while in use, and a create that fails
// half-way on the cloud leaving nothing behind there or here.
import { ERRORS, errorText, type RouterDetail, type RouterSummary } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routers } from "../../src/modules/network/network.schema";
import { auditLogs } from "../../src/platform/audit/audit.schema";
import { createSimulatorNetwork } from "../../src/providers/network/simulator-network";
import type { TestClient } from "../support/client";
import { unique } from "../support/flows";
import type { TestApp } from "../support/harness";
import { auditRows } from "../support/iam";
import {
  createRouter,
  createSubnet,
  createVpc,
  simObjectOf,
  simObjects,
  startWithDemoTenant,
} from "./network-support";

let t: TestApp;
let tenant: TestClient;

beforeAll(async () => {
  ({ t, tenant } = await startWithDemoTenant());
});
afterAll(() => t.close());

const addRoute = (
  routerId: string,
  destination: string,
  nexthop: string,
  locale: "zh-CN" | "en-US" = "en-US",
) =>
  tenant.request(`/api/res/routers/${routerId}/routes`, {
    method: "POST",
    body: { destination, nexthop },
    locale,
  });

async function routesOnCloud(routerId: string) {
  const router = await simObjectOf(t, routerId);
  return (router?.body as { routes?: unknown[] } | undefined)?.routes;
}

describe("a router with interfaces and routes", () => {
  it("joins a subnet, refuses conflicting routes naming what they conflict with, and takes a good one", async () => {
    const vpc = await createVpc(tenant, "10.80.0.0/16");
    const web = await createSubnet(tenant, vpc.id, "10.80.1.0/24");
    const db = await createSubnet(tenant, vpc.id, "10.80.2.0/24");
    const router = await createRouter(tenant, vpc.id, [web.id]);
    expect(router).toMatchObject({ interfaceCount: 1, routeCount: 0, status: "active" });
    expect(await auditRows(t, "network.routerCreated", router.id)).toHaveLength(1);

    const overSubnet = await addRoute(router.id, "10.80.2.0/25", "10.80.1.10");
    expect(overSubnet.body).toMatchObject({
      code: ERRORS.ROUTE_CONFLICTS_SUBNET.code,
      message: errorText("ROUTE_CONFLICTS_SUBNET", "en-US", {
        destination: "10.80.2.0/25",
        name: db.name,
        cidr: "10.80.2.0/24",
      }),
    });
    const zh = await addRoute(router.id, "10.80.1.128/25", "10.80.1.10", "zh-CN");
    expect(zh.body.message).toBe(
      errorText("ROUTE_CONFLICTS_SUBNET", "zh-CN", {
        destination: "10.80.1.128/25",
        name: web.name,
        cidr: "10.80.1.0/24",
      }),
    );
    const offRouter = await addRoute(router.id, "192.168.50.0/24", "10.80.2.10");
    expect(offRouter.body.message).toBe(
      errorText("ROUTE_NEXTHOP_NOT_JOINED", "en-US", { nexthop: "10.80.2.10" }),
    );
    expect(await routesOnCloud(router.id)).toEqual([]);

    const good = await addRoute(router.id, "192.168.50.0/24", "10.80.1.10");
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(await routesOnCloud(router.id)).toEqual([
      { destination: "192.168.50.0/24", nexthop: "10.80.1.10" },
    ]);

    const overRoute = await addRoute(router.id, "192.168.0.0/16", "10.80.1.11", "en-US");
    expect(overRoute.body.message).toBe(
      errorText("ROUTE_CONFLICTS_ROUTE", "en-US", {
        destination: "192.168.0.0/16",
        other: "192.168.50.0/24",
        nexthop: "10.80.1.10",
      }),
    );
    const overRouteZh = await addRoute(router.id, "192.168.50.128/25", "10.80.1.11", "zh-CN");
    expect(overRouteZh.body.message).toContain("192.168.50.0/24");
    expect(await routesOnCloud(router.id)).toHaveLength(1);
    expect((await addRoute(router.id, "10.0.0.1/8", "10.80.1.10")).status).toBe(400);

    const detail = await tenant.request<RouterDetail>(`/api/res/routers/${router.id}`);
    expect(detail.body.data).toMatchObject({
      interfaces: [{ subnetId: web.id, ip: "10.80.1.1", status: "active" }],
      routes: [{ destination: "192.168.50.0/24", nexthop: "10.80.1.10", status: "active" }],
    });
    expect(detail.body.data.vpcSubnets.map((s) => s.id).sort()).toEqual([web.id, db.id].sort());
  });

  it("refuses to delete a router in use and an interface a route goes through; then takes them down in order", async () => {
    const vpc = await createVpc(tenant, "10.81.0.0/16");
    const a = await createSubnet(tenant, vpc.id, "10.81.1.0/24");
    const b = await createSubnet(tenant, vpc.id, "10.81.2.0/24");
    const router = await createRouter(tenant, vpc.id, [a.id]);
    const join = await tenant.request(`/api/res/routers/${router.id}/interfaces`, {
      method: "POST",
      body: { subnetId: b.id },
    });
    expect(join.status, JSON.stringify(join.body)).toBe(200);
    const twice = await tenant.request(`/api/res/routers/${router.id}/interfaces`, {
      method: "POST",
      body: { subnetId: b.id },
      locale: "en-US",
    });
    expect(twice.body.message).toBe(errorText("ROUTER_INTERFACE_EXISTS", "en-US", { name: b.name }));
    const otherVpc = await createVpc(tenant, "10.82.0.0/16");
    const foreign = await createSubnet(tenant, otherVpc.id, "10.82.1.0/24");
    const wrong = await tenant.request(`/api/res/routers/${router.id}/interfaces`, {
      method: "POST",
      body: { subnetId: foreign.id },
    });
    expect(wrong.body.code).toBe(ERRORS.ROUTER_SUBNET_NOT_IN_VPC.code);
    expect((await addRoute(router.id, "172.20.0.0/16", "10.81.2.9")).status).toBe(200);

    const inUse = await tenant.request(`/api/res/routers/${router.id}`, {
      method: "DELETE",
      locale: "en-US",
    });
    expect(inUse.body.message).toBe(
      errorText("ROUTER_IN_USE", "en-US", { name: router.name, interfaces: 2, routes: 1 }),
    );
    const viaB = await tenant.request(`/api/res/routers/${router.id}/interfaces/${b.id}`, {
      method: "DELETE",
      locale: "en-US",
    });
    expect(viaB.body.message).toBe(
      errorText("ROUTER_INTERFACE_HAS_ROUTES", "en-US", {
        destination: "172.20.0.0/16",
        nexthop: "10.81.2.9",
        name: b.name,
      }),
    );
    const vpcDelete = await tenant.request(`/api/res/vpcs/${vpc.id}`, { method: "DELETE" });
    expect(vpcDelete.body.code).toBe(ERRORS.VPC_HAS_SUBNETS.code);

    const detail = await tenant.request<RouterDetail>(`/api/res/routers/${router.id}`);
    const routeId = detail.body.data.routes[0]!.id;
    expect(
      (await tenant.request(`/api/res/routers/${router.id}/routes/${routeId}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect(await routesOnCloud(router.id)).toEqual([]);
    for (const s of [a, b]) {
      const off = await tenant.request(`/api/res/routers/${router.id}/interfaces/${s.id}`, {
        method: "DELETE",
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    }
    expect((await tenant.request(`/api/res/routers/${router.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await simObjectOf(t, router.id)).toBeUndefined();
    for (const s of [a, b])
      expect((await tenant.request(`/api/res/subnets/${s.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await tenant.request(`/api/res/vpcs/${vpc.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await simObjectOf(t, vpc.id)).toBeUndefined();
    for (const action of [
      "network.interfaceAdded",
      "network.routeAdded",
      "network.routeRemoved",
      "network.routerDeleted",
    ])
      expect(await auditRows(t, action, router.id), action).not.toHaveLength(0);
  });

  it("lists routers with their VPC and searches them by name", async () => {
    const vpc = await createVpc(tenant, "10.83.0.0/16");
    const router = await createRouter(tenant, vpc.id);
    const list = await tenant.request<{ list: RouterSummary[]; total: number }>("/api/res/routers", {
      query: { keyword: router.name },
    });
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: router.id, vpcName: vpc.name }] });
  });
});

describe("a router create that fails half-way on the cloud", () => {
  it("removes the router it made there, keeps no row here and records the refusal", async () => {
    const vpc = await createVpc(tenant, "10.90.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.90.1.0/24");
    // The subnet disappears from the cloud behind our back: the router is made, the join fails.
    const cloud = createSimulatorNetwork({ db: t.database.db, clock: t.clock });
    const onCloud = (await simObjectOf(t, subnet.id))!;
    await cloud.deleteSubnet(onCloud.project, onCloud.ref);
    const routersBefore = (await simObjects(t, "router")).length;

    const name = `rt-${unique()}`;
    const res = await tenant.request("/api/res/routers", {
      method: "POST",
      body: { name, vpcId: vpc.id, subnetIds: [subnet.id] },
      locale: "en-US",
    });
    expect(res.body.code).toBe(ERRORS.NETWORK_CLOUD_REFUSED.code);
    expect(res.body.message).toContain("could not be found");
    expect((await simObjects(t, "router")).length).toBe(routersBefore);
    expect(await t.database.db.select().from(routers).where(eq(routers.name, name))).toEqual([]);
    const created = await t.database.db.select().from(routers).where(eq(routers.vpcId, vpc.id));
    expect(created).toEqual([]);
    const failed = (await auditRowsByName(name)).filter((r) => r.action === "network.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.detail).toMatchObject({ networkAction: "routerCreated", name });
  });
});

/** The audit rows of one action whose detail names `name`. */
async function auditRowsByName(name: string) {
  const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "network.failed"));
  return rows.filter((r) => (r.detail as { name?: string } | null)?.name === name);
}
