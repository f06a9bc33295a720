// Wires HPC and AI pools: the clusters operators register, the tenants' pools and members, the
// AI development platform's training jobs, the public landing, and what orders and the lifecycle need — the service domain for hpcPool
// products, the provider adapter that makes pools on clusters, and the hold reconciliation the
// lifecycle step runs. Called by subscriptions/services.module.ts, which routes providers by kind.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Secrets } from "../../platform/secrets";
import type { TerminalMaintenance } from "../../platform/terminal/open-terminals";
import type { UserSessions } from "../iam/user-sessions";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import { type ClusterFactory, createClusterFactory } from "./cluster-access";
import { createClustersService } from "./clusters.service";
import { createDedicatedCapacity } from "./dedicated-capacity";
import { registerHpcRoutes } from "./hpc.routes";
import { withHpcPools } from "./hpc-domain";
import { createJobsService } from "./jobs.service";
import { createLandingService } from "./landing.service";
import { createPlatformService } from "./platform/platform.service";
import { createPlatformProvider, PLATFORM_REF_PREFIX, withAiPlatform } from "./platform/platform-provider";
import { createPoolHolds } from "./pool-holds";
import { createPoolProvider, POOL_REF_PREFIX } from "./pool-provider";
import { createPoolsService } from "./pools.service";
import { createTerminalService } from "./terminal.service";
import { registerTrainingRoutes } from "./training/training.routes";
import { createTrainingService } from "./training/training.service";

export function registerHpc(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    timeZone: string;
    audit: Audit;
    sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
    /** Ends open terminals when the platform goes into maintenance. */
    maintenance: TerminalMaintenance;
    /** Opens the clusters' secrets, stored sealed (decision 0013). */
    secrets: Secrets;
    clusterOf?: ClusterFactory;
  },
) {
  const clusterOf = deps.clusterOf ?? createClusterFactory(deps);
  const holds = createPoolHolds({ ...deps, clusterOf });
  const capacity = createDedicatedCapacity({ ...deps, clusterOf });
  registerHpcRoutes(ctx, {
    clusters: createClustersService({ ...deps, clusterOf }),
    pools: createPoolsService({ ...deps, clusterOf }),
    jobs: createJobsService({ ...deps, clusterOf }),
    landing: createLandingService(deps),
    terminal: createTerminalService(deps),
  });
  const platform = createPlatformService(deps);
  registerTrainingRoutes(ctx, createTrainingService({ ...deps, clusterOf, platform }), platform);
  return {
    /** Orders' view of products: hpcPool and aiPlatform ones here, the rest to `base`. */
    domain: (base: ServiceDomain) => withAiPlatform(withHpcPools(base, capacity)),
    /** The provider of kind hpcPool and the reference prefix of its pools. */
    provider: createPoolProvider({ ...deps, clusterOf, holds }),
    refPrefix: POOL_REF_PREFIX,
    /** The provider of kind aiPlatform (a subscription recorded at once) and its prefix. */
    platformProvider: createPlatformProvider(deps),
    platformRefPrefix: PLATFORM_REF_PREFIX,
    holds,
  };
}
