// Crash recovery (issue 15): a VPC, subnet or router left `creating` or `deleting` by a stop between
// the claim and the record is refused as busy while its change may still be running, and deleted
// once STUCK_AFTER_MS have passed — on the cloud too (a cut-short create is asked again by its
// client token, found or made, and deleted), audited as any delete.
import { randomUUID } from "node:crypto";
import { ERRORS } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routerInterfaces, routers, subnets, vpcs } from "../../src/modules/network/network.schema";
import { STUCK_AFTER_MS } from "../../src/modules/network/stuck-rows";
import { createSimulatorNetwork } from "../../src/providers/network/simulator-network";
import type { TestClient } from "../support/client";
import { unique } from "../support/flows";
import type { TestApp } from "../support/harness";
import { auditRows, DEMO_ORG_ID, DEMO_TENANT_ID } from "../support/iam";
import {
  createRouter,
  createSubnet,
  createVpc,
  simChildren,
  simObjectOf,
  startWithDemoTenant,
} from "./network-support";

let t: TestApp;
let tenant: TestClient;

beforeAll(async () => {
  ({ t, tenant } = await startWithDemoTenant());
});
afterAll(() => t.close());

const cloud = () => createSimulatorNetwork({ db: t.database.db, clock: t.clock });
const cloudProject = () => cloud().ensureProject({ orgId: DEMO_ORG_ID, name: DEMO_ORG_ID });

const PATHS = { vpc: "/api/res/vpcs", subnet: "/api/res/subnets", router: "/api/res/routers" };
const remove = (kind: keyof typeof PATHS, id: string) =>
  tenant.request(`${PATHS[kind]}/${id}`, { method: "DELETE" });

/** Refused as busy now, deleted once the change it was left by is clearly not running. */
async function busyThenDeleted(kind: keyof typeof PATHS, id: string) {
  const inFlight = await remove(kind, id);
  expect(inFlight.body.code, JSON.stringify(inFlight.body)).toBe(ERRORS.NETWORK_BUSY.code);
  t.clock.advance(STUCK_AFTER_MS - 60_000);
  expect((await remove(kind, id)).body.code).toBe(ERRORS.NETWORK_BUSY.code);
  t.clock.advance(2 * 60_000);
  const gone = await remove(kind, id);
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
}

/** A VPC row as a stop after its claim leaves it: `creating`, nothing from the cloud recorded. */
async function vpcLeftCreating() {
  const id = randomUUID();
  await t.database.db.insert(vpcs).values({
    id,
    orgId: DEMO_ORG_ID,
    projectId: null,
    name: `vpc-${unique()}`,
    description: "",
    cidr: "10.60.0.0/16",
    shared: false,
    status: "creating",
    createdBy: DEMO_TENANT_ID,
    createdAt: t.clock.now(),
  });
  return id;
}

