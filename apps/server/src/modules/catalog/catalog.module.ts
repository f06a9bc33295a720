// Wires the catalogue: operator endpoints, tenant endpoints and the catalogue's own pricing (the
// operators' preview, the unit price list). The tenant's quote is modules/quotes.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { registerCatalogOpsRoutes } from "./catalog.routes";
import { type ClusterLookup, createCatalogService } from "./catalog.service";
import { registerCatalogTenantRoutes } from "./catalog-tenant.routes";
import { createProductPricingService } from "./product-pricing.service";

export function registerCatalog(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; clusters: ClusterLookup },
) {
  const catalog = createCatalogService(deps);
  const pricing = createProductPricingService({ db: deps.db });
  registerCatalogOpsRoutes(ctx, catalog, pricing);
  registerCatalogTenantRoutes(ctx, catalog, pricing);
}
