// Tenant endpoints of the catalogue: the listed products with their specification schema and the
// unit price list (any signed-in tenant user). The price inquiry is modules/quotes.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { CatalogService } from "./catalog.service";
import type { ProductPricingService } from "./product-pricing.service";

export function registerCatalogTenantRoutes(
  ctx: ModuleContext,
  catalog: CatalogService,
  prices: ProductPricingService,
) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.catalog.listOnSale, ({ query }) => catalog.listOnSale(query));
  userRoute(app, guards, endpoints.catalog.priceList, ({ query }) => prices.unitPrices(query));
}
