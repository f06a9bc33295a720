// Wires the key pairs: the service and the tenant endpoints.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { registerKeyPairRoutes } from "./keypairs.routes";
import { createKeyPairService } from "./keypairs.service";

export function registerKeyPairs(ctx: ModuleContext, deps: { db: Db; clock: Clock; audit: Audit }) {
  registerKeyPairRoutes(ctx, createKeyPairService(deps));
}
