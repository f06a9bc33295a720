// Operator endpoints of the catalogue under /api/ops/catalog (BB02: categories, products, billing
// policies, pricing and the price preview).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { CatalogService } from "./catalog.service";
import type { ProductPricingService } from "./product-pricing.service";

export function registerCatalogOpsRoutes(
  ctx: ModuleContext,
  catalog: CatalogService,
  prices: ProductPricingService,
) {
  const { app, guards, userRoute } = ctx;
  const e = endpoints.catalog;

  userRoute(app, guards, e.listCategories, ({ query }) => catalog.listCategories(query));
  userRoute(app, guards, e.createCategory, ({ ctx, body }) => catalog.createCategory(ctx, body));
  userRoute(app, guards, e.updateCategory, ({ ctx, params, body }) =>
    catalog.updateCategory(ctx, params.id, body),
  );
  userRoute(app, guards, e.deleteCategory, ({ ctx, params }) => catalog.deleteCategory(ctx, params.id));

  userRoute(app, guards, e.listBillingPolicies, ({ query }) => catalog.listPolicies(query));
  userRoute(app, guards, e.createBillingPolicy, ({ ctx, body }) => catalog.createPolicy(ctx, body));
  userRoute(app, guards, e.updateBillingPolicy, ({ ctx, params, body }) =>
    catalog.updatePolicy(ctx, params.id, body),
  );
  userRoute(app, guards, e.deleteBillingPolicy, ({ ctx, params }) => catalog.deletePolicy(ctx, params.id));

  userRoute(app, guards, e.listProducts, ({ query }) => catalog.listProducts(query));
  userRoute(app, guards, e.getProduct, ({ params }) => catalog.getProduct(params.id));
  userRoute(app, guards, e.createProduct, ({ ctx, body }) => catalog.createProduct(ctx, body));
  userRoute(app, guards, e.updateProduct, ({ ctx, params, body }) =>
    catalog.updateProduct(ctx, params.id, body),
  );
  userRoute(app, guards, e.setProductListing, ({ ctx, params, body }) =>
    catalog.setListing(ctx, params.id, body),
  );

  userRoute(app, guards, e.listPricing, ({ params }) => catalog.getPricing(params.id));
  userRoute(app, guards, e.addPricing, ({ ctx, params, body }) => catalog.addPricing(ctx, params.id, body));
  userRoute(app, guards, e.updatePricing, ({ ctx, params, body }) =>
    catalog.updatePricingRow(ctx, params.id, params.rowId, body),
  );
  userRoute(app, guards, e.deletePricing, ({ ctx, params }) =>
    catalog.deletePricingRow(ctx, params.id, params.rowId),
  );
  userRoute(app, guards, e.previewPrice, ({ params, body }) => prices.preview(params.id, body));
}
