// Operator endpoints of the catalogue under /api/ops/catalog (BB02: categories, products, billing
// policies, pricing and the price preview).
import { endpoints } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import type { CatalogService } from "./catalog.service";
import type { ProductPricingService } from "./product-pricing.service";

const actor = (principal: Principal, req: FastifyRequest) => ({ userId: principal.userId, ip: req.ip });

export function registerCatalogOpsRoutes(
  ctx: ModuleContext,
  catalog: CatalogService,
  prices: ProductPricingService,
) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.catalog.listCategories, ({ query }) => catalog.listCategories(query));
  userRoute(app, guards, endpoints.catalog.createCategory, ({ body, principal, req }) =>
    catalog.createCategory(body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.updateCategory, ({ params, body, principal, req }) =>
    catalog.updateCategory(params.id, body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.deleteCategory, ({ params, principal, req }) =>
    catalog.deleteCategory(params.id, actor(principal, req)),
  );

  userRoute(app, guards, endpoints.catalog.listBillingPolicies, ({ query }) => catalog.listPolicies(query));
  userRoute(app, guards, endpoints.catalog.createBillingPolicy, ({ body, principal, req }) =>
    catalog.createPolicy(body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.updateBillingPolicy, ({ params, body, principal, req }) =>
    catalog.updatePolicy(params.id, body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.deleteBillingPolicy, ({ params, principal, req }) =>
    catalog.deletePolicy(params.id, actor(principal, req)),
  );

  userRoute(app, guards, endpoints.catalog.listProducts, ({ query }) => catalog.listProducts(query));
  userRoute(app, guards, endpoints.catalog.getProduct, ({ params }) => catalog.getProduct(params.id));
  userRoute(app, guards, endpoints.catalog.createProduct, ({ body, principal, req }) =>
    catalog.createProduct(body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.updateProduct, ({ params, body, principal, req }) =>
    catalog.updateProduct(params.id, body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.setProductListing, ({ params, body, principal, req }) =>
    catalog.setListing(params.id, body.listingState, actor(principal, req)),
  );

  userRoute(app, guards, endpoints.catalog.listPricing, ({ params }) => catalog.getPricing(params.id));
  userRoute(app, guards, endpoints.catalog.addPricing, ({ params, body, principal, req }) =>
    catalog.addPricing(params.id, body.rows, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.updatePricing, ({ params, body, principal, req }) =>
    catalog.updatePricingRow(params.id, params.rowId, body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.deletePricing, ({ params, principal, req }) =>
    catalog.deletePricingRow(params.id, params.rowId, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.catalog.previewPrice, ({ params, body }) =>
    prices.preview(params.id, body),
  );
}
