// The simulated network service: the embedded default behind the network SPI. It keeps what a
// tenant made in the database and refuses what Neutron refuses, with Neutron's statuses (409 for
// an object in use, 400 for a bad request), so the domain above meets the same answers on both.
// It does not route packets: there is nothing to route on a simulator.
import {
  type Cidr,
  cidrContainsAddress,
  cidrsOverlap,
  firstFreeHostAddress,
  formatIpv4,
  hostAddressProblem,
  nthHostAddress,
  parseCidr,
  parseIpv4,
} from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { type CloudPort, type NetworkCloud, NetworkCloudError, type StaticRoute } from "./network-cloud";
import {
  deleteSimObject,
  findSimObject,
  findSimObjectByToken,
  insertSimObject,
  listSimChildren,
  listSimObjects,
  lockSimProject,
  type SimNetworkRow,
  updateSimBody,
} from "./simulator-network.repo";
import type { SimNetworkKind } from "./simulator-network.schema";

type SubnetBody = {
  name: string;
  cidr: string;
  gatewayIp: string | null;
  dhcp: boolean;
  dnsServers: string[];
};
/** `groups`: a host's port is in security groups (router and DHCP ports are in none). */
type PortBody = { ip: string; owner: CloudPort["owner"]; deviceRef: string | null; groups?: string[] };
type RouterBody = { name: string; externalGateway: boolean; routes: StaticRoute[] };

const inUse = (what: string) => new NetworkCloudError(`${what} is in use`, 409);
const badRequest = (what: string) => new NetworkCloudError(what, 400);

