// `security_group`, `security_group/rule/{id}` and `security_group/instance/{id}` (CB09): the
// tenant's security groups, their rules and bound hosts under /api/res/security-groups.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { createHostNetworkService } from "./host-network.service";
import type { createSecurityGroupHostService } from "./security-group-hosts.service";
import type { SecurityGroupService } from "./security-groups.service";

const e = endpoints.networkSecurity;

export function registerSecurityGroupRoutes(
  { app, guards, userRoute }: ModuleContext,
  groups: SecurityGroupService,
  hosts: ReturnType<typeof createSecurityGroupHostService>,
  hostNetwork: ReturnType<typeof createHostNetworkService>,
) {
  userRoute(app, guards, e.list, ({ ctx, query }) => groups.list(ctx, query));
  userRoute(app, guards, e.get, ({ ctx, params }) => groups.detail(ctx, params.id));
  userRoute(app, guards, e.create, ({ ctx, body }) => groups.create(ctx, body));
  userRoute(app, guards, e.remove, ({ ctx, params }) => groups.remove(ctx, params.id));
  userRoute(app, guards, e.addRule, ({ ctx, params, body }) => groups.addRule(ctx, params.id, body));
  userRoute(app, guards, e.removeRule, ({ ctx, params }) => groups.removeRule(ctx, params.id, params.ruleId));
  userRoute(app, guards, e.hosts, ({ ctx, params, query }) => hosts.list(ctx, params.id, query));
  userRoute(app, guards, e.bindableHosts, ({ ctx, params }) => hosts.bindable(ctx, params.id));
  userRoute(app, guards, e.bind, ({ ctx, params, body }) => hosts.bind(ctx, params.id, body));
  userRoute(app, guards, e.unbind, ({ ctx, params }) => hosts.unbind(ctx, params.id, params.hostId));
  // A host's network on its detail page, and its groups changed from there.
  const n = endpoints.network;
  userRoute(app, guards, n.hostNetwork, ({ ctx, params }) => hostNetwork.view(ctx, params.id));
  userRoute(app, guards, n.setHostSecurityGroups, ({ ctx, params, body }) =>
    hostNetwork.setGroups(ctx, params.id, body.securityGroupIds),
  );
}
