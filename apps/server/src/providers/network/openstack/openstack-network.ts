// The network SPI on OpenStack: Keystone for the organisations' projects, Neutron for the rest
// (decision 0014). Every Neutron call is made with a token scoped to the organisation's project,
// in which Skyledger's user holds only the `member` role: Neutron itself then keeps one
// organisation's calls away from another's objects, whatever reference a caller passes.
//
// Client tokens: a created object carries the tag `skyledger:<token>`, and networks, subnets,
// ports, routers and rules also carry it as their description, which is written in the create call
// itself (Neutron Zed cannot tag in a create), so even a crash between the create and the tag
// leaves an object a retry finds. Rules cannot be tagged at all: for them the description is the
// only mark. A security group's description is the tenant's, so a group is found by its tag only.
import {
  type CloudPort,
  type CloudRef,
  type CloudSubnet,
  type NetworkCloud,
  NetworkCloudError,
  type PortCreate,
  type SecurityRuleCreate,
  type StaticRoute,
  type SubnetUpdate,
} from "../network-cloud";
import { createOpenStackClient, type OpenStackConnection, type OpenStackRequest } from "./openstack-client";

type NeutronObject = { id: string; description?: string; tags?: string[] };
type NeutronPort = NeutronObject & {
  device_id: string;
  device_owner: string;
  fixed_ips: { subnet_id: string; ip_address: string }[];
};
type NeutronSubnet = NeutronObject & { cidr: string; gateway_ip: string | null };
type NeutronRule = NeutronObject & { security_group_id: string };

/** Neutron's collection (URL and answer key) and object key of each kind Skyledger makes. */
const KINDS = {
  network: "networks",
  subnet: "subnets",
  port: "ports",
  router: "routers",
  security_group: "security-groups",
  security_group_rule: "security-group-rules",
} as const;
type Kind = keyof typeof KINDS;
const answerKey = (kind: Kind) => KINDS[kind].replaceAll("-", "_");

export const clientTag = (clientToken: string) => `skyledger:${clientToken}`;
/**
 * The owner of a host's port made with its host's reference: `compute:` is what Neutron (and
 * listPorts) reads as a host's interface, as Nova's `compute:<zone>` is.
 */
const HOST_PORT_OWNER = "compute:skyledger";
/** The Keystone project of an organisation: found again by this name. */
export const projectName = (orgId: string) => `skyledger-${orgId}`;

