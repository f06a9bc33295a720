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

  userRoute(app, guards, endpoints.catalog.listOnSale, async ({ query }) => {
    const found = await catalog.listProducts({ ...query, listingState: "listed" });
    return {
      ...found,
      list: found.list.map((p) => ({
        id: p.id,
        code: p.code,
        nameZh: p.nameZh,
        nameEn: p.nameEn,
        categoryCode: p.categoryCode,
        spec: p.spec,
        prepaidPeriods: p.prepaidPeriods,
        postpaid: p.postpaid,
        approvalFlow: p.approvalFlow,
        // The purchase form tells the tenant that an administrator activates it after approval.
        // A third-party service always is (orders/third-party.ts), whatever the product's flag.
        manualActivation: p.manualActivation || p.provider === "thirdParty",
      })),
    };
  });

  userRoute(app, guards, endpoints.catalog.priceList, ({ query }) => prices.unitPrices(query));
}