export function createSimulatorNetwork(deps: { db: Db; clock: Clock }): NetworkCloud {
  const { db, clock } = deps;

  /** Runs `work` with the project locked, so two changes to one project never interleave. */
  const inProject = <T>(project: string, work: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await lockSimProject(tx, project);
      return work(tx);
    });

  /** The object of this project and kind; another project's object is as good as absent. */
  async function own(
    tx: Tx,
    project: string,
    ref: string,
    kind: SimNetworkKind,
  ): Promise<SimNetworkRow | null> {
    const row = await findSimObject(tx, ref);
    return row && row.project === project && row.kind === kind ? row : null;
  }

  async function mustOwn(tx: Tx, project: string, ref: string, kind: SimNetworkKind) {
    const row = await own(tx, project, ref, kind);
    if (!row) throw new NetworkCloudError(`${kind} ${ref} could not be found`, 404);
    return row;
  }

  /** Makes the object, or returns the one an earlier call with the same token made. */
  async function create(
    tx: Tx,
    row: { project: string; kind: SimNetworkKind; clientToken: string; parentRef?: string; body: object },
  ): Promise<{ ref: string; created: boolean }> {
    const earlier = await findSimObjectByToken(tx, row.clientToken);
    if (earlier) return { ref: earlier.ref, created: false };
    const ref = `sim-${row.kind.toLowerCase()}-${newId()}`;
    await insertSimObject(tx, {
      ref,
      project: row.project,
      kind: row.kind,
      clientToken: row.clientToken,
      parentRef: row.parentRef ?? null,
      body: row.body as Record<string, unknown>,
      createdAt: clock.now(),
    });
    return { ref, created: true };
  }

  const subnetOf = (row: SimNetworkRow) => row.body as SubnetBody;
  const toPort = (row: { ref: string; parentRef: string | null; body: unknown }): CloudPort => {
    const { ip, owner, deviceRef } = row.body as PortBody;
    return { ref: row.ref, subnetRef: row.parentRef as string, ip, owner, deviceRef };
  };

  /** The router's interface ports, with the subnet each is on. */
  async function routerPorts(tx: Tx, project: string, routerRef: string) {
    const ports = await listSimObjects(tx, project, "port");
    return ports.filter((p) => (p.body as PortBody).deviceRef === routerRef);
  }

  return {
    name: "simulator",

    async ensureProject({ orgId, name }) {
      const token = `project:${orgId}`;
      return db.transaction(async (tx) => {
        const earlier = await findSimObjectByToken(tx, token);
        if (earlier) return earlier.ref;
        const ref = `sim-project-${orgId}`;
        await insertSimObject(tx, {
          ref,
          project: ref,
          kind: "project",
          clientToken: token,
          parentRef: null,
          body: { name },
          createdAt: clock.now(),
        });
        return ref;
      });
    },

    createNetwork: ({ clientToken, project, name }) =>
      inProject(
        project,
        async (tx) => (await create(tx, { project, kind: "network", clientToken, body: { name } })).ref,
      ),

    deleteNetwork: (project, ref) =>
      inProject(project, async (tx) => {
        if (!(await own(tx, project, ref, "network"))) return;
        const subnets = await listSimChildren(tx, ref, "subnet");
        for (const subnet of subnets) {
          if ((await listSimChildren(tx, subnet.ref, "port")).length > 0) throw inUse(`network ${ref}`);
        }
        for (const subnet of subnets) await deleteSimObject(tx, subnet.ref);
        await deleteSimObject(tx, ref);
      }),

    createSubnet: (input) =>
      inProject(input.project, async (tx) => {
        await mustOwn(tx, input.project, input.networkRef, "network");
        const cidr = parseCidr(input.cidr);
        if (!cidr) throw badRequest(`invalid CIDR ${input.cidr}`);
        const earlier = await findSimObjectByToken(tx, input.clientToken);
        if (earlier)
          return { ref: earlier.ref, cidr: subnetOf(earlier).cidr, gatewayIp: subnetOf(earlier).gatewayIp };
        for (const sibling of await listSimChildren(tx, input.networkRef, "subnet")) {
          if (cidrsOverlap(parseCidr(subnetOf(sibling).cidr) as Cidr, cidr)) {
            throw badRequest(`${input.cidr} overlaps with another subnet ${subnetOf(sibling).cidr}`);
          }
        }
        const gatewayIp = input.gatewayIp ?? formatIpv4(nthHostAddress(cidr, 1));
        const gateway = parseIpv4(gatewayIp);
        if (gateway === null || !cidrContainsAddress(cidr, gateway)) {
          throw badRequest(`gateway ${gatewayIp} is not in ${input.cidr}`);
        }
        const body: SubnetBody = {
          name: input.name,
          cidr: input.cidr,
          gatewayIp,
          dhcp: input.dhcp,
          dnsServers: input.dnsServers,
        };
        const { ref } = await create(tx, {
          project: input.project,
          kind: "subnet",
          clientToken: input.clientToken,
          parentRef: input.networkRef,
          body,
        });
        return { ref, cidr: input.cidr, gatewayIp };
      }),

    updateSubnet: (project, ref, change) =>
      inProject(project, async (tx) => {
        const row = await mustOwn(tx, project, ref, "subnet");
        const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
        await updateSimBody(tx, ref, { ...subnetOf(row), ...defined });
      }),

    deleteSubnet: (project, ref) =>
      inProject(project, async (tx) => {
        if (!(await own(tx, project, ref, "subnet"))) return;
        if ((await listSimChildren(tx, ref, "port")).length > 0) throw inUse(`subnet ${ref}`);
        await deleteSimObject(tx, ref);
      }),

    listPorts: (project, subnetRef) =>
      inProject(project, async (tx) => {
        await mustOwn(tx, project, subnetRef, "subnet");
        const ports = await listSimChildren(tx, subnetRef, "port");
        return ports.map(toPort);
      }),

    createPort: (input) =>
      inProject(input.project, async (tx) => {
        const subnetRow = await mustOwn(tx, input.project, input.subnetRef, "subnet");
        for (const group of input.securityGroupRefs) await mustOwn(tx, input.project, group, "securityGroup");
        const earlier = await findSimObjectByToken(tx, input.clientToken);
        if (earlier) {
          // Made before a stop, for a host that was then never recorded: the retried create's
          // host takes it over, as a server booted on an existing port binds it.
          const body = earlier.body as PortBody;
          if (input.deviceRef && body.deviceRef !== input.deviceRef) {
            const bound = { ...body, deviceRef: input.deviceRef, owner: "compute" as const };
            await updateSimBody(tx, earlier.ref, bound);
            return toPort({ ...earlier, body: bound });
          }
          return toPort(earlier);
        }
        const subnet = subnetOf(subnetRow);
        const ports = await listSimChildren(tx, input.subnetRef, "port");
        const taken = new Set(ports.map((p) => (p.body as PortBody).ip));
        // Neutron's answers: an address outside the block or its network/broadcast one is a bad
        // request; one another port holds, or none left, is a conflict.
        if (input.fixedIp !== null) {
          // The gateway address too (Neutron would hand it out; the SPI refuses it, as the
          // OpenStack provider does before asking).
          const problem = hostAddressProblem(subnet.cidr, subnet.gatewayIp, input.fixedIp);
          if (problem) throw badRequest(`${input.fixedIp} is not a valid IP for the subnet ${subnet.cidr}`);
          if (taken.has(input.fixedIp))
            throw new NetworkCloudError(`IP address ${input.fixedIp} already allocated`, 409);
        }
        const ip = input.fixedIp ?? firstFreeHostAddress(subnet.cidr, subnet.gatewayIp, taken);
        if (ip === null) throw new NetworkCloudError(`no more IP addresses available on ${subnet.cidr}`, 409);
        const body: PortBody = {
          ip,
          owner: input.deviceRef ? "compute" : "other",
          deviceRef: input.deviceRef,
          groups: input.securityGroupRefs,
        };
        const { ref } = await create(tx, {
          project: input.project,
          kind: "port",
          clientToken: input.clientToken,
          parentRef: input.subnetRef,
          body,
        });
        return toPort({ ref, parentRef: input.subnetRef, body });
      }),

    deletePort: (project, ref) =>
      inProject(project, async (tx) => {
        if (await own(tx, project, ref, "port")) await deleteSimObject(tx, ref);
      }),

    createRouter: ({ clientToken, project, name, externalGateway }) =>
      inProject(project, async (tx) => {
        const body: RouterBody = { name, externalGateway, routes: [] };
        return (await create(tx, { project, kind: "router", clientToken, body })).ref;
      }),

    addRouterInterface: (project, routerRef, subnetRef) =>
      inProject(project, async (tx) => {
        await mustOwn(tx, project, routerRef, "router");
        const subnet = await mustOwn(tx, project, subnetRef, "subnet");
        const ports = await routerPorts(tx, project, routerRef);
        // Joined already: a retried join changes nothing (the OpenStack provider looks first too).
        if (ports.some((p) => p.parentRef === subnetRef)) return;
        const cidr = parseCidr(subnetOf(subnet).cidr) as Cidr;
        for (const port of ports) {
          const other = await findSimObject(tx, port.parentRef as string);
          if (other && cidrsOverlap(parseCidr(subnetOf(other).cidr) as Cidr, cidr)) {
            throw badRequest(
              `subnet ${subnetOf(subnet).cidr} overlaps with ${subnetOf(other).cidr} on the router`,
            );
          }
        }
        const body: PortBody = {
          ip: subnetOf(subnet).gatewayIp ?? formatIpv4(nthHostAddress(cidr, 1)),
          owner: "router",
          deviceRef: routerRef,
        };
        await create(tx, {
          project,
          kind: "port",
          clientToken: `rif:${routerRef}:${subnetRef}`,
          parentRef: subnetRef,
          body,
        });
      }),

    removeRouterInterface: (project, routerRef, subnetRef) =>
      inProject(project, async (tx) => {
        // A router or an interface already gone: done, as every removal of what is gone.
        const router = await own(tx, project, routerRef, "router");
        if (!router) return;
        const port = (await routerPorts(tx, project, routerRef)).find((p) => p.parentRef === subnetRef);
        if (!port) return;
        const subnet = await findSimObject(tx, subnetRef);
        const cidr = subnet ? parseCidr(subnetOf(subnet).cidr) : null;
        const routes = (router.body as RouterBody).routes;
        if (cidr && routes.some((r) => cidrContainsAddress(cidr, parseIpv4(r.nexthop) as number))) {
          // Neutron refuses too: a static route would be left pointing nowhere.
          throw inUse(`subnet ${subnetRef}, a route's next hop`);
        }
        await deleteSimObject(tx, port.ref);
      }),

    setRoutes: (project, routerRef, routes) =>
      inProject(project, async (tx) => {
        const router = await mustOwn(tx, project, routerRef, "router");
        const connected: Cidr[] = [];
        for (const port of await routerPorts(tx, project, routerRef)) {
          const subnet = await findSimObject(tx, port.parentRef as string);
          if (subnet) connected.push(parseCidr(subnetOf(subnet).cidr) as Cidr);
        }
        for (const route of routes) {
          const nexthop = parseIpv4(route.nexthop);
          if (!parseCidr(route.destination) || nexthop === null)
            throw badRequest(`invalid route ${route.destination}`);
          if (!connected.some((c) => cidrContainsAddress(c, nexthop))) {
            throw badRequest(`the next hop ${route.nexthop} is not connected with the router`);
          }
        }
        await updateSimBody(tx, routerRef, { ...(router.body as RouterBody), routes });
      }),

    deleteRouter: (project, ref) =>
      inProject(project, async (tx) => {
        if (!(await own(tx, project, ref, "router"))) return;
        if ((await routerPorts(tx, project, ref)).length > 0) throw inUse(`router ${ref}`);
        await deleteSimObject(tx, ref);
      }),

    createSecurityGroup: ({ clientToken, project, name, description }) =>
      inProject(project, async (tx) => {
        return (
          await create(tx, { project, kind: "securityGroup", clientToken, body: { name, description } })
        ).ref;
      }),

    deleteSecurityGroup: (project, ref) =>
      inProject(project, async (tx) => {
        if (!(await own(tx, project, ref, "securityGroup"))) return;
        const holders = [
          ...(await listSimObjects(tx, project, "hostGroups")),
          ...(await listSimObjects(tx, project, "port")),
        ];
        if (holders.some((b) => ((b.body.groups as string[] | undefined) ?? []).includes(ref)))
          throw inUse(`security group ${ref}`);
        const rules = await listSimObjects(tx, project, "securityRule");
        if (rules.some((r) => r.body.remoteGroupRef === ref && r.parentRef !== ref)) {
          throw inUse(`security group ${ref}, another group's rule`);
        }
        for (const rule of await listSimChildren(tx, ref, "securityRule"))
          await deleteSimObject(tx, rule.ref);
        await deleteSimObject(tx, ref);
      }),

    addSecurityRule: (input) =>
      inProject(input.project, async (tx) => {
        await mustOwn(tx, input.project, input.groupRef, "securityGroup");
        if (input.remoteGroupRef) await mustOwn(tx, input.project, input.remoteGroupRef, "securityGroup");
        if ((input.remoteCidr === null) === (input.remoteGroupRef === null)) {
          throw badRequest("a rule names either a remote CIDR or a remote group");
        }
        const { clientToken, project, groupRef, ...rule } = input;
        const earlier = await findSimObjectByToken(tx, clientToken);
        if (earlier) return earlier.ref;
        // The same rule twice is refused, as Neutron does (jsonb reorders keys: compare fields).
        const same = (body: Record<string, unknown>) =>
          (Object.keys(rule) as (keyof typeof rule)[]).every((key) => body[key] === rule[key]);
        if ((await listSimChildren(tx, groupRef, "securityRule")).some((other) => same(other.body))) {
          throw new NetworkCloudError("the rule already exists", 409);
        }
        return (
          await create(tx, { project, kind: "securityRule", clientToken, parentRef: groupRef, body: rule })
        ).ref;
      }),

    deleteSecurityRule: (project, ref) =>
      inProject(project, async (tx) => {
        if (await own(tx, project, ref, "securityRule")) await deleteSimObject(tx, ref);
      }),

    setHostSecurityGroups: (project, hostRef, groupRefs) =>
      inProject(project, async (tx) => {
        for (const group of groupRefs) await mustOwn(tx, project, group, "securityGroup");
        const ports = (await listSimObjects(tx, project, "port")).filter(
          (p) => (p.body as PortBody).deviceRef === hostRef,
        );
        for (const port of ports) await updateSimBody(tx, port.ref, { ...port.body, groups: groupRefs });
        if (ports.length > 0) return;
        // A host the simulator gave no port (one bought without choosing a network, on the
        // provider's default network): its groups are kept beside it.
        const token = `host-groups:${hostRef}`;
        const earlier = await findSimObjectByToken(tx, token);
        if (earlier) await updateSimBody(tx, earlier.ref, { groups: groupRefs });
        else
          await create(tx, {
            project,
            kind: "hostGroups",
            clientToken: token,
            parentRef: hostRef,
            body: { groups: groupRefs },
          });
      }),
  };
}