export function createOpenStackNetwork(
  conn: OpenStackConnection,
  options: { timeoutMs?: number; now?: () => number; fetch?: typeof fetch } = {},
): NetworkCloud {
  const client = createOpenStackClient(conn, options);
  const neutron = <T>(project: CloudRef, request: Omit<OpenStackRequest, "project">) =>
    client.call<T>("network", { ...request, project });
  const keystone = <T>(request: OpenStackRequest) => client.call<T>("identity", request);

  /** Deleting what is already gone succeeds (a compensation or a retry). */
  async function gone(remove: Promise<unknown>): Promise<void> {
    try {
      await remove;
    } catch (error) {
      if (!(error instanceof NetworkCloudError && error.status === 404)) throw error;
    }
  }

  async function list<T>(project: CloudRef, kind: Kind, query: [string, string][]): Promise<T[]> {
    const answer = await neutron<Record<string, T[]>>(project, {
      method: "GET",
      path: `/${KINDS[kind]}`,
      query: [["project_id", project], ...query],
    });
    return answer[answerKey(kind)] ?? [];
  }

  /** The object an earlier create with this client token made, by its tag or its description. */
  async function findMade<T extends NeutronObject>(
    project: CloudRef,
    kind: Kind,
    tag: string,
    extra: [string, string][] = [],
  ): Promise<T | undefined> {
    if (kind !== "security_group_rule") {
      const [tagged] = await list<T>(project, kind, [["tags", tag], ...extra]);
      if (tagged) return tagged;
    }
    if (kind === "security_group") return undefined;
    const [described] = await list<T>(project, kind, [["description", tag], ...extra]);
    return described;
  }

  /** Finds what an earlier try made, or makes it; then marks it with the client token's tag. */
  async function createOnce<T extends NeutronObject>(
    project: CloudRef,
    kind: Kind,
    clientToken: string,
    body: Record<string, unknown>,
    extra: [string, string][] = [],
  ): Promise<T> {
    const tag = clientTag(clientToken);
    const found = await findMade<T>(project, kind, tag, extra);
    const made =
      found ??
      (
        await neutron<Record<string, T>>(project, {
          method: "POST",
          path: `/${KINDS[kind]}`,
          body: { [kind]: kind === "security_group" ? body : { ...body, description: tag } },
        })
      )[kind]!;
    if (kind !== "security_group_rule" && !made.tags?.includes(tag)) {
      await neutron(project, {
        method: "PUT",
        path: `/${KINDS[kind]}/${made.id}/tags/${encodeURIComponent(tag)}`,
      });
    }
    return made;
  }

  const remove = (project: CloudRef, kind: Kind, ref: CloudRef) =>
    gone(neutron(project, { method: "DELETE", path: `/${KINDS[kind]}/${ref}` }));

  let memberRole: Promise<string> | undefined;
  const memberRoleId = () => {
    memberRole ??= keystone<{ roles: { id: string }[] }>({
      method: "GET",
      path: "/roles",
      query: [["name", "member"]],
    }).then(({ roles }) => {
      if (!roles[0]) throw new NetworkCloudError("Keystone has no `member` role");
      return roles[0].id;
    });
    memberRole.catch(() => {
      memberRole = undefined;
    });
    return memberRole;
  };

  let publicNetwork: Promise<string> | undefined;
  const publicNetworkId = (project: CloudRef) => {
    publicNetwork ??= neutron<{ networks: (NeutronObject & { name: string })[] }>(project, {
      method: "GET",
      path: "/networks",
      query: [["router:external", "true"]],
    }).then(({ networks }) => {
      const match = networks.find((n) => n.id === conn.publicNetwork || n.name === conn.publicNetwork);
      if (!match) throw new NetworkCloudError(`OpenStack has no external network "${conn.publicNetwork}"`);
      return match.id;
    });
    publicNetwork.catch(() => {
      publicNetwork = undefined;
    });
    return publicNetwork;
  };

  async function findProject(name: string, domainId: string): Promise<string | undefined> {
    const { projects } = await keystone<{ projects: { id: string }[] }>({
      method: "GET",
      path: "/projects",
      query: [
        ["name", name],
        ["domain_id", domainId],
      ],
    });
    return projects[0]?.id;
  }

  const portOwner = (deviceOwner: string): CloudPort["owner"] =>
    deviceOwner.startsWith("compute:")
      ? "compute"
      : deviceOwner.startsWith("network:router_interface")
        ? "router"
        : deviceOwner === "network:dhcp"
          ? "dhcp"
          : "other";

  const toCloudPort = (port: NeutronPort, subnetRef: CloudRef): CloudPort => ({
    ref: port.id,
    subnetRef,
    ip: port.fixed_ips.find((f) => f.subnet_id === subnetRef)?.ip_address ?? "",
    owner: portOwner(port.device_owner),
    deviceRef: port.device_id || null,
  });

  const portBody = (input: PortCreate) => ({
    network_id: input.networkRef,
    fixed_ips: [
      { subnet_id: input.subnetRef, ...(input.fixedIp === null ? {} : { ip_address: input.fixedIp }) },
    ],
    security_groups: input.securityGroupRefs,
    admin_state_up: true,
    // Without a host, Nova binds the port when it boots the server on it (and sets both then).
    ...(input.deviceRef === null ? {} : { device_id: input.deviceRef, device_owner: HOST_PORT_OWNER }),
  });

  const ruleBody = (input: SecurityRuleCreate) => ({
    security_group_id: input.groupRef,
    direction: input.direction,
    // The rule model is IPv4 (CIDRs of spec §5); `any` is Neutron's null protocol.
    ethertype: "IPv4",
    protocol: input.protocol === "any" ? null : input.protocol,
    // For icmp Neutron reads these as type and code: every one, as the SPI says.
    port_range_min: input.protocol === "tcp" || input.protocol === "udp" ? input.portMin : null,
    port_range_max: input.protocol === "tcp" || input.protocol === "udp" ? input.portMax : null,
    remote_ip_prefix: input.remoteCidr,
    remote_group_id: input.remoteGroupRef,
  });

  return {
    name: "openstack",

    async ensureProject({ orgId, name }) {
      const { userId, domainId } = await client.identity();
      const wanted = projectName(orgId);
      let id = await findProject(wanted, domainId);
      if (!id) {
        try {
          const made = await keystone<{ project: { id: string } }>({
            method: "POST",
            path: "/projects",
            body: {
              project: {
                name: wanted,
                domain_id: domainId,
                description: `Skyledger organisation ${name} (${orgId})`,
                tags: ["skyledger"],
                enabled: true,
              },
            },
          });
          id = made.project.id;
        } catch (error) {
          // Made meanwhile by a concurrent call for the same organisation.
          if (!(error instanceof NetworkCloudError && error.status === 409)) throw error;
          id = await findProject(wanted, domainId);
          if (!id) throw error;
        }
      }
      // Idempotent: the role that lets Skyledger's project-scoped tokens work inside this project only.
      await keystone({
        method: "PUT",
        path: `/projects/${id}/users/${userId}/roles/${await memberRoleId()}`,
      });
      return id;
    },

    async createNetwork({ clientToken, project, name }) {
      return (await createOnce(project, "network", clientToken, { name, admin_state_up: true })).id;
    },
    deleteNetwork: (project, ref) => remove(project, "network", ref),

    async createSubnet(input) {
      const subnet = await createOnce<NeutronSubnet>(input.project, "subnet", input.clientToken, {
        name: input.name,
        network_id: input.networkRef,
        ip_version: 4,
        cidr: input.cidr,
        // Left out, Neutron takes the first address; null there would mean "no gateway".
        ...(input.gatewayIp === null ? {} : { gateway_ip: input.gatewayIp }),
        enable_dhcp: input.dhcp,
        dns_nameservers: input.dnsServers,
      });
      return { ref: subnet.id, cidr: subnet.cidr, gatewayIp: subnet.gateway_ip } satisfies CloudSubnet;
    },
    async updateSubnet(project, ref, change: SubnetUpdate) {
      const subnet: Record<string, unknown> = {};
      if (change.name !== undefined) subnet.name = change.name;
      if (change.dhcp !== undefined) subnet.enable_dhcp = change.dhcp;
      if (change.dnsServers !== undefined) subnet.dns_nameservers = change.dnsServers;
      await neutron(project, { method: "PUT", path: `/subnets/${ref}`, body: { subnet } });
    },
    deleteSubnet: (project, ref) => remove(project, "subnet", ref),

    async listPorts(project, subnetRef) {
      // Another project's subnet is not seen (404), rather than listed as empty.
      await neutron(project, { method: "GET", path: `/subnets/${subnetRef}` });
      const { ports } = await neutron<{ ports: NeutronPort[] }>(project, {
        method: "GET",
        path: "/ports",
        query: [["fixed_ips", `subnet_id=${subnetRef}`]],
      });
      return ports.map((port) => toCloudPort(port, subnetRef));
    },

    async createPort(input) {
      // Neutron refuses a subnet's network and broadcast addresses (400) but gives its gateway
      // address to any port that asks; the SPI keeps it for the router, as a real network needs.
      if (input.fixedIp !== null) {
        const { subnet } = await neutron<{ subnet: NeutronSubnet }>(input.project, {
          method: "GET",
          path: `/subnets/${input.subnetRef}`,
        });
        if (subnet.gateway_ip === input.fixedIp) {
          throw new NetworkCloudError(
            `${input.fixedIp} is the gateway address of subnet ${input.subnetRef} (${subnet.cidr})`,
            400,
          );
        }
      }
      const port = await createOnce<NeutronPort>(input.project, "port", input.clientToken, portBody(input));
      return toCloudPort(port, input.subnetRef);
    },
    deletePort: (project, ref) => remove(project, "port", ref),

    async createRouter({ clientToken, project, name, externalGateway }) {
      const gateway = externalGateway
        ? { external_gateway_info: { network_id: await publicNetworkId(project) } }
        : {};
      return (await createOnce(project, "router", clientToken, { name, admin_state_up: true, ...gateway }))
        .id;
    },
    async addRouterInterface(project, routerRef, subnetRef) {
      // Joined already (a retry): Neutron would refuse a second port on the subnet.
      const { ports } = await neutron<{ ports: NeutronPort[] }>(project, {
        method: "GET",
        path: "/ports",
        query: [
          ["device_id", routerRef],
          ["fixed_ips", `subnet_id=${subnetRef}`],
        ],
      });
      if (ports.length > 0) return;
      await neutron(project, {
        method: "PUT",
        path: `/routers/${routerRef}/add_router_interface`,
        body: { subnet_id: subnetRef },
      });
    },
    removeRouterInterface: (project, routerRef, subnetRef) =>
      gone(
        neutron(project, {
          method: "PUT",
          path: `/routers/${routerRef}/remove_router_interface`,
          body: { subnet_id: subnetRef },
        }),
      ),
    async setRoutes(project, routerRef, routes: StaticRoute[]) {
      await neutron(project, {
        method: "PUT",
        path: `/routers/${routerRef}`,
        body: { router: { routes: routes.map((r) => ({ destination: r.destination, nexthop: r.nexthop })) } },
      });
    },
    deleteRouter: (project, ref) => remove(project, "router", ref),

    async createSecurityGroup({ clientToken, project, name, description }) {
      const group = await createOnce(project, "security_group", clientToken, { name, description });
      // Neutron gives every new group two "allow all egress" rules (IPv4 and IPv6). A group holds
      // exactly the rules Skyledger records (decision 0014): those two go, here and on a retry;
      // Skyledger's own rules are marked by their description and stay.
      const rules = await list<NeutronRule>(project, "security_group_rule", [
        ["security_group_id", group.id],
      ]);
      for (const rule of rules.filter((r) => !r.description?.startsWith("skyledger:"))) {
        await remove(project, "security_group_rule", rule.id);
      }
      return group.id;
    },
    deleteSecurityGroup: (project, ref) => remove(project, "security_group", ref),
    async addSecurityRule(input) {
      const rule = await createOnce<NeutronRule>(
        input.project,
        "security_group_rule",
        input.clientToken,
        ruleBody(input),
        [["security_group_id", input.groupRef]],
      );
      return rule.id;
    },
    deleteSecurityRule: (project, ref) => remove(project, "security_group_rule", ref),

    async setHostSecurityGroups(project, hostRef, groupRefs) {
      const { ports } = await neutron<{ ports: NeutronPort[] }>(project, {
        method: "GET",
        path: "/ports",
        query: [["device_id", hostRef]],
      });
      for (const port of ports) {
        await neutron(project, {
          method: "PUT",
          path: `/ports/${port.id}`,
          body: { port: { security_groups: groupRefs } },
        });
      }
    },
  };
}
