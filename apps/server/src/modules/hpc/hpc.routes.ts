// HPC routes: operators' clusters under /api/ops/hpc (BA10), tenants' pools under /api/hpc (CB17,
// members CB1701), and the public product landing of `/apply/{id}`.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ClustersService } from "./clusters.service";
import type { createLandingService } from "./landing.service";
import type { PoolsService } from "./pools.service";

export function registerHpcRoutes(
  ctx: ModuleContext,
  s: { clusters: ClustersService; pools: PoolsService; landing: ReturnType<typeof createLandingService> },
) {
  const { app, guards, publicRoute, userRoute } = ctx;
  const e = endpoints.hpc;

  userRoute(app, guards, e.listClusters, ({ query }) => s.clusters.list(query));
  userRoute(app, guards, e.getCluster, ({ params }) => s.clusters.get(params.id));
  userRoute(app, guards, e.registerCluster, ({ ctx, body }) => s.clusters.register(ctx, body));
  userRoute(app, guards, e.updateCluster, ({ ctx, params, body }) => s.clusters.update(ctx, params.id, body));
  userRoute(app, guards, e.disableCluster, ({ ctx, params }) => s.clusters.disable(ctx, params.id));

  userRoute(app, guards, e.listPools, ({ ctx, query }) => s.pools.list(ctx, query));
  userRoute(app, guards, e.getPool, ({ ctx, params }) => s.pools.get(ctx, params.id));
  userRoute(app, guards, e.listMemberCandidates, ({ ctx, params }) => s.pools.candidates(ctx, params.id));
  userRoute(app, guards, e.addMember, ({ ctx, params, body }) => s.pools.addMember(ctx, params.id, body));
  userRoute(app, guards, e.removeMember, ({ ctx, params }) =>
    s.pools.removeMember(ctx, params.id, params.userId),
  );

  userRoute(app, guards, e.setPackagesOnly, ({ ctx, params, body }) =>
    s.pools.setPackagesOnly(ctx, params.id, body.packagesOnly),
  );

  publicRoute(app, guards, e.productLanding, ({ params }) => s.landing.product(params.id));
}
