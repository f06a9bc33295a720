// Where a new host goes on the tenant's network (issue 15 item 5): the VPC, one of its subnets,
// its security groups and, optionally, a fixed address. Orders ask `check` before taking the order
// (a clear refusal, nothing charged); provisioning asks `cloudSpecOf` for what the compute provider
// is sent (the cloud's references: it makes the host's port from them), and `bindNewHost` once the
// host runs, so the security groups' pages list it. A VPC, subnet or group removed between the two
// fails the order, refunded, as any other provisioning failure.
import {
  type HostNetworkChoice,
  hostAddressProblem,
  lastAddress,
  parseCidr,
  parseIpv4,
} from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { CloudPort, NetworkCloud } from "../../providers/network/network-cloud";
import { ProviderError } from "../../providers/provider";
import { findSubnet, findVpcById } from "./network.repo";
import { visibleVpc } from "./network-access";
import { findGroup, groupsByIds, insertBinding, visibleGroups } from "./security-groups/security-groups.repo";

/** What the compute provider is sent for a host's network: the cloud's references. */
export type HostCloudNetwork = {
  project: string;
  networkRef: string;
  subnetRef: string;
  fixedIp: string | null;
  securityGroupRefs: string[];
};

/** How many addresses of the subnet a new host may still be given. */
function freeAddresses(cidrText: string, gatewayIp: string | null, ports: CloudPort[]): number {
  const cidr = parseCidr(cidrText);
  if (!cidr) return 0;
  const usable = (ip: string | null) => {
    const value = ip === null ? null : parseIpv4(ip);
    return value !== null && value > cidr.base && value < lastAddress(cidr);
  };
  const held = new Set(ports.map((p) => p.ip).filter((ip) => usable(ip) && ip !== gatewayIp));
  return lastAddress(cidr) - cidr.base - 1 - (usable(gatewayIp) ? 1 : 0) - held.size;
}

export type HostPlacement = ReturnType<typeof createHostPlacement>;

export function createHostPlacement(deps: { db: Db; clock: Clock; cloud: NetworkCloud }) {
  const { db, clock, cloud } = deps;

  return {
    /** Refuses a choice the caller may not make or the subnet cannot hold; changes nothing. */
    async check(ctx: RequestContext, choice: HostNetworkChoice, quantity: number): Promise<void> {
      const vpc = await visibleVpc(ctx, db, choice.vpcId).catch((err: unknown) => {
        if (err instanceof DomainError && err.key === "NOT_FOUND") return null;
        throw err;
      });
      if (vpc?.status !== "active" || !vpc.cloudProject) throw new DomainError("HOST_NETWORK_VPC_UNKNOWN");
      const subnet = await findSubnet(db, choice.subnetId);
      if (subnet?.vpcId !== vpc.id || subnet.status !== "active" || !subnet.cloudRef)
        throw new DomainError("HOST_NETWORK_SUBNET_UNKNOWN", { vpc: vpc.name });
      const visible = visibleGroups(vpc.orgId, await ctx.dataScope());
      for (const id of choice.securityGroupIds) {
        const group = await findGroup(db, visible, id);
        if (group?.status !== "active" || !group.cloudRef)
          throw new DomainError("HOST_SECURITY_GROUP_UNKNOWN");
      }
      const ports = await cloud.listPorts(vpc.cloudProject, subnet.cloudRef);
      const where = { subnet: subnet.name, cidr: subnet.cidr };
      if (choice.fixedIp !== null) {
        const ip = choice.fixedIp;
        if (quantity !== 1) throw new DomainError("HOST_FIXED_IP_ONE_HOST");
        const problem = hostAddressProblem(subnet.cidr, subnet.gatewayIp, ip);
        if (problem === "outside" || problem === "invalid")
          throw new DomainError("HOST_FIXED_IP_OUTSIDE", { ip, ...where });
        if (problem === "reserved")
          throw new DomainError("HOST_FIXED_IP_RESERVED", { ip, cidr: subnet.cidr });
        if (ports.some((p) => p.ip === ip)) throw new DomainError("HOST_FIXED_IP_TAKEN", { ip, ...where });
      }
      const free = freeAddresses(subnet.cidr, subnet.gatewayIp, ports);
      if (free < quantity)
        throw new DomainError("HOST_SUBNET_FULL", { subnet: subnet.name, free, count: quantity });
    },

    /** The choice in the cloud's references; a ProviderError (the order fails) when one is gone. */
    async cloudSpecOf(choice: HostNetworkChoice): Promise<HostCloudNetwork> {
      const vpc = await findVpcById(db, choice.vpcId);
      const subnet = await findSubnet(db, choice.subnetId);
      if (!vpc?.cloudProject || !vpc.cloudRef || vpc.status !== "active")
        throw new ProviderError("the host's VPC was deleted before the host was made");
      if (subnet?.vpcId !== vpc.id || !subnet.cloudRef || subnet.status !== "active")
        throw new ProviderError("the host's subnet was deleted before the host was made");
      const groups = await groupsByIds(db, vpc.orgId, choice.securityGroupIds);
      const refs = groups.filter((g) => g.status === "active" && g.cloudRef).map((g) => g.cloudRef as string);
      if (refs.length !== choice.securityGroupIds.length)
        throw new ProviderError("a security group of the host was deleted before the host was made");
      return {
        project: vpc.cloudProject,
        networkRef: vpc.cloudRef,
        subnetRef: subnet.cloudRef,
        fixedIp: choice.fixedIp,
        securityGroupRefs: refs,
      };
    },

    /**
     * The running host's bindings to the groups it was made in, in the step's transaction (the
     * cloud has them already: the port was made in them). Bound again, nothing changes.
     */
    async bindNewHost(tx: Tx, hostId: string, choice: HostNetworkChoice): Promise<void> {
      const vpc = await findVpcById(tx, choice.vpcId);
      if (!vpc) return;
      // Only the groups still there: one deleted meanwhile has nothing left to list the host under.
      for (const group of await groupsByIds(tx, vpc.orgId, choice.securityGroupIds)) {
        await insertBinding(tx, {
          groupId: group.id,
          hostId,
          orgId: vpc.orgId,
          status: "active",
          createdBy: null,
          createdAt: clock.now(),
        });
      }
    },
  };
}