describe("a row left creating by a stop", () => {
  it("deletes a VPC whose network the cloud had made, after STUCK_AFTER_MS", async () => {
    const id = await vpcLeftCreating();
    const project = await cloudProject();
    await cloud().createNetwork({ clientToken: id, project, name: "cut short" });
    expect(await simObjectOf(t, id)).toBeDefined();

    await busyThenDeleted("vpc", id);
    expect(await simObjectOf(t, id)).toBeUndefined();
    expect(await t.database.db.select().from(vpcs).where(eq(vpcs.id, id))).toEqual([]);
    expect(await auditRows(t, "network.vpcDeleted", id)).toHaveLength(1);
  });

  it("deletes a VPC the cloud never made, leaving nothing there", async () => {
    const id = await vpcLeftCreating();
    await busyThenDeleted("vpc", id);
    expect(await simObjectOf(t, id)).toBeUndefined();
    expect(await auditRows(t, "network.vpcDeleted", id)).toHaveLength(1);
  });

  it("deletes a subnet of an active VPC, asking the cloud for it again by its client token", async () => {
    const vpc = await createVpc(tenant, "10.61.0.0/16");
    const id = randomUUID();
    await t.database.db.insert(subnets).values({
      id,
      vpcId: vpc.id,
      name: `sn-${unique()}`,
      cidr: "10.61.1.0/24",
      gatewayIp: null,
      dhcp: true,
      dnsServers: [],
      status: "creating",
      createdBy: DEMO_TENANT_ID,
      createdAt: t.clock.now(),
    });

    await busyThenDeleted("subnet", id);
    expect(await simObjectOf(t, id)).toBeUndefined();
    const network = await simObjectOf(t, vpc.id);
    expect(await simChildren(t, network!.ref, "subnet")).toEqual([]);
    expect(await t.database.db.select().from(subnets).where(eq(subnets.id, id))).toEqual([]);
    expect(await auditRows(t, "network.subnetDeleted", id)).toHaveLength(1);
    // Nothing of it is left in the VPC: the VPC goes too.
    expect((await remove("vpc", vpc.id)).status).toBe(200);
  });

  it("deletes a router with the subnet its create had joined on the cloud, freeing the subnet", async () => {
    const vpc = await createVpc(tenant, "10.62.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.62.1.0/24");
    const id = randomUUID();
    const now = t.clock.now();
    await t.database.db.insert(routers).values({
      id,
      vpcId: vpc.id,
      name: `rt-${unique()}`,
      externalGateway: false,
      status: "creating",
      createdBy: DEMO_TENANT_ID,
      createdAt: now,
    });
    await t.database.db
      .insert(routerInterfaces)
      .values({ routerId: id, subnetId: subnet.id, status: "creating", createdAt: now });
    // The create got as far as the cloud's router and its interface on the subnet.
    const project = await cloudProject();
    const ref = await cloud().createRouter({
      clientToken: id,
      project,
      name: "cut short",
      externalGateway: false,
    });
    await cloud().addRouterInterface(project, ref, (await simObjectOf(t, subnet.id))!.ref);

    await busyThenDeleted("router", id);
    expect(await simObjectOf(t, id)).toBeUndefined();
    expect(await t.database.db.select().from(routers).where(eq(routers.id, id))).toEqual([]);
    expect(
      await t.database.db.select().from(routerInterfaces).where(eq(routerInterfaces.routerId, id)),
    ).toEqual([]);
    expect(await auditRows(t, "network.routerDeleted", id)).toHaveLength(1);
    // The router's port is gone from the subnet, so the subnet can go.
    expect((await remove("subnet", subnet.id)).status).toBe(200);
  });
});

describe("a row left deleting by a stop", () => {
  /** As a stop after a delete's claim leaves it: made long ago, its delete claimed just now. */
  async function leftDeleting(table: typeof vpcs | typeof subnets | typeof routers, id: string) {
    t.clock.advance(STUCK_AFTER_MS * 3);
    await t.database.db
      .update(table)
      .set({ status: "deleting", deletingSince: t.clock.now() })
      .where(eq(table.id, id));
  }

  it("deletes a VPC again once its delete has been claimed for longer than STUCK_AFTER_MS", async () => {
    const vpc = await createVpc(tenant, "10.63.0.0/16");
    await leftDeleting(vpcs, vpc.id);
    await busyThenDeleted("vpc", vpc.id);
    expect(await simObjectOf(t, vpc.id)).toBeUndefined();
    expect(await t.database.db.select().from(vpcs).where(eq(vpcs.id, vpc.id))).toEqual([]);
    expect(await auditRows(t, "network.vpcDeleted", vpc.id)).toHaveLength(1);
  });

  it("deletes a subnet again, the cloud's subnet with it", async () => {
    const vpc = await createVpc(tenant, "10.64.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.64.1.0/24");
    await leftDeleting(subnets, subnet.id);
    await busyThenDeleted("subnet", subnet.id);
    expect(await simObjectOf(t, subnet.id)).toBeUndefined();
    expect(await t.database.db.select().from(subnets).where(eq(subnets.id, subnet.id))).toEqual([]);
    expect(await auditRows(t, "network.subnetDeleted", subnet.id)).toHaveLength(1);
  });

  it("deletes a router again, and one whose cloud router is already gone", async () => {
    const vpc = await createVpc(tenant, "10.65.0.0/16");
    const router = await createRouter(tenant, vpc.id);
    await leftDeleting(routers, router.id);
    await busyThenDeleted("router", router.id);
    expect(await simObjectOf(t, router.id)).toBeUndefined();
    expect(await auditRows(t, "network.routerDeleted", router.id)).toHaveLength(1);

    // The stop came after the cloud had deleted it: the delete of what is gone succeeds.
    const other = await createRouter(tenant, vpc.id);
    const project = await cloudProject();
    await cloud().deleteRouter(project, (await simObjectOf(t, other.id))!.ref);
    await leftDeleting(routers, other.id);
    await busyThenDeleted("router", other.id);
    expect(await t.database.db.select().from(routers).where(eq(routers.id, other.id))).toEqual([]);
  });
});
