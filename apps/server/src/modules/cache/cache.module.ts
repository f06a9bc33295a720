// Wires the cache service (issue 16 item 5): the Redis server (configured or simulated, decision
// 0021), the service domain for cache products, the provider that makes ACL users on it, the sweep
// the lifecycle step runs, and the tenant's routes. Called by subscriptions/services.module.ts,
// which routes providers by kind.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Secrets } from "../../platform/secrets";
import { createCacheServer } from "../../providers/cache/cache-servers";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import type { ResourcesService } from "../resources/resources.service";
import { registerCacheRoutes } from "./cache.routes";
import { createCacheService } from "./cache.service";
import { withCache } from "./cache-domain";
import { CACHE_REF_PREFIX, createCacheProvider } from "./cache-provider";
import { createCacheSweep } from "./cache-sweep";

export function createCache(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  config: { redisUrl: string | undefined };
}) {
  const server = createCacheServer(deps.config);
  return {
    /** Orders' view of products: cache ones here, the rest to `base`. */
    domain: (base: ServiceDomain) => withCache(base),
    /** The provider of kind cache and the reference prefix of its instances. */
    route: {
      kind: "cache" as const,
      refPrefix: CACHE_REF_PREFIX,
      provider: createCacheProvider({ ...deps, server }),
    },
    /** Memory used against the plan, freezes and thaws applied: part of the lifecycle step. */
    sweep: createCacheSweep({ ...deps, server }),
    /** The tenant's routes, once the resources service they read through exists. */
    registerRoutes(ctx: ModuleContext, resources: ResourcesService) {
      registerCacheRoutes(ctx, createCacheService({ ...deps, server, resources }));
      ctx.app.addHook("onClose", () => server.close());
    },
  };
}
