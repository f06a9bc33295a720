// A host's place on the network, for its detail page: the VPC and subnet it was bought into, its
// address and its security groups; and changing those groups from the host (each added or removed
// group is one binding change, as on the group's own page, with its own audit row).
import { HOST_AT_REST_STATUSES, type HostNetwork, isOneOf } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import { findSubnet, findVpcById } from "../network.repo";
import type { createSecurityGroupHostService } from "./security-group-hosts.service";
import { findGroup, findScopedHost, groupsOfHost, visibleGroups } from "./security-groups.repo";

export function createHostNetworkService(
  deps: { db: Db },
  bindings: ReturnType<typeof createSecurityGroupHostService>,
) {
  const { db } = deps;

  async function scopedHost(ctx: RequestContext, hostId: string) {
    const host = await findScopedHost(db, ctx.ownTenant(), await ctx.dataScope(), hostId);
    if (!host) throw new DomainError("NOT_FOUND");
    return host;
  }

  async function view(ctx: RequestContext, hostId: string): Promise<HostNetwork> {
    const host = await scopedHost(ctx, hostId);
    const choice = host.spec.network;
    const [vpc, subnet, groups] = await Promise.all([
      choice ? findVpcById(db, choice.vpcId) : undefined,
      choice ? findSubnet(db, choice.subnetId) : undefined,
      groupsOfHost(db, host.id),
    ]);
    return {
      vpc: vpc ? { id: vpc.id, name: vpc.name, cidr: vpc.cidr } : null,
      subnet: subnet ? { id: subnet.id, name: subnet.name, cidr: subnet.cidr } : null,
      ipAddress: host.ipAddress,
      fixedIp: Boolean(choice?.fixedIp),
      securityGroups: groups,
      groupsEditable: isOneOf(HOST_AT_REST_STATUSES, host.status) && host.providerRef !== null,
    };
  }

  return {
    view,

    /** Puts the host in exactly these groups: binds the new ones, then unbinds the others. */
    async setGroups(ctx: RequestContext, hostId: string, groupIds: string[]): Promise<HostNetwork> {
      const host = await scopedHost(ctx, hostId);
      const visible = visibleGroups(ctx.ownTenant(), await ctx.dataScope());
      for (const id of groupIds) {
        const group = await findGroup(db, visible, id);
        if (group?.status !== "active") throw new DomainError("HOST_SECURITY_GROUP_UNKNOWN");
      }
      const current = (await groupsOfHost(db, host.id)).map((g) => g.id);
      // Added first: the host is never left in fewer groups than either set names.
      for (const id of groupIds) if (!current.includes(id)) await bindings.bind(ctx, id, { hostId: host.id });
      for (const id of current) if (!groupIds.includes(id)) await bindings.unbind(ctx, id, host.id);
      return view(ctx, hostId);
    },
  };
}
