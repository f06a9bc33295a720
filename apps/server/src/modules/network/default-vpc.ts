// The default VPC offered on a tenant's first host purchase (issue 15 item 1): 172.16.0.0/16 with
// one subnet 172.16.0.0/24, made as the tenant would make them on `/mgt/vpc/create` (the same
// checks, audit rows and cloud calls), and only while the caller sees no VPC at all.
import { DEFAULT_VPC, type VpcDetail } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { countVpcs, visibleVpcs } from "./network.repo";
import type { SubnetService } from "./subnets.service";
import type { VpcService } from "./vpcs.service";

export function createDefaultVpcMaker(deps: { db: Db; vpcs: VpcService; subnets: SubnetService }) {
  const { db, vpcs, subnets } = deps;
  return async function createDefaultVpc(ctx: RequestContext): Promise<VpcDetail> {
    const visible = visibleVpcs(ctx.ownTenant(), ctx.actor.userId, await ctx.dataScope());
    const [seen] = await countVpcs(db, visible, undefined);
    if ((seen?.n ?? 0) > 0) throw new DomainError("DEFAULT_VPC_EXISTS");
    const vpc = await vpcs.create(ctx, {
      name: DEFAULT_VPC.name,
      description: "",
      cidr: DEFAULT_VPC.cidr,
      shared: false,
    });
    await subnets.create(ctx, vpc.id, {
      name: DEFAULT_VPC.subnetName,
      cidr: DEFAULT_VPC.subnetCidr,
      gatewayIp: null,
      dhcp: true,
      dnsServers: [],
    });
    return vpcs.detail(ctx, vpc.id);
  };
}
