// VPCs, subnets, routers and static routes (spec §2 Network CB09, §3 network objects, §5 network
// rules, §6 shared networks). The field rules here serve the forms and the server alike; the rules
// that need the VPC's other objects (inside the VPC, no overlap, no route conflict) are the pure
// functions at the end, which the forms run on what they show and the server runs under a lock.
import { z } from "zod";
import {
  type Cidr,
  cidrContains,
  cidrContainsAddress,
  cidrsOverlap,
  isPrivateCidr,
  lastAddress,
  parseCidr,
  parseIpv4,
} from "../ipv4";
import { v } from "../validation";
import { pageQuery } from "./common";

/** A subnet's mask (spec §5). */
export const SUBNET_MASK = { min: 16, max: 29 } as const;
/**
 * A VPC's mask (decision 0016): /16 at most, like a subnet, and /28 at least, so that a VPC always
 * has room for two of the smallest subnets.
 */
export const VPC_MASK = { min: 16, max: 28 } as const;
/** DNS servers a subnet hands out over DHCP. */
export const MAX_DNS_SERVERS = 2;

const cidrText = z.string().trim().min(1, "validation.required").max(18, "validation.cidrFormat");

const block = (mask: { min: number; max: number }, maskKey: string) =>
  cidrText
    .refine((s) => parseCidr(s) !== null, "validation.cidrFormat")
    .refine((s) => {
      const c = parseCidr(s);
      return c === null || (c.prefix >= mask.min && c.prefix <= mask.max);
    }, maskKey)
    .refine((s) => {
      const c = parseCidr(s);
      return c === null || isPrivateCidr(c);
    }, "validation.cidrPrivate");

export const vpcCidr = block(VPC_MASK, "validation.vpcMask");
export const subnetCidr = block(SUBNET_MASK, "validation.subnetMask");
export const ipv4Address = z
  .string()
  .trim()
  .refine((s) => parseIpv4(s) !== null, "validation.ipv4");

/** Network states while our record and the cloud's are brought together. */
export const NETWORK_STATUSES = ["creating", "active", "deleting"] as const;
export const networkStatus = z.enum(NETWORK_STATUSES);
export type NetworkStatus = z.infer<typeof networkStatus>;

export const networkIdParams = z.object({ id: z.string().min(1).max(64) });

export const vpcCreateBody = z.object({
  name: v.resourceName,
  description: v.description.default(""),
  cidr: vpcCidr,
  shared: z.boolean().default(false),
});
export type VpcCreateBody = z.input<typeof vpcCreateBody>;

export const vpcUpdateBody = z.object({ name: v.resourceName, description: v.description.default("") });
export type VpcUpdateBody = z.input<typeof vpcUpdateBody>;

export const networkListQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });

export const vpcRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cidr: z.string(),
  shared: z.boolean(),
  status: networkStatus,
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  subnetCount: z.number().int(),
  /** Whether the caller may edit or delete it (a shared VPC: only its creator, spec §6). */
  editable: z.boolean(),
});
export type VpcRecord = z.infer<typeof vpcRecord>;

export const subnetCreateBody = z.object({
  name: v.resourceName,
  cidr: subnetCidr,
  /** null: the first address of the subnet. */
  gatewayIp: ipv4Address.nullable().default(null),
  dhcp: z.boolean().default(true),
  dnsServers: z.array(ipv4Address).max(MAX_DNS_SERVERS, "validation.dnsServers").default([]),
});
export type SubnetCreateBody = z.input<typeof subnetCreateBody>;

export const subnetUpdateBody = subnetCreateBody.pick({ name: true, dhcp: true, dnsServers: true });
export type SubnetUpdateBody = z.input<typeof subnetUpdateBody>;

export const subnetRecord = z.object({
  id: z.string(),
  vpcId: z.string(),
  name: z.string(),
  cidr: z.string(),
  gatewayIp: z.string().nullable(),
  dhcp: z.boolean(),
  dnsServers: z.array(z.string()),
  status: networkStatus,
  createdAt: z.string(),
});
export type SubnetRecord = z.infer<typeof subnetRecord>;

export const routerSummary = z.object({
  id: z.string(),
  name: z.string(),
  vpcId: z.string(),
  vpcName: z.string(),
  externalGateway: z.boolean(),
  status: networkStatus,
  interfaceCount: z.number().int(),
  routeCount: z.number().int(),
  createdAt: z.string(),
  editable: z.boolean(),
});
export type RouterSummary = z.infer<typeof routerSummary>;

