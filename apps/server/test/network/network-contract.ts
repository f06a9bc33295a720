// The contract every implementation of the network SPI keeps: the same cases run against the
// simulator (network-contract.test.ts, in the normal suite) and against a real OpenStack
// (network.openstack.test.ts, `npm run test:openstack`). The SPI has almost no read calls (our
// database is the record), so each fixture also says how to look at what the cloud holds.
import { describe, expect, it } from "vitest";
import {
  type CloudRef,
  type NetworkCloud,
  NetworkCloudError,
  type SecurityRuleCreate,
  type StaticRoute,
} from "../../src/providers/network/network-cloud";

export type CloudRule = Pick<
  SecurityRuleCreate,
  "direction" | "protocol" | "portMin" | "portMax" | "remoteCidr" | "remoteGroupRef"
> & { ref: CloudRef };

export type NetworkContractFixture = {
  cloud: NetworkCloud;
  /** A fresh organisation id for one case (a real cloud keeps its projects between runs). */
  orgId(tag: string): string;
  /** What the compute provider will do: a host with one port on the subnet; its reference. */
  attachHost(project: CloudRef, networkRef: CloudRef, subnetRef: CloudRef): Promise<CloudRef>;
  detachHost(project: CloudRef, hostRef: CloudRef): Promise<void>;
  look: {
    exists(
      project: CloudRef,
      kind: "network" | "subnet" | "router" | "securityGroup",
      ref: CloudRef,
    ): Promise<boolean>;
    subnet(project: CloudRef, ref: CloudRef): Promise<{ name: string; dhcp: boolean; dnsServers: string[] }>;
    routes(project: CloudRef, routerRef: CloudRef): Promise<StaticRoute[]>;
    /** Whether the router has its external gateway. */
    gateway(project: CloudRef, routerRef: CloudRef): Promise<boolean>;
    rules(project: CloudRef, groupRef: CloudRef): Promise<CloudRule[]>;
    /** The groups of the host's ports, sorted. */
    hostGroups(project: CloudRef, hostRef: CloudRef): Promise<CloudRef[]>;
  };
};

const token = () => crypto.randomUUID();

/** The cloud's refusal of a call, with its status. */
export async function refusal(promise: Promise<unknown>): Promise<NetworkCloudError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkCloudError);
  return error as NetworkCloudError;
}

