// VPCs and subnets (CB09, spec §5 network rules, §6 shared networks): every rule refused with its
// message in both languages and nothing sent to the cloud; audit rows with each change; the
// simulator holding exactly what our rows say; two overlapping subnets at once, one wins; shared
// VPCs seen by the organisation's projects and changed only by their creator; no CB09, no entry.
import {
  ERRORS,
  errorText,
  type SubnetDetail,
  VALIDATION_MESSAGES,
  type VpcDetail,
  type VpcRecord,
} from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSimObject } from "../../src/providers/network/simulator-network.repo";
import type { TestClient } from "../support/client";
import { unique } from "../support/flows";
import type { TestApp } from "../support/harness";
import { auditRows, signedInSubUser } from "../support/iam";
import {
  createRouter,
  createSubnet,
  createVpc,
  postSubnet,
  simChildren,
  simObjectOf,
  simObjects,
  startWithDemoTenant,
  vpcName,
} from "./network-support";

let t: TestApp;
let tenant: TestClient;

beforeAll(async () => {
  ({ t, tenant } = await startWithDemoTenant());
});
afterAll(() => t.close());

const v = (key: string, locale: "zh" | "en" = "en") => VALIDATION_MESSAGES[key]![locale];

async function postVpc(body: Record<string, unknown>, locale?: "zh-CN" | "en-US") {
  return tenant.request<VpcRecord>("/api/res/vpcs", {
    method: "POST",
    body: { name: vpcName(), description: "", ...body },
    ...(locale ? { locale } : {}),
  });
}

describe("creating a VPC", () => {
  it("makes the network on the cloud, answers it active and writes the audit row", async () => {
    const vpc = await createVpc(tenant, "10.20.0.0/16", { description: "for the web tier" });
    expect(vpc).toMatchObject({ cidr: "10.20.0.0/16", status: "active", shared: false, editable: true });
    const made = await simObjectOf(t, vpc.id);
    expect(made).toMatchObject({ kind: "network", body: { name: vpc.name } });
    const [row] = await auditRows(t, "network.vpcCreated", vpc.id);
    expect(row?.detail).toMatchObject({ name: vpc.name, cidr: "10.20.0.0/16", shared: false });
    const list = await tenant.request<{ list: VpcRecord[] }>("/api/res/vpcs", {
      query: { keyword: vpc.name },
    });
    expect(list.body.data.list.map((x) => x.id)).toEqual([vpc.id]);
  });

  it.each([
    ["10.0.0.0/15", "validation.vpcMask"],
    ["10.0.0.0/29", "validation.vpcMask"],
    ["8.8.0.0/16", "validation.cidrPrivate"],
    ["172.32.0.0/16", "validation.cidrPrivate"],
    ["10.0.0.1/16", "validation.cidrFormat"],
    ["10.0.0.0", "validation.cidrFormat"],
  ])("refuses %s with its message in both languages, sending nothing to the cloud", async (cidr, key) => {
    const before = (await simObjects(t, "network")).length;
    const en = await postVpc({ cidr }, "en-US");
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(v(key));
    const zh = await postVpc({ cidr }, "zh-CN");
    expect(zh.body.message).toBe(v(key, "zh"));
    expect((await simObjects(t, "network")).length).toBe(before);
  });

  it("refuses a name already used in the organisation and a name against the resource-name rule", async () => {
    const vpc = await createVpc(tenant, "10.21.0.0/16");
    const again = await postVpc({ name: vpc.name.toUpperCase(), cidr: "10.22.0.0/16" });
    expect(again.body).toMatchObject({
      code: ERRORS.NETWORK_NAME_TAKEN.code,
      message: errorText("NETWORK_NAME_TAKEN", "en-US", { name: vpc.name.toUpperCase() }),
    });
    const bad = await postVpc({ name: "ends-with-", cidr: "10.22.0.0/16" });
    expect(bad.body.message).toBe(v("validation.resourceName"));
  });
});