/** Which network service serves: the page says so when it is the simulator. */
export const networkCloudInfo = z.object({ name: z.enum(["simulator", "openstack"]) });
export type NetworkCloudInfo = z.infer<typeof networkCloudInfo>;

export const vpcDetail = vpcRecord.extend({
  subnets: z.array(subnetRecord),
  routers: z.array(routerSummary),
});
export type VpcDetail = z.infer<typeof vpcDetail>;

export const PORT_OWNERS = ["compute", "router", "dhcp", "other"] as const;
export type CloudPortOwner = (typeof PORT_OWNERS)[number];

export const subnetPort = z.object({
  ip: z.string(),
  owner: z.enum(PORT_OWNERS),
  /** The host's or router's reference on the cloud. */
  deviceRef: z.string().nullable(),
  /** Our name for it, when it is one of ours (a router). */
  deviceName: z.string().nullable(),
});
export type SubnetPort = z.infer<typeof subnetPort>;

export const subnetDetail = subnetRecord.extend({
  vpcName: z.string(),
  vpcCidr: z.string(),
  editable: z.boolean(),
  ports: z.array(subnetPort),
});
export type SubnetDetail = z.infer<typeof subnetDetail>;

export const routerCreateBody = z.object({
  name: v.resourceName,
  vpcId: z.string().min(1, "validation.required").max(64),
  externalGateway: z.boolean().default(false),
  /** Subnets of the VPC to join at once. */
  subnetIds: z.array(z.string().min(1).max(64)).max(64).default([]),
});
export type RouterCreateBody = z.input<typeof routerCreateBody>;

export const routerInterfaceBody = z.object({ subnetId: z.string().min(1, "validation.required").max(64) });
export const routerInterfaceParams = z.object({
  id: z.string().min(1).max(64),
  subnetId: z.string().min(1).max(64),
});

export const routeCreateBody = z.object({
  destination: cidrText.refine((s) => parseCidr(s) !== null, "validation.cidrFormat"),
  nexthop: ipv4Address,
});
export type RouteCreateBody = z.input<typeof routeCreateBody>;
export const routeParams = z.object({ id: z.string().min(1).max(64), routeId: z.string().min(1).max(64) });

export const routerInterface = z.object({
  subnetId: z.string(),
  subnetName: z.string(),
  cidr: z.string(),
  ip: z.string().nullable(),
  status: networkStatus,
});
export const staticRoute = z.object({
  id: z.string(),
  destination: z.string(),
  nexthop: z.string(),
  status: networkStatus,
});
export type StaticRouteRecord = z.infer<typeof staticRoute>;

export const routerDetail = routerSummary.extend({
  vpcCidr: z.string(),
  interfaces: z.array(routerInterface),
  routes: z.array(staticRoute),
  /** The VPC's subnets, to choose one to join. */
  vpcSubnets: z.array(subnetRecord),
});
export type RouterDetail = z.infer<typeof routerDetail>;

// The rules that look at the VPC's other objects. Each answers the first problem, naming the
// object in the way, or null.

type Named = { name: string; cidr: string };

export type SubnetPlacementProblem =
  | { kind: "outside"; vpcCidr: string }
  | { kind: "overlap"; name: string; cidr: string }
  | null;

export function subnetPlacementProblem(
  cidr: string,
  vpcCidr: string,
  siblings: Named[],
): SubnetPlacementProblem {
  const c = parseCidr(cidr);
  const vpc = parseCidr(vpcCidr);
  if (!c || !vpc) return null;
  if (!cidrContains(vpc, c)) return { kind: "outside", vpcCidr };
  for (const s of siblings) {
    const other = parseCidr(s.cidr);
    if (other && cidrsOverlap(other, c)) return { kind: "overlap", name: s.name, cidr: s.cidr };
  }
  return null;
}

/** A gateway must be a host address of the subnet: not its network or broadcast address. */
export function gatewayFits(gatewayIp: string, cidr: string): boolean {
  const c = parseCidr(cidr);
  const ip = parseIpv4(gatewayIp);
  if (!c || ip === null) return false;
  return cidrContainsAddress(c, ip) && ip !== c.base && ip !== lastAddress(c);
}

