// Hosts on a network (issue 15 item 5) on the simulated network service: a host bought into a VPC,
// a subnet, security groups and a fixed IP gets its port and address there, is listed under its
// groups and on its subnet, changes groups while running, and gives its port back when released.
// Every choice the caller may not make, or the subnet cannot hold, is refused with its own message
// before anything is charged or made. The default VPC is offered only to whoever sees no VPC.
import type {
  HostNetwork,
  OrderDetail,
  SecurityGroupRecord,
  SubnetDetail,
  VpcDetail,
} from "@skyledger/contracts";
import { DEFAULT_VPC, ERRORS, errorText } from "@skyledger/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../src/modules/orders/orders.schema";
import { resources } from "../../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "../support/client";
import { unique } from "../support/flows";
import { startTestApp, type TestApp } from "../support/harness";
import { advance, apply, applyBody, unsubscribe, verifiedTenant } from "../support/orders";
import { createSubnet, createVpc, simObjects } from "./network-support";

let t: TestApp;
let tenant: TestClient;
let orgId: string;
let other: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  ({ client: tenant, orgId } = await verifiedTenant(t, operator, "5000"));
  ({ client: other } = await verifiedTenant(t, operator, "100"));
});
afterAll(() => t.close());

async function createGroup(client: TestClient) {
  const res = await client.request<SecurityGroupRecord>("/api/res/security-groups", {
    method: "POST",
    body: { name: `sg-${unique().slice(-8)}`, description: "" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const hostBody = (network: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  applyBody("ecs-standard", {
    spec: { flavorId: "c2m4", imageId: "ubuntu-22.04", network },
    paymentType: "postpaid",
    periodMonths: undefined,
    ...extra,
  });

/** Buys a host and runs the lifecycle until it is up: its resource id. */
async function buyHost(client: TestClient, network: Record<string, unknown>) {
  const res = await apply(client, hostBody(network));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

const networkOf = async (client: TestClient, hostId: string) => {
  const res = await client.request<HostNetwork>(`/api/res/hosts/${hostId}/network`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const orderCount = async () =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.orgId, orgId)))[0]!.n;

describe("a host bought into a VPC", () => {
  it("runs on its subnet with the fixed IP, in its groups, listed on the subnet, and changes groups while running", async () => {
    const vpc = await createVpc(tenant, "10.30.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.30.1.0/24");
    const [web, ssh] = [await createGroup(tenant), await createGroup(tenant)];
    const hostId = await buyHost(tenant, {
      vpcId: vpc.id,
      subnetId: subnet.id,
      securityGroupIds: [web.id],
      fixedIp: "10.30.1.20",
    });

    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, hostId));
    expect(row).toMatchObject({ status: "running", ipAddress: "10.30.1.20" });
    // The host's port is on the subnet, the host's own, in the group chosen.
    const ports = (await simObjects(t, "port")).filter((p) => p.body.deviceRef === row!.providerRef);
    expect(ports.map((p) => p.body)).toEqual([
      { ip: "10.30.1.20", owner: "compute", deviceRef: row!.providerRef, groups: [expect.any(String)] },
    ]);
    expect(await networkOf(tenant, hostId)).toEqual({
      vpc: { id: vpc.id, name: vpc.name, cidr: "10.30.0.0/16" },
      subnet: { id: subnet.id, name: subnet.name, cidr: "10.30.1.0/24" },
      ipAddress: "10.30.1.20",
      fixedIp: true,
      securityGroups: [{ id: web.id, name: web.name }],
      groupsEditable: true,
    });
    const page = await tenant.request<SubnetDetail>(`/api/res/subnets/${subnet.id}`);
    expect(page.body.data.ports).toEqual([
      { ip: "10.30.1.20", owner: "compute", deviceRef: row!.providerRef, deviceName: row!.name },
    ]);
    // The group's page lists it; a group in use is not deleted.
    const bound = await tenant.request<{ list: { hostId: string }[] }>(
      `/api/res/security-groups/${web.id}/hosts`,
    );
    expect(bound.body.data.list.map((h) => h.hostId)).toEqual([hostId]);

    const changed = await tenant.request<HostNetwork>(`/api/res/hosts/${hostId}/security-groups`, {
      method: "PUT",
      body: { securityGroupIds: [ssh.id] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.securityGroups).toEqual([{ id: ssh.id, name: ssh.name }]);
    const [port] = (await simObjects(t, "port")).filter((p) => p.body.deviceRef === row!.providerRef);
    const sshRef = (await simObjects(t, "securityGroup")).find((g) => g.clientToken === ssh.id)!.ref;
    expect(port!.body.groups).toEqual([sshRef]);
    const none = await tenant.request(`/api/res/hosts/${hostId}/security-groups`, {
      method: "PUT",
      body: { securityGroupIds: [] },
    });
    expect(none.status).toBe(400);

    // Another tenant neither reads nor changes it.
    expect((await other.request(`/api/res/hosts/${hostId}/network`)).status).toBe(404);
    const theirs = await other.request(`/api/res/hosts/${hostId}/security-groups`, {
      method: "PUT",
      body: { securityGroupIds: [ssh.id] },
    });
    expect(theirs.status).toBe(404);

    // Released, it gives its port back: the subnet can be deleted, its bindings go with the host.
    expect((await unsubscribe(tenant, hostId)).status).toBe(200);
    await advance(t, 5);
    expect((await simObjects(t, "port")).filter((p) => p.body.deviceRef === row!.providerRef)).toEqual([]);
    const stillBound = await tenant.request<{ list: unknown[] }>(`/api/res/security-groups/${ssh.id}/hosts`);
    expect(stillBound.body.data.list).toEqual([]);
    const removed = await tenant.request(`/api/res/subnets/${subnet.id}`, { method: "DELETE" });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it("takes the subnet's next free address when none is asked, past the gateway", async () => {
    const vpc = await createVpc(tenant, "10.31.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.31.1.0/24");
    const group = await createGroup(tenant);
    const choice = { vpcId: vpc.id, subnetId: subnet.id, securityGroupIds: [group.id] };
    const first = await networkOf(tenant, await buyHost(tenant, choice));
    const second = await networkOf(tenant, await buyHost(tenant, choice));
    expect([first.ipAddress, second.ipAddress]).toEqual(["10.31.1.2", "10.31.1.3"]);
    expect(first.fixedIp).toBe(false);
  });
});

describe("a choice that cannot be made", () => {
  let vpc: { id: string; name: string };
  let subnet: { id: string; name: string };
  let group: SecurityGroupRecord;
  beforeAll(async () => {
    vpc = await createVpc(tenant, "10.40.0.0/16");
    subnet = await createSubnet(tenant, vpc.id, "10.40.1.0/24");
    group = await createGroup(tenant);
    await buyHost(tenant, {
      vpcId: vpc.id,
      subnetId: subnet.id,
      securityGroupIds: [group.id],
      fixedIp: "10.40.1.7",
    });
  });

  const refused = async (
    network: Record<string, unknown>,
    key: keyof typeof ERRORS,
    params: Record<string, string | number>,
    extra: Record<string, unknown> = {},
  ) => {
    const before = await orderCount();
    const ports = (await simObjects(t, "port")).length;
    for (const locale of ["zh-CN", "en-US"] as const) {
      const res = await tenant.request("/api/service/apply", {
        method: "POST",
        body: hostBody(
          { vpcId: vpc.id, subnetId: subnet.id, securityGroupIds: [group.id], ...network },
          extra,
        ),
        headers: { "idempotency-key": crypto.randomUUID(), "accept-language": locale },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: ERRORS[key].code, message: errorText(key, locale, params) });
    }
    expect(await orderCount()).toBe(before);
    expect((await simObjects(t, "port")).length).toBe(ports);
  };

  it("refuses another tenant's VPC and group, and a subnet of another VPC", async () => {
    const theirVpc = await createVpc(other, "10.40.0.0/16");
    const theirGroup = await createGroup(other);
    await refused({ vpcId: theirVpc.id }, "HOST_NETWORK_VPC_UNKNOWN", {});
    await refused({ securityGroupIds: [theirGroup.id] }, "HOST_SECURITY_GROUP_UNKNOWN", {});
    const second = await createVpc(tenant, "10.41.0.0/16");
    const elsewhere = await createSubnet(tenant, second.id, "10.41.1.0/24");
    await refused({ subnetId: elsewhere.id }, "HOST_NETWORK_SUBNET_UNKNOWN", { vpc: vpc.name });
  });

  it("refuses an address outside the subnet, reserved, taken, or fixed for several hosts", async () => {
    const where = { subnet: subnet.name, cidr: "10.40.1.0/24" };
    await refused({ fixedIp: "10.40.2.5" }, "HOST_FIXED_IP_OUTSIDE", { ip: "10.40.2.5", ...where });
    for (const ip of ["10.40.1.0", "10.40.1.1", "10.40.1.255"])
      await refused({ fixedIp: ip }, "HOST_FIXED_IP_RESERVED", { ip, cidr: "10.40.1.0/24" });
    await refused({ fixedIp: "10.40.1.7" }, "HOST_FIXED_IP_TAKEN", { ip: "10.40.1.7", ...where });
    await refused({ fixedIp: "10.40.1.8" }, "HOST_FIXED_IP_ONE_HOST", {}, { quantity: 2 });
  });

  it("refuses more hosts than the subnet has addresses left", async () => {
    // A /29 has 8 addresses: less the network, broadcast and gateway ones, 5 for hosts.
    const small = await createSubnet(tenant, vpc.id, "10.40.9.0/29");
    await refused(
      { subnetId: small.id },
      "HOST_SUBNET_FULL",
      { subnet: small.name, free: 5, count: 6 },
      { quantity: 6 },
    );
  });

  it("refuses a malformed choice by its fields", async () => {
    const res = await apply(
      tenant,
      hostBody({ vpcId: vpc.id, subnetId: subnet.id, securityGroupIds: [group.id, group.id] }),
    );
    expect(res.status).toBe(400);
    const noGroup = await apply(
      tenant,
      hostBody({ vpcId: vpc.id, subnetId: subnet.id, securityGroupIds: [] }),
    );
    expect(noGroup.status).toBe(400);
  });
});

describe("the default VPC", () => {
  it("is made with its subnet for a tenant who sees no VPC, and only then", async () => {
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    const { client } = await verifiedTenant(t, operator, "0");
    const made = await client.request<VpcDetail>("/api/res/vpcs/default", { method: "POST" });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      name: DEFAULT_VPC.name,
      cidr: DEFAULT_VPC.cidr,
      subnets: [
        expect.objectContaining({
          name: DEFAULT_VPC.subnetName,
          cidr: DEFAULT_VPC.subnetCidr,
          status: "active",
        }),
      ],
    });
    const again = await client.request("/api/res/vpcs/default", { method: "POST" });
    expect(again.body).toMatchObject({ code: ERRORS.DEFAULT_VPC_EXISTS.code });
  });
});
