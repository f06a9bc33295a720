// `/mgt/vpc…` and `/mgt/route…` (CB09): the tenant's VPCs, subnets, routers and routes under
// /api/res.
import { endpoints, type VpcDetail } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { RequestContext } from "../../platform/request-context";
import type { RouterService } from "./routers.service";
import type { SubnetService } from "./subnets.service";
import type { VpcService } from "./vpcs.service";

export function registerNetworkRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: {
    vpcs: VpcService;
    subnets: SubnetService;
    routers: RouterService;
    createDefaultVpc: (ctx: RequestContext) => Promise<VpcDetail>;
  },
) {
  const e = endpoints.network;
  userRoute(app, guards, e.cloud, async () => s.vpcs.cloud());
  userRoute(app, guards, e.listVpcs, ({ ctx, query }) => s.vpcs.list(ctx, query));
  userRoute(app, guards, e.getVpc, ({ ctx, params }) => s.vpcs.detail(ctx, params.id));
  userRoute(app, guards, e.createVpc, ({ ctx, body }) => s.vpcs.create(ctx, body));
  userRoute(app, guards, e.createDefaultVpc, ({ ctx }) => s.createDefaultVpc(ctx));
  userRoute(app, guards, e.updateVpc, ({ ctx, params, body }) => s.vpcs.update(ctx, params.id, body));
  userRoute(app, guards, e.deleteVpc, ({ ctx, params }) => s.vpcs.remove(ctx, params.id));

  userRoute(app, guards, e.createSubnet, ({ ctx, params, body }) => s.subnets.create(ctx, params.id, body));
  userRoute(app, guards, e.getSubnet, ({ ctx, params }) => s.subnets.detail(ctx, params.id));
  userRoute(app, guards, e.updateSubnet, ({ ctx, params, body }) => s.subnets.update(ctx, params.id, body));
  userRoute(app, guards, e.deleteSubnet, ({ ctx, params }) => s.subnets.remove(ctx, params.id));

  userRoute(app, guards, e.listRouters, ({ ctx, query }) => s.routers.list(ctx, query));
  userRoute(app, guards, e.getRouter, ({ ctx, params }) => s.routers.detail(ctx, params.id));
  userRoute(app, guards, e.createRouter, ({ ctx, body }) => s.routers.create(ctx, body));
  userRoute(app, guards, e.deleteRouter, ({ ctx, params }) => s.routers.remove(ctx, params.id));
  userRoute(app, guards, e.addInterface, ({ ctx, params, body }) =>
    s.routers.addInterface(ctx, params.id, body.subnetId),
  );
  userRoute(app, guards, e.removeInterface, ({ ctx, params }) =>
    s.routers.removeInterface(ctx, params.id, params.subnetId),
  );
  userRoute(app, guards, e.addRoute, ({ ctx, params, body }) => s.routers.addRoute(ctx, params.id, body));
  userRoute(app, guards, e.removeRoute, ({ ctx, params }) =>
    s.routers.removeRoute(ctx, params.id, params.routeId),
  );
}