export type RouteProblem =
  | { kind: "route"; destination: string; nexthop: string }
  | { kind: "subnet"; name: string; cidr: string }
  | { kind: "nexthop" }
  | null;

/**
 * Spec §5: a route's destination must not conflict with the router's other routes or with a subnet
 * of its VPC (conflict: the blocks share an address). Answers the first conflict, or null.
 */
export function routeConflict(
  destination: string,
  routes: { destination: string; nexthop: string }[],
  vpcSubnets: Named[],
): Exclude<RouteProblem, { kind: "nexthop" }> {
  const dest = parseCidr(destination);
  if (!dest) return null;
  const overlaps = (text: string) => {
    const other = parseCidr(text);
    return other !== null && cidrsOverlap(other, dest);
  };
  const route = routes.find((r) => overlaps(r.destination));
  if (route) return { kind: "route", destination: route.destination, nexthop: route.nexthop };
  const subnet = vpcSubnets.find((s) => overlaps(s.cidr));
  if (subnet) return { kind: "subnet", name: subnet.name, cidr: subnet.cidr };
  return null;
}

/** Whether the next hop lies in one of the subnets joined to the router. */
export function nexthopJoined(nexthop: string, joinedCidrs: string[]): boolean {
  const hop = parseIpv4(nexthop);
  const joined = joinedCidrs.map(parseCidr).filter((c): c is Cidr => c !== null);
  return hop !== null && joined.some((c) => cidrContainsAddress(c, hop));
}

/** Every rule of a new route: no conflict, then a next hop in a joined subnet. */
export function routeProblem(
  route: { destination: string; nexthop: string },
  routes: { destination: string; nexthop: string }[],
  vpcSubnets: Named[],
  joinedCidrs: string[],
): RouteProblem {
  if (!parseCidr(route.destination)) return null;
  const conflict = routeConflict(route.destination, routes, vpcSubnets);
  if (conflict) return conflict;
  return nexthopJoined(route.nexthop, joinedCidrs) ? null : { kind: "nexthop" };
}

// ---- hosts on a network (issue 15 item 5) ----

/** Security groups a host is in: one at least (the default group is offered), five at most. */
export const MAX_HOST_SECURITY_GROUPS = 5;

const networkId = z.string().trim().min(1, "validation.required").max(64);

/** Where a new host goes: the VPC, one of its subnets, its security groups and, optionally, its address. */
export const hostNetworkChoice = z.object({
  vpcId: networkId,
  subnetId: networkId,
  securityGroupIds: z
    .array(networkId)
    .min(1, "validation.securityGroupsRequired")
    .max(MAX_HOST_SECURITY_GROUPS, "validation.securityGroupsMax")
    .refine((ids) => new Set(ids).size === ids.length, "validation.securityGroupsRepeated"),
  /** null: the subnet's next free address. */
  fixedIp: ipv4Address.nullable().default(null),
});
export type HostNetworkChoice = z.infer<typeof hostNetworkChoice>;

/** The default VPC and subnet offered on a tenant's first host purchase. */
export const DEFAULT_VPC = {
  name: "default-vpc",
  cidr: "172.16.0.0/16",
  subnetName: "default-subnet",
  subnetCidr: "172.16.0.0/24",
} as const;

export const hostNetworkParams = z.object({ id: z.string().min(1).max(64) });

/** A host's place on the network, for its detail page. */
export const hostNetwork = z.object({
  /** Null for a host bought without choosing a network (on the provider's default network). */
  vpc: z.object({ id: z.string(), name: z.string(), cidr: z.string() }).nullable(),
  subnet: z.object({ id: z.string(), name: z.string(), cidr: z.string() }).nullable(),
  ipAddress: z.string().nullable(),
  /** Whether the address was asked for (a fixed IP) rather than given by the subnet. */
  fixedIp: z.boolean(),
  securityGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the host's groups may be changed now (running or stopped, on the cloud). */
  groupsEditable: z.boolean(),
});
export type HostNetwork = z.infer<typeof hostNetwork>;

export const hostSecurityGroupsBody = z.object({
  securityGroupIds: hostNetworkChoice.shape.securityGroupIds,
});
export type HostSecurityGroupsBody = z.input<typeof hostSecurityGroupsBody>;