describe("subnets", () => {
  it("adds a subnet inside the VPC with the cloud's gateway, and edits its name, DHCP and DNS", async () => {
    const vpc = await createVpc(tenant, "192.168.0.0/16");
    const created = await postSubnet(tenant, vpc.id, {
      cidr: "192.168.1.0/24",
      dnsServers: ["114.114.114.114"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ cidr: "192.168.1.0/24", gatewayIp: "192.168.1.1", dhcp: true });
    const edited = await tenant.request(`/api/res/subnets/${created.body.data.id}`, {
      method: "PUT",
      body: { name: "renamed", dhcp: false, dnsServers: ["8.8.8.8", "1.1.1.1"] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const onCloud = await simObjectOf(t, created.body.data.id);
    expect(onCloud?.body).toMatchObject({ name: "renamed", dhcp: false, dnsServers: ["8.8.8.8", "1.1.1.1"] });
    expect(await auditRows(t, "network.subnetUpdated", created.body.data.id)).toHaveLength(1);
    const detail = await tenant.request<VpcDetail>(`/api/res/vpcs/${vpc.id}`);
    expect(detail.body.data.subnets.map((s) => s.name)).toEqual(["renamed"]);
  });

  it("refuses a subnet outside the VPC, overlapping a sibling (naming it), with a bad mask, gateway or DNS list", async () => {
    const vpc = await createVpc(tenant, "172.16.0.0/16");
    const first = await createSubnet(tenant, vpc.id, "172.16.1.0/24");
    const before = (await simObjects(t, "subnet")).length;
    const outside = await postSubnet(tenant, vpc.id, { cidr: "172.17.0.0/24" }, "zh-CN");
    expect(outside.body).toMatchObject({
      code: ERRORS.SUBNET_OUTSIDE_VPC.code,
      message: errorText("SUBNET_OUTSIDE_VPC", "zh-CN", { cidr: "172.17.0.0/24", vpcCidr: "172.16.0.0/16" }),
    });
    const overlap = await postSubnet(tenant, vpc.id, { cidr: "172.16.0.0/20" }, "en-US");
    expect(overlap.body.message).toBe(
      errorText("SUBNET_OVERLAPS", "en-US", {
        cidr: "172.16.0.0/20",
        name: first.name,
        other: "172.16.1.0/24",
      }),
    );
    expect((await postSubnet(tenant, vpc.id, { cidr: "172.16.2.0/30" })).body.message).toBe(
      v("validation.subnetMask"),
    );
    expect((await postSubnet(tenant, vpc.id, { cidr: "172.16.0.0/15" })).body.message).toBe(
      v("validation.subnetMask"),
    );
    const gateway = await postSubnet(tenant, vpc.id, { cidr: "172.16.3.0/24", gatewayIp: "172.16.4.1" });
    expect(gateway.body.message).toBe(
      errorText("SUBNET_GATEWAY_INVALID", "en-US", { gateway: "172.16.4.1", cidr: "172.16.3.0/24" }),
    );
    const broadcast = await postSubnet(tenant, vpc.id, { cidr: "172.16.3.0/24", gatewayIp: "172.16.3.255" });
    expect(broadcast.body.code).toBe(ERRORS.SUBNET_GATEWAY_INVALID.code);
    const dns = await postSubnet(tenant, vpc.id, {
      cidr: "172.16.3.0/24",
      dnsServers: ["1.1.1.1", "8.8.8.8", "9.9.9.9"],
    });
    expect(dns.body.message).toBe(v("validation.dnsServers"));
    const dnsBad = await postSubnet(tenant, vpc.id, { cidr: "172.16.3.0/24", dnsServers: ["1.1.1"] });
    expect(dnsBad.body.message).toBe(v("validation.ipv4"));
    expect((await simObjects(t, "subnet")).length).toBe(before);
  });

  it("lets one of two overlapping subnets asked at once win", async () => {
    const vpc = await createVpc(tenant, "10.30.0.0/16");
    const [a, b] = await Promise.all([
      postSubnet(tenant, vpc.id, { cidr: "10.30.0.0/24" }),
      postSubnet(tenant, vpc.id, { cidr: "10.30.0.0/23" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a.body.code, b.body.code]).toContain(ERRORS.SUBNET_OVERLAPS.code);
    const onCloud = await simChildren(t, (await simObjectOf(t, vpc.id))!.ref, "subnet");
    expect(onCloud).toHaveLength(1);
  });

  it("shows the ports and hosts on a subnet and refuses to delete it while it has any, naming them", async () => {
    const vpc = await createVpc(tenant, "10.40.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.40.1.0/24");
    const router = await createRouter(tenant, vpc.id, [subnet.id]);
    // A host's interface on the subnet, as the compute service would leave it.
    const cloudSubnet = (await simObjectOf(t, subnet.id))!;
    await insertSimObject(t.database.db, {
      ref: `sim-port-${unique()}`,
      project: cloudSubnet.project,
      kind: "port",
      clientToken: null,
      parentRef: cloudSubnet.ref,
      body: { ip: "10.40.1.23", owner: "compute", deviceRef: "sim-host-web1" },
      createdAt: t.clock.now(),
    });
    const detail = await tenant.request<SubnetDetail>(`/api/res/subnets/${subnet.id}`);
    expect(detail.body.data.ports).toEqual(
      expect.arrayContaining([
        { ip: "10.40.1.1", owner: "router", deviceRef: expect.any(String), deviceName: router.name },
        { ip: "10.40.1.23", owner: "compute", deviceRef: "sim-host-web1", deviceName: null },
      ]),
    );
    const refused = await tenant.request(`/api/res/subnets/${subnet.id}`, {
      method: "DELETE",
      locale: "en-US",
    });
    expect(refused.body).toMatchObject({ code: ERRORS.SUBNET_HAS_PORTS.code });
    expect(refused.body.message).toContain(`router ${router.name}`);
    expect(refused.body.message).toContain("10.40.1.23 host");
    const zh = await tenant.request(`/api/res/subnets/${subnet.id}`, { method: "DELETE", locale: "zh-CN" });
    expect(zh.body.message).toContain(`路由器 ${router.name}`);
    expect(await simObjectOf(t, subnet.id)).toBeDefined();
  });

  it("refuses to delete a VPC with subnets, naming them; deletes subnet and VPC on the cloud in order", async () => {
    const vpc = await createVpc(tenant, "10.50.0.0/16");
    const subnet = await createSubnet(tenant, vpc.id, "10.50.1.0/24");
    const refused = await tenant.request(`/api/res/vpcs/${vpc.id}`, { method: "DELETE", locale: "en-US" });
    expect(refused.body.message).toBe(
      errorText("VPC_HAS_SUBNETS", "en-US", { name: vpc.name, count: 1, subnets: subnet.name }),
    );
    expect((await tenant.request(`/api/res/subnets/${subnet.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await simObjectOf(t, subnet.id)).toBeUndefined();
    expect((await tenant.request(`/api/res/vpcs/${vpc.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await simObjectOf(t, vpc.id)).toBeUndefined();
    expect(await auditRows(t, "network.vpcDeleted", vpc.id)).toHaveLength(1);
    expect((await tenant.request(`/api/res/vpcs/${vpc.id}`)).status).toBe(404);
  });
});

describe("shared VPCs and who may see or change them", () => {
  it("shows a shared VPC to another project's member, who may not change it; hides a project's own", async () => {
    const setRes = await tenant.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Net${unique()}`, description: "", codes: ["CA", "CB09"], shared: false },
    });
    expect(setRes.status, JSON.stringify(setRes.body)).toBe(200);
    const member = await signedInSubUser(t, tenant, [setRes.body.data.id]);
    const shared = await createVpc(tenant, "10.60.0.0/16", { shared: true });
    const plain = await createVpc(tenant, "10.61.0.0/16");
    const list = await member.client.request<{ list: VpcRecord[] }>("/api/res/vpcs", {
      query: { pageSize: 200 },
    });
    const ids = list.body.data.list.map((x) => x.id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(plain.id);
    expect(list.body.data.list.find((x) => x.id === shared.id)?.editable).toBe(false);
    expect((await member.client.request(`/api/res/vpcs/${plain.id}`)).status).toBe(404);
    const del = await member.client.request(`/api/res/vpcs/${shared.id}`, {
      method: "DELETE",
      locale: "en-US",
    });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(errorText("NETWORK_SHARED_NOT_CREATOR", "en-US", { name: shared.name }));
    const edit = await member.client.request(`/api/res/vpcs/${shared.id}`, {
      method: "PUT",
      body: { name: "hijack", description: "" },
    });
    expect(edit.body.code).toBe(ERRORS.NETWORK_SHARED_NOT_CREATOR.code);
    const subnet = await postSubnet(member.client, shared.id, { cidr: "10.60.1.0/24" });
    expect(subnet.body.code).toBe(ERRORS.NETWORK_SHARED_NOT_CREATOR.code);
    // The member's own VPC is theirs to change.
    const mine = await createVpc(member.client, "10.62.0.0/16", { shared: true });
    expect(mine.editable).toBe(true);
    expect((await member.client.request(`/api/res/vpcs/${mine.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("refuses every network endpoint to a user without CB09", async () => {
    const setRes = await tenant.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `NoNet${unique()}`, description: "", codes: ["CA"], shared: false },
    });
    const reader = await signedInSubUser(t, tenant, [setRes.body.data.id]);
    expect((await reader.client.request("/api/res/vpcs")).status).toBe(403);
    expect((await reader.client.request("/api/res/routers")).status).toBe(403);
    const create = await reader.client.request("/api/res/vpcs", {
      method: "POST",
      body: { name: vpcName(), description: "", cidr: "10.70.0.0/16" },
    });
    expect(create.status).toBe(403);
  });
});
