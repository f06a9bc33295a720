// What the simulated network service answers as Neutron would: retried creates, objects in use,
// routes whose next hop is not on the router, and one project's objects out of another's reach.
// Real database (PGlite); no sleeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetworkCloud } from "../../src/providers/network/network-cloud";
import { createSimulatorNetwork } from "../../src/providers/network/simulator-network";
import { startTestApp, type TestApp } from "../support/harness";

let t: TestApp;
let cloud: NetworkCloud;
let n = 0;
const token = () => `token-${++n}`;

beforeAll(async () => {
  t = await startTestApp();
  cloud = createSimulatorNetwork({ db: t.database.db, clock: t.clock });
});
afterAll(() => t.close());

async function subnetIn(project: string, cidr: string) {
  const network = await cloud.createNetwork({ clientToken: token(), project, name: "vpc" });
  const subnet = await cloud.createSubnet({
    clientToken: token(),
    project,
    networkRef: network,
    name: "s",
    cidr,
    gatewayIp: null,
    dhcp: true,
    dnsServers: [],
  });
  return { network, subnet };
}

describe("simulated network service", () => {
  it("gives an organisation one project, and a retried create the object made before", async () => {
    const project = await cloud.ensureProject({ orgId: "org-a", name: "A" });
    expect(await cloud.ensureProject({ orgId: "org-a", name: "A" })).toBe(project);
    const again = { clientToken: token(), project, name: "vpc" };
    expect(await cloud.createNetwork(again)).toBe(await cloud.createNetwork(again));
  });

  it("takes the first address as the gateway and refuses a sibling that overlaps", async () => {
    const project = await cloud.ensureProject({ orgId: "org-b", name: "B" });
    const { network, subnet } = await subnetIn(project, "10.0.1.0/24");
    expect(subnet.gatewayIp).toBe("10.0.1.1");
    const overlapping = cloud.createSubnet({
      clientToken: token(),
      project,
      networkRef: network,
      name: "s2",
      cidr: "10.0.0.0/16",
      gatewayIp: null,
      dhcp: true,
      dnsServers: [],
    });
    await expect(overlapping).rejects.toMatchObject({ status: 400 });
  });

  it("refuses to delete a subnet a router is joined to, and a route whose next hop is off the router", async () => {
    const project = await cloud.ensureProject({ orgId: "org-c", name: "C" });
    const { network, subnet } = await subnetIn(project, "192.168.5.0/24");
    const router = await cloud.createRouter({
      clientToken: token(),
      project,
      name: "r",
      externalGateway: false,
    });
    await cloud.addRouterInterface(project, router, subnet.ref);
    expect(await cloud.listPorts(project, subnet.ref)).toEqual([
      expect.objectContaining({ ip: "192.168.5.1", owner: "router", deviceRef: router }),
    ]);
    await expect(cloud.deleteSubnet(project, subnet.ref)).rejects.toMatchObject({ status: 409 });
    await expect(cloud.deleteRouter(project, router)).rejects.toMatchObject({ status: 409 });
    await expect(
      cloud.setRoutes(project, router, [{ destination: "10.9.0.0/16", nexthop: "172.16.0.9" }]),
    ).rejects.toMatchObject({ status: 400 });
    await cloud.setRoutes(project, router, [{ destination: "10.9.0.0/16", nexthop: "192.168.5.9" }]);
    // The route's next hop is on the subnet: the interface cannot go until the route does.
    await expect(cloud.removeRouterInterface(project, router, subnet.ref)).rejects.toMatchObject({
      status: 409,
    });
    await cloud.setRoutes(project, router, []);
    await cloud.removeRouterInterface(project, router, subnet.ref);
    await cloud.deleteRouter(project, router);
    await cloud.deleteNetwork(project, network);
    await cloud.deleteNetwork(project, network); // already gone: still fine
  });

  it("refuses to delete a group a host is in, until the host leaves it", async () => {
    const project = await cloud.ensureProject({ orgId: "org-d", name: "D" });
    const group = await cloud.createSecurityGroup({
      clientToken: token(),
      project,
      name: "web",
      description: "",
    });
    const rule = {
      clientToken: token(),
      project,
      groupRef: group,
      direction: "ingress" as const,
      protocol: "tcp" as const,
      portMin: 80,
      portMax: 80,
      remoteCidr: "0.0.0.0/0",
      remoteGroupRef: null,
    };
    await cloud.addSecurityRule(rule);
    await expect(cloud.addSecurityRule({ ...rule, clientToken: token() })).rejects.toMatchObject({
      status: 409,
    });
    await cloud.setHostSecurityGroups(project, "host-1", [group]);
    await expect(cloud.deleteSecurityGroup(project, group)).rejects.toMatchObject({ status: 409 });
    await cloud.setHostSecurityGroups(project, "host-1", []);
    await cloud.deleteSecurityGroup(project, group);
  });

  it("keeps one project's objects out of another's reach", async () => {
    const a = await cloud.ensureProject({ orgId: "org-e", name: "E" });
    const b = await cloud.ensureProject({ orgId: "org-f", name: "F" });
    const { subnet } = await subnetIn(a, "10.0.0.0/24");
    // Overlapping CIDRs are allowed across projects, and B cannot reach A's subnet.
    await subnetIn(b, "10.0.0.0/24");
    await expect(cloud.listPorts(b, subnet.ref)).rejects.toMatchObject({ status: 404 });
    await cloud.deleteSubnet(b, subnet.ref); // as good as absent for B: nothing happens
    expect(await cloud.listPorts(a, subnet.ref)).toEqual([]);
  });

  it("gives a host's port made before a stop to the host the retried create makes", async () => {
    const project = await cloud.ensureProject({ orgId: "org-g", name: "G" });
    const { network, subnet } = await subnetIn(project, "10.7.0.0/24");
    const port = { clientToken: "port:host-1", project, networkRef: network, subnetRef: subnet.ref };
    const first = await cloud.createPort({
      ...port,
      fixedIp: null,
      securityGroupRefs: [],
      deviceRef: "sim-lost",
    });
    const retried = await cloud.createPort({
      ...port,
      fixedIp: null,
      securityGroupRefs: [],
      deviceRef: "sim-kept",
    });
    expect(retried).toEqual({ ...first, deviceRef: "sim-kept" });
    expect(await cloud.listPorts(project, subnet.ref)).toEqual([retried]);
  });
});
