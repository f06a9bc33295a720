// Wires the catalogue: operator endpoints, tenant endpoints and the price inquiry.

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { activeDiscountPackage } from "../packages/package-usage";
import { createCatalogRepo } from "./catalog.repo";
import { registerCatalogOpsRoutes } from "./catalog.routes";
import { createCatalogService } from "./catalog.service";
import { registerCatalogTenantRoutes } from "./catalog-tenant.routes";
import { createPriceInquiryService } from "./price-inquiry.service";

export function registerCatalog(ctx: ModuleContext, deps: { db: Db; clock: Clock; audit: Audit }) {
  const repo = createCatalogRepo(deps.db);
  const catalog = createCatalogService({ ...deps, repo });
  const inquiry = createPriceInquiryService({
    repo,
    clock: deps.clock,
    discountPackage: (orgId, productCode, at) => activeDiscountPackage(deps.db, orgId, productCode, at),
  });
  registerCatalogOpsRoutes(ctx, catalog, inquiry);
  registerCatalogTenantRoutes(ctx, catalog, inquiry);
}
