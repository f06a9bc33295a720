// Wires packages (`/bag`): offers, tenant packages and their routes. The lifecycle step calls the
// returned `sweep` (auto-renew and expiry); pricing and metering read packages through
// package-usage.ts.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { readQuoteFunding } from "../quotes/deduction-breakdown";
import { createOffersService } from "./offers.service";
import { registerPackageRoutes } from "./packages.routes";
import { createPackagesService } from "./packages.service";

export function registerPackages(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; timeZone: string; audit: Audit },
): { sweep(): Promise<void> } {
  const offers = createOffersService(deps);
  const packages = createPackagesService({
    ...deps,
    offers,
    funding: (orgId) => readQuoteFunding(deps.db, orgId),
  });
  registerPackageRoutes(ctx, offers, packages);
  return { sweep: packages.sweep };
}
