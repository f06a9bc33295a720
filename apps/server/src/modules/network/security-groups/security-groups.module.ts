// Wires the security groups: the services over the network SPI and the tenant endpoints. Until the
// network module folds it in, the composition root (app.ts) calls this itself.
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import type { ModuleContext } from "../../../platform/module";
import type { NetworkCloud } from "../../../providers/network/network-cloud";
import { createHostNetworkService } from "./host-network.service";
import { createSecurityGroupHostService } from "./security-group-hosts.service";
import { registerSecurityGroupRoutes } from "./security-groups.routes";
import { createSecurityGroupService } from "./security-groups.service";

export function registerSecurityGroups(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; cloud: NetworkCloud },
) {
  const groups = createSecurityGroupService(deps);
  const bindings = createSecurityGroupHostService(deps, groups);
  registerSecurityGroupRoutes(ctx, groups, bindings, createHostNetworkService(deps, bindings));
}
