// Wires the networks (VPCs, subnets, routers and routes) onto the network service the composition
// root chose (the simulator by default; see providers/network/network-cloud.ts).
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { NetworkCloud } from "../../providers/network/network-cloud";
import { createCloudChanges } from "./cloud-change";
import { createDefaultVpcMaker } from "./default-vpc";
import { registerNetworkRoutes } from "./network.routes";
import { createRouterService } from "./routers.service";
import { createSubnetService } from "./subnets.service";
import { createVpcService } from "./vpcs.service";

export function registerNetwork(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; network: NetworkCloud },
) {
  const all = { ...deps, run: createCloudChanges(deps) };
  const vpcs = createVpcService(all);
  const subnets = createSubnetService(all);
  registerNetworkRoutes(ctx, {
    vpcs,
    subnets,
    routers: createRouterService(all),
    createDefaultVpc: createDefaultVpcMaker({ db: deps.db, vpcs, subnets }),
  });
}
