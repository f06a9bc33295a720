// HPC routes: operators' clusters under /api/ops/hpc (BA10), tenants' pools under /api/hpc (CB17,
// members CB1701), the job console under /api/hpc/console (CB17), the terminal's ticket and
// WebSocket, and the public product landing of `/apply/{id}`.
import { endpoints, HPC_TERMINAL_SOCKET_PATH } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { registerTerminalSocket } from "../../platform/terminal/terminal-route";
import type { ClustersService } from "./clusters.service";
import type { JobsService } from "./jobs.service";
import type { createLandingService } from "./landing.service";
import type { PoolsService } from "./pools.service";
import type { TerminalService } from "./terminal.service";

export function registerHpcRoutes(
  ctx: ModuleContext,
  s: {
    clusters: ClustersService;
    pools: PoolsService;
    jobs: JobsService;
    landing: ReturnType<typeof createLandingService>;
    terminal: TerminalService;
  },
) {
  const { app, guards, publicRoute, userRoute } = ctx;
  const e = endpoints.hpc;

  userRoute(app, guards, e.listClusters, ({ query }) => s.clusters.list(query));
  userRoute(app, guards, e.getCluster, ({ params }) => s.clusters.get(params.id));
  userRoute(app, guards, e.registerCluster, ({ ctx, body }) => s.clusters.register(ctx, body));
  userRoute(app, guards, e.updateCluster, ({ ctx, params, body }) => s.clusters.update(ctx, params.id, body));
  userRoute(app, guards, e.recordHostKey, ({ ctx, params, body }) =>
    s.clusters.recordHostKey(ctx, params.id, body),
  );
  userRoute(app, guards, e.disableCluster, ({ ctx, params }) => s.clusters.disable(ctx, params.id));

  userRoute(app, guards, e.listPools, ({ ctx, query }) => s.pools.list(ctx, query));
  userRoute(app, guards, e.getPool, ({ ctx, params }) => s.pools.get(ctx, params.id));
  userRoute(app, guards, e.listMemberCandidates, ({ ctx, params }) => s.pools.candidates(ctx, params.id));
  userRoute(app, guards, e.addMember, ({ ctx, params, body }) => s.pools.addMember(ctx, params.id, body));
  userRoute(app, guards, e.removeMember, ({ ctx, params }) =>
    s.pools.removeMember(ctx, params.id, params.userId),
  );

  const c = endpoints.hpcConsole;
  userRoute(app, guards, c.consolePool, ({ ctx, params }) => s.jobs.pool(ctx, params.id));
  userRoute(app, guards, c.listJobs, ({ ctx, params, query }) => s.jobs.list(ctx, params.id, query));
  userRoute(app, guards, c.submitJob, ({ ctx, params, body }) => s.jobs.submit(ctx, params.id, body));
  userRoute(app, guards, c.cancelJob, ({ ctx, params }) => s.jobs.cancel(ctx, params.id, params.jobId));
  userRoute(app, guards, c.jobOutput, ({ ctx, params }) => s.jobs.output(ctx, params.id, params.jobId));

  userRoute(app, guards, e.openTerminal, ({ ctx, params }) => s.terminal.mint(ctx, params.id));
  // The terminal's WebSocket: its authority is the one-time ticket openTerminal minted.
  registerTerminalSocket(app, HPC_TERMINAL_SOCKET_PATH, s.terminal);
  userRoute(app, guards, e.setPackagesOnly, ({ ctx, params, body }) =>
    s.pools.setPackagesOnly(ctx, params.id, body.packagesOnly),
  );

  publicRoute(app, guards, e.productLanding, ({ params }) => s.landing.product(params.id));
}