export function defineNetworkContract(label: string, fixture: () => NetworkContractFixture): void {
  describe(`${label}: the network contract`, () => {
    const vpc = async (fx: NetworkContractFixture, tag: string, cidr = "10.20.1.0/24") => {
      const project = await fx.cloud.ensureProject({ orgId: fx.orgId(tag), name: `Org ${tag}` });
      const networkRef = await fx.cloud.createNetwork({ clientToken: token(), project, name: `vpc-${tag}` });
      const subnet = await fx.cloud.createSubnet({
        clientToken: token(),
        project,
        networkRef,
        name: `subnet-${tag}`,
        cidr,
        gatewayIp: null,
        dhcp: false,
        dnsServers: [],
      });
      return { project, networkRef, subnet };
    };

    it("makes one project per organisation and finds it again", async () => {
      const fx = fixture();
      const orgId = fx.orgId("project");
      const first = await fx.cloud.ensureProject({ orgId, name: "Acme" });
      expect(await fx.cloud.ensureProject({ orgId, name: "Acme" })).toBe(first);
      const other = await fx.cloud.ensureProject({ orgId: fx.orgId("project-other"), name: "Other" });
      expect(other).not.toBe(first);
    });

    it("creates a network and subnets once per client token, updates and deletes them, and a second delete succeeds", async () => {
      const fx = fixture();
      const project = await fx.cloud.ensureProject({ orgId: fx.orgId("subnets"), name: "Subnets" });
      const networkToken = token();
      const networkRef = await fx.cloud.createNetwork({ clientToken: networkToken, project, name: "vpc" });
      // A create retried after a crash finds what the first one made.
      expect(await fx.cloud.createNetwork({ clientToken: networkToken, project, name: "vpc" })).toBe(
        networkRef,
      );
      expect(await fx.look.exists(project, "network", networkRef)).toBe(true);

      const subnetToken = token();
      const create = {
        clientToken: subnetToken,
        project,
        networkRef,
        name: "web",
        cidr: "10.30.1.0/24",
        gatewayIp: null,
        dhcp: true,
        dnsServers: ["8.8.8.8"],
      };
      const first = await fx.cloud.createSubnet(create);
      expect(first).toEqual({ ref: expect.any(String), cidr: "10.30.1.0/24", gatewayIp: "10.30.1.1" });
      expect(await fx.cloud.createSubnet(create)).toEqual(first);
      const second = await fx.cloud.createSubnet({
        ...create,
        clientToken: token(),
        name: "db",
        cidr: "10.30.2.0/24",
        gatewayIp: "10.30.2.254",
      });
      expect(second.gatewayIp).toBe("10.30.2.254");
      expect(second.ref).not.toBe(first.ref);
      expect(await fx.look.subnet(project, first.ref)).toEqual({
        name: "web",
        dhcp: true,
        dnsServers: ["8.8.8.8"],
      });

      await fx.cloud.updateSubnet(project, first.ref, {
        name: "web-2",
        dhcp: false,
        dnsServers: ["1.1.1.1", "9.9.9.9"],
      });
      expect(await fx.look.subnet(project, first.ref)).toEqual({
        name: "web-2",
        dhcp: false,
        dnsServers: ["1.1.1.1", "9.9.9.9"],
      });
      await fx.cloud.updateSubnet(project, first.ref, { name: "web-3" });
      expect(await fx.look.subnet(project, first.ref)).toMatchObject({ name: "web-3", dhcp: false });
      expect(await fx.cloud.listPorts(project, first.ref)).toEqual([]);

      for (const ref of [first.ref, second.ref]) {
        await fx.cloud.deleteSubnet(project, ref);
        await fx.cloud.deleteSubnet(project, ref);
        expect(await fx.look.exists(project, "subnet", ref)).toBe(false);
      }
      await fx.cloud.deleteNetwork(project, networkRef);
      await fx.cloud.deleteNetwork(project, networkRef);
      expect(await fx.look.exists(project, "network", networkRef)).toBe(false);
    });

    it("joins subnets with a router that has an external gateway and static routes, and keeps a joined subnet", async () => {
      const fx = fixture();
      const { project, networkRef, subnet } = await vpc(fx, "router", "10.40.1.0/24");
      const other = await fx.cloud.createSubnet({
        clientToken: token(),
        project,
        networkRef,
        name: "other",
        cidr: "10.40.2.0/24",
        gatewayIp: null,
        dhcp: false,
        dnsServers: [],
      });
      const routerToken = token();
      const router = { clientToken: routerToken, project, name: "edge", externalGateway: true };
      const routerRef = await fx.cloud.createRouter(router);
      expect(await fx.cloud.createRouter(router)).toBe(routerRef);
      expect(await fx.look.gateway(project, routerRef)).toBe(true);
      const inner = await fx.cloud.createRouter({
        clientToken: token(),
        project,
        name: "inner",
        externalGateway: false,
      });
      expect(await fx.look.gateway(project, inner)).toBe(false);

      await fx.cloud.addRouterInterface(project, routerRef, subnet.ref);
      // Joining again (a retry) changes nothing.
      await fx.cloud.addRouterInterface(project, routerRef, subnet.ref);
      await fx.cloud.addRouterInterface(project, routerRef, other.ref);
      expect(await fx.cloud.listPorts(project, subnet.ref)).toEqual([
        {
          ref: expect.any(String),
          subnetRef: subnet.ref,
          ip: "10.40.1.1",
          owner: "router",
          deviceRef: routerRef,
        },
      ]);

      const routes = [
        { destination: "192.168.50.0/24", nexthop: "10.40.1.10" },
        { destination: "172.16.0.0/16", nexthop: "10.40.2.20" },
      ];
      await fx.cloud.setRoutes(project, routerRef, routes);
      const sorted = (r: StaticRoute[]) => [...r].sort((a, b) => a.destination.localeCompare(b.destination));
      expect(sorted(await fx.look.routes(project, routerRef))).toEqual(sorted(routes));
      await fx.cloud.setRoutes(project, routerRef, [routes[0]!]);
      expect(await fx.look.routes(project, routerRef)).toEqual([routes[0]]);

      // A subnet a router is joined to is in use, and so is a router with interfaces.
      expect((await refusal(fx.cloud.deleteSubnet(project, subnet.ref))).status).toBe(409);
      expect((await refusal(fx.cloud.deleteRouter(project, routerRef))).status).toBe(409);
      // A next hop must be on a subnet the router is joined to.
      const offRouter = [{ destination: "10.99.0.0/16", nexthop: "10.41.0.9" }];
      expect((await refusal(fx.cloud.setRoutes(project, routerRef, offRouter))).status).toBe(400);
      expect(await fx.look.routes(project, routerRef)).toEqual([routes[0]]);
      // The interface a route's next hop is on stays until the route goes.
      expect((await refusal(fx.cloud.removeRouterInterface(project, routerRef, subnet.ref))).status).toBe(
        409,
      );

      await fx.cloud.setRoutes(project, routerRef, []);
      expect(await fx.look.routes(project, routerRef)).toEqual([]);
      await fx.cloud.removeRouterInterface(project, routerRef, subnet.ref);
      await fx.cloud.removeRouterInterface(project, routerRef, subnet.ref);
      await fx.cloud.removeRouterInterface(project, routerRef, other.ref);
      expect(await fx.cloud.listPorts(project, subnet.ref)).toEqual([]);
      for (const ref of [routerRef, inner]) {
        await fx.cloud.deleteRouter(project, ref);
        await fx.cloud.deleteRouter(project, ref);
        expect(await fx.look.exists(project, "router", ref)).toBe(false);
      }
      await fx.cloud.deleteSubnet(project, subnet.ref);
      await fx.cloud.deleteSubnet(project, other.ref);
      await fx.cloud.deleteNetwork(project, networkRef);
    });

    it("makes security groups holding exactly the rules added, once per client token", async () => {
      const fx = fixture();
      const project = await fx.cloud.ensureProject({ orgId: fx.orgId("groups"), name: "Groups" });
      const groupToken = token();
      const group = { clientToken: groupToken, project, name: "web", description: "web servers" };
      const groupRef = await fx.cloud.createSecurityGroup(group);
      expect(await fx.cloud.createSecurityGroup(group)).toBe(groupRef);
      const peer = await fx.cloud.createSecurityGroup({ ...group, clientToken: token(), name: "peers" });
      // No rule the tenant did not add (Neutron's default egress rules are gone).
      expect(await fx.look.rules(project, groupRef)).toEqual([]);

      const base = { project, groupRef, remoteGroupRef: null };
      const sshToken = token();
      const ssh: SecurityRuleCreate = {
        ...base,
        clientToken: sshToken,
        direction: "ingress",
        protocol: "tcp",
        portMin: 22,
        portMax: 22,
        remoteCidr: "0.0.0.0/0",
      };
      const sshRef = await fx.cloud.addSecurityRule(ssh);
      expect(await fx.cloud.addSecurityRule(ssh)).toBe(sshRef);
      // The same rule under another client token is a second copy: refused.
      expect((await refusal(fx.cloud.addSecurityRule({ ...ssh, clientToken: token() }))).status).toBe(409);
      const rules: SecurityRuleCreate[] = [
        {
          ...base,
          clientToken: token(),
          direction: "ingress",
          protocol: "udp",
          portMin: 5000,
          portMax: 5100,
          remoteCidr: "10.0.0.0/8",
        },
        {
          ...base,
          clientToken: token(),
          direction: "ingress",
          protocol: "icmp",
          portMin: null,
          portMax: null,
          remoteCidr: "192.168.0.0/16",
        },
        {
          ...base,
          clientToken: token(),
          direction: "egress",
          protocol: "any",
          portMin: null,
          portMax: null,
          remoteCidr: "0.0.0.0/0",
        },
        {
          ...base,
          clientToken: token(),
          direction: "ingress",
          protocol: "tcp",
          portMin: 8000,
          portMax: 8080,
          remoteCidr: null,
          remoteGroupRef: peer,
        },
      ];
      const refs = [sshRef];
      for (const rule of rules) refs.push(await fx.cloud.addSecurityRule(rule));
      const seen = await fx.look.rules(project, groupRef);
      const shape = ({
        direction,
        protocol,
        portMin,
        portMax,
        remoteCidr,
        remoteGroupRef,
      }: SecurityRuleCreate) => ({
        direction,
        protocol,
        portMin,
        portMax,
        remoteCidr,
        remoteGroupRef,
      });
      const byRef = (a: { ref: string }, b: { ref: string }) => a.ref.localeCompare(b.ref);
      expect([...seen].sort(byRef)).toEqual(
        [ssh, ...rules].map((r, i) => ({ ref: refs[i]!, ...shape(r) })).sort(byRef),
      );

      await fx.cloud.deleteSecurityRule(project, sshRef);
      await fx.cloud.deleteSecurityRule(project, sshRef);
      expect((await fx.look.rules(project, groupRef)).map((r) => r.ref)).not.toContain(sshRef);
      for (const ref of [groupRef, peer]) {
        await fx.cloud.deleteSecurityGroup(project, ref);
        await fx.cloud.deleteSecurityGroup(project, ref);
        expect(await fx.look.exists(project, "securityGroup", ref)).toBe(false);
      }
    });

    it("keeps one organisation's objects out of another's calls", async () => {
      const fx = fixture();
      const a = await vpc(fx, "reach-a", "10.80.1.0/24");
      const b = await vpc(fx, "reach-b", "10.80.1.0/24");
      // Overlapping CIDRs in two projects are fine; B's calls do not see A's subnet.
      expect((await refusal(fx.cloud.listPorts(b.project, a.subnet.ref))).status).toBe(404);
      await fx.cloud.deleteSubnet(b.project, a.subnet.ref);
      await fx.cloud.deleteNetwork(b.project, a.networkRef);
      expect(await fx.look.exists(a.project, "subnet", a.subnet.ref)).toBe(true);
      expect(await fx.look.exists(a.project, "network", a.networkRef)).toBe(true);
      for (const { project, networkRef, subnet } of [a, b]) {
        await fx.cloud.deleteSubnet(project, subnet.ref);
        await fx.cloud.deleteNetwork(project, networkRef);
      }
    });

    it("puts a host's ports in exactly the groups given, lists the host on its subnet, and keeps a group in use", async () => {
      const fx = fixture();
      const { project, networkRef, subnet } = await vpc(fx, "hosts", "10.50.1.0/24");
      const hostRef = await fx.attachHost(project, networkRef, subnet.ref);
      const ports = await fx.cloud.listPorts(project, subnet.ref);
      expect(ports).toEqual([
        {
          ref: expect.any(String),
          subnetRef: subnet.ref,
          ip: expect.stringMatching(/^10\.50\.1\./),
          owner: "compute",
          deviceRef: hostRef,
        },
      ]);
      // A subnet with a host on it is in use.
      expect((await refusal(fx.cloud.deleteSubnet(project, subnet.ref))).status).toBe(409);

      const groups = [];
      for (const name of ["a", "b"]) {
        groups.push(
          await fx.cloud.createSecurityGroup({ clientToken: token(), project, name, description: "" }),
        );
      }
      await fx.cloud.setHostSecurityGroups(project, hostRef, groups);
      expect(await fx.look.hostGroups(project, hostRef)).toEqual([...groups].sort());
      await fx.cloud.setHostSecurityGroups(project, hostRef, [groups[1]!]);
      expect(await fx.look.hostGroups(project, hostRef)).toEqual([groups[1]]);
      // A group a host is in is in use.
      expect((await refusal(fx.cloud.deleteSecurityGroup(project, groups[1]!))).status).toBe(409);
      await fx.cloud.setHostSecurityGroups(project, hostRef, []);
      expect(await fx.look.hostGroups(project, hostRef)).toEqual([]);

      await fx.detachHost(project, hostRef);
      for (const ref of groups) await fx.cloud.deleteSecurityGroup(project, ref);
      await fx.cloud.deleteSubnet(project, subnet.ref);
      await fx.cloud.deleteNetwork(project, networkRef);
    });
    it("makes a host's port on the next free address or the one asked, once per token, and refuses a taken, outside or last address", async () => {
      const fx = fixture();
      // A /28 without DHCP: 16 addresses less the network, broadcast and gateway ones leave 13.
      const { project, networkRef, subnet } = await vpc(fx, "ports", "10.60.1.0/28");
      const group = await fx.cloud.createSecurityGroup({
        clientToken: token(),
        project,
        name: "p",
        description: "",
      });
      const base = {
        project,
        networkRef,
        subnetRef: subnet.ref,
        securityGroupRefs: [group],
        deviceRef: null,
      };
      const once = token();
      const first = await fx.cloud.createPort({ ...base, clientToken: once, fixedIp: null });
      expect(first).toEqual({
        ref: expect.any(String),
        subnetRef: subnet.ref,
        ip: expect.stringMatching(/^10\.60\.1\./),
        owner: "other",
        deviceRef: null,
      });
      expect(await fx.cloud.createPort({ ...base, clientToken: once, fixedIp: null })).toEqual(first);

      const hostRef = `host-${token()}`;
      // Neutron gives a free address at random (the simulator the first): ask for one still free.
      const asked = first.ip === "10.60.1.9" ? "10.60.1.10" : "10.60.1.9";
      const fixed = await fx.cloud.createPort({
        ...base,
        clientToken: token(),
        fixedIp: asked,
        deviceRef: hostRef,
      });
      expect(fixed).toMatchObject({ ip: asked, owner: "compute", deviceRef: hostRef });
      // The port is in the groups asked for, and the host's groups are changed through it.
      expect(await fx.look.hostGroups(project, hostRef)).toEqual([group]);
      await fx.cloud.setHostSecurityGroups(project, hostRef, []);
      expect(await fx.look.hostGroups(project, hostRef)).toEqual([]);

      const again = (fixedIp: string | null) =>
        refusal(fx.cloud.createPort({ ...base, clientToken: token(), fixedIp }));
      expect((await again(asked)).status).toBe(409);
      expect((await again("10.60.2.9")).status).toBe(400);
      expect((await again("10.60.1.0")).status).toBe(400);
      expect((await again("10.60.1.1")).status).toBe(400);
      const more = [];
      for (let i = 0; i < 11; i++)
        more.push(await fx.cloud.createPort({ ...base, clientToken: token(), fixedIp: null }));
      const ips = [first, fixed, ...more].map((p) => p.ip);
      expect(new Set(ips).size).toBe(13);
      expect(ips).not.toContain("10.60.1.1");
      expect((await again(null)).status).toBe(409);

      expect((await fx.cloud.listPorts(project, subnet.ref)).map((p) => p.ref).sort()).toEqual(
        [first, fixed, ...more].map((p) => p.ref).sort(),
      );
      for (const port of [first, fixed, ...more]) await fx.cloud.deletePort(project, port.ref);
      await fx.cloud.deletePort(project, first.ref);
      expect(await fx.cloud.listPorts(project, subnet.ref)).toEqual([]);
      await fx.cloud.deleteSecurityGroup(project, group);
      await fx.cloud.deleteSubnet(project, subnet.ref);
      await fx.cloud.deleteNetwork(project, networkRef);
    });
  });
}
