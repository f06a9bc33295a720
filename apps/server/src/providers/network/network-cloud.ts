// The network SPI: what Skyledger asks of a cloud's network service (Neutron, or the simulator
// standing in for it) for a tenant's VPCs, subnets, routers and security groups. Two
// implementations keep the same contract (test/network/network-contract.ts runs the same cases
// against both): `simulator` (the embedded default, state in the database) and `openstack`
// (Keystone and Neutron's HTTP APIs).
//
// Each organisation is one project on the cloud (a Keystone project): every object is made in it,
// and another organisation's project cannot see it. Our database is the record of what a tenant
// owns and of the rules spec §5 sets (a VPC's CIDR, overlaps, priorities); the cloud holds the
// objects themselves. The SPI is therefore small and does no validation of its own beyond what
// the cloud refuses.
//
// Creates take a `clientToken` (our row's id): a create retried after a crash finds the object it
// made before (Neutron keeps it as a tag) instead of making two. Deletes of an object already gone
// succeed, so a compensation or a retry never fails on what is no longer there.

/** A reference the cloud gave an object (a Neutron UUID, or `sim-…` on the simulator). */
export type CloudRef = string;

export type NetworkCreate = { clientToken: string; project: CloudRef; name: string };

export type SubnetCreate = {
  clientToken: string;
  project: CloudRef;
  networkRef: CloudRef;
  name: string;
  /** IPv4 CIDR, e.g. 10.0.1.0/24; checked by the caller against the VPC and its siblings. */
  cidr: string;
  /** null: the cloud picks the first address. */
  gatewayIp: string | null;
  dhcp: boolean;
  dnsServers: string[];
};

export type SubnetUpdate = { name?: string; dhcp?: boolean; dnsServers?: string[] };

export type CloudSubnet = { ref: CloudRef; cidr: string; gatewayIp: string | null };

/** A port on a subnet: a host's interface, a router's interface, the DHCP server. */
export type CloudPort = {
  ref: CloudRef;
  subnetRef: CloudRef;
  ip: string;
  /** What the port belongs to: `compute` (a host), `router`, `dhcp`, or `other`. */
  owner: "compute" | "router" | "dhcp" | "other";
  /** The host's or router's reference, when the port is attached to one. */
  deviceRef: CloudRef | null;
};

/**
 * A host's interface on a subnet, made before the host (as a Nova server is booted on a port made
 * in Neutron first): the compute provider makes it, and deletes it with the host.
 */
export type PortCreate = {
  clientToken: string;
  project: CloudRef;
  networkRef: CloudRef;
  subnetRef: CloudRef;
  /** The address asked for; null takes the subnet's next free one. */
  fixedIp: string | null;
  securityGroupRefs: CloudRef[];
  /**
   * The host it belongs to, when the compute provider names it itself (the simulator's hosts);
   * null when the compute service binds the port when it boots the host (Nova).
   */
  deviceRef: CloudRef | null;
};

export type RouterCreate = { clientToken: string; project: CloudRef; name: string; externalGateway: boolean };

export type StaticRoute = { destination: string; nexthop: string };

export type SecurityGroupCreate = {
  clientToken: string;
  project: CloudRef;
  name: string;
  description: string;
};

export type SecurityRuleCreate = {
  clientToken: string;
  project: CloudRef;
  groupRef: CloudRef;
  direction: "ingress" | "egress";
  /** `any` is every protocol. */
  protocol: "tcp" | "udp" | "icmp" | "any";
  /** null for icmp and any: every port. */
  portMin: number | null;
  portMax: number | null;
  /** Exactly one of the two: a CIDR, or another group of the same project. */
  remoteCidr: string | null;
  remoteGroupRef: CloudRef | null;
};

export type NetworkCloud = {
  readonly name: "simulator" | "openstack";
  /** The organisation's project on the cloud, made when first needed; the same ref ever after. */
  ensureProject(input: { orgId: string; name: string }): Promise<CloudRef>;

  createNetwork(input: NetworkCreate): Promise<CloudRef>;
  deleteNetwork(project: CloudRef, ref: CloudRef): Promise<void>;

  createSubnet(input: SubnetCreate): Promise<CloudSubnet>;
  updateSubnet(project: CloudRef, ref: CloudRef, change: SubnetUpdate): Promise<void>;
  deleteSubnet(project: CloudRef, ref: CloudRef): Promise<void>;
  /** The ports on a subnet (what blocks its deletion, and what its page lists). */
  listPorts(project: CloudRef, subnetRef: CloudRef): Promise<CloudPort[]>;

  /**
   * Makes a host's port, once per client token. Refuses (409) an address another port holds, (400)
   * one outside the subnet or reserved (its network, broadcast or gateway address), and (409) when
   * the subnet has no free address left.
   */
  createPort(input: PortCreate): Promise<CloudPort>;
  /** Deletes a port; one already gone is deleted. */
  deletePort(project: CloudRef, ref: CloudRef): Promise<void>;

  createRouter(input: RouterCreate): Promise<CloudRef>;
  /**
   * Joins a subnet to the router (a router port on the subnet's gateway address); joining again
   * changes nothing.
   */
  addRouterInterface(project: CloudRef, routerRef: CloudRef, subnetRef: CloudRef): Promise<void>;
  removeRouterInterface(project: CloudRef, routerRef: CloudRef, subnetRef: CloudRef): Promise<void>;
  /** Replaces the router's static routes with these. */
  setRoutes(project: CloudRef, routerRef: CloudRef, routes: StaticRoute[]): Promise<void>;
  deleteRouter(project: CloudRef, ref: CloudRef): Promise<void>;

  createSecurityGroup(input: SecurityGroupCreate): Promise<CloudRef>;
  deleteSecurityGroup(project: CloudRef, ref: CloudRef): Promise<void>;
  addSecurityRule(input: SecurityRuleCreate): Promise<CloudRef>;
  deleteSecurityRule(project: CloudRef, ref: CloudRef): Promise<void>;
  /**
   * Puts a host's ports in exactly these groups (bind and unbind are both this call; it works on a
   * running host). `hostRef` is the compute provider's reference of the host.
   */
  setHostSecurityGroups(project: CloudRef, hostRef: CloudRef, groupRefs: CloudRef[]): Promise<void>;
};

/** The cloud refused a call (a quota on its side, an object in use): its message is kept. */
export class NetworkCloudError extends Error {
  constructor(
    message: string,
    /** The cloud's HTTP status, when it answered one (409 in use, 404 gone, 400 refused). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "NetworkCloudError";
  }
}
