// Wires the key pairs: repository, service and the tenant endpoints.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { createKeyPairRepo } from "./keypairs.repo";
import { registerKeyPairRoutes } from "./keypairs.routes";
import { createKeyPairService } from "./keypairs.service";

export function registerKeyPairs(ctx: ModuleContext, deps: { db: Db; clock: Clock; audit: Audit }) {
  registerKeyPairRoutes(
    ctx,
    createKeyPairService({
      db: deps.db,
      repo: createKeyPairRepo(deps.db),
      clock: deps.clock,
      audit: deps.audit,
    }),
  );
}
