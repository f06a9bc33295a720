// Wires relational databases (issue 16 item 4): the database servers (configured or simulated,
// decision 0022), the service domain for rds products, the provider that makes databases on the
// servers, and the tenant's routes. Called by subscriptions/services.module.ts, which routes
// providers by kind.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Secrets } from "../../platform/secrets";
import { createDatabaseServers } from "../../providers/database/database-servers";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import type { ResourcesService } from "../resources/resources.service";
import { registerRdsRoutes } from "./rds.routes";
import { createRdsService } from "./rds.service";
import { withRds } from "./rds-domain";
import { createRdsProvider, RDS_REF_PREFIX } from "./rds-provider";
import { createRdsSweep } from "./rds-sweep";

export function createRds(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  config: { postgresUrl: string | undefined; mysqlUrl: string | undefined };
}) {
  const servers = createDatabaseServers(deps.config);
  return {
    /** Orders' view of products: rds ones here, the rest to `base`. */
    domain: (base: ServiceDomain) => withRds(base),
    /** The provider of kind rds and the reference prefix of its databases. */
    route: {
      kind: "rds" as const,
      refPrefix: RDS_REF_PREFIX,
      provider: createRdsProvider({ ...deps, servers }),
    },
    /** Logins locked while frozen and unlocked once thawed: part of the lifecycle step. */
    sweep: createRdsSweep({ ...deps, servers }),
    /** The tenant's routes, once the resources service they read through exists. */
    registerRoutes(ctx: ModuleContext, resources: ResourcesService) {
      registerRdsRoutes(ctx, createRdsService({ ...deps, servers, resources }));
    },
  };
}
