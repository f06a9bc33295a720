// Operator endpoints of the catalogue under /api/ops/catalog (BB02: categories, products, billing
// policies, pricing and the price preview).
import {
  billingPolicy,
  billingPolicyInput,
  category,
  categoryInput,
  listingChange,
  ok,
  page,
  pageQuery,
  priceInquiry,
  priceQuote,
  pricing,
  pricingAdd,
  pricingRow,
  product,
  productInput,
  productQuery,
} from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import type { CatalogService } from "./catalog.service";
import type { ProductPricingService } from "./product-pricing.service";

const idParams = z.object({ id: z.string().uuid() });
const rowParams = z.object({ id: z.string().uuid(), rowId: z.string().uuid() });
const created = z.object({ id: z.string() });
const tags = ["catalogue (operator)"];
const actor = (principal: Principal, req: FastifyRequest) => ({ userId: principal.userId, ip: req.ip });

export function registerCatalogOpsRoutes(
  ctx: ModuleContext,
  catalog: CatalogService,
  prices: ProductPricingService,
) {
  const { app, guards, userRoute } = ctx;
  const ops = { permissions: ["BB02" as const], tags };

  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/catalog/categories",
    summary: "Product categories with their product counts",
    querystring: pageQuery,
    response: page(category),
    handler: ({ query }) => catalog.listCategories(query),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/catalog/categories",
    summary: "Create a product category",
    body: categoryInput,
    response: created,
    handler: ({ body, principal, req }) => catalog.createCategory(body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/catalog/categories/:id",
    summary: "Change a product category",
    params: idParams,
    body: categoryInput,
    response: ok,
    handler: ({ params, body, principal, req }) =>
      catalog.updateCategory(params.id, body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "DELETE",
    url: "/api/ops/catalog/categories/:id",
    summary: "Delete a product category that has no products or billing policies",
    params: idParams,
    response: ok,
    handler: ({ params, principal, req }) => catalog.deleteCategory(params.id, actor(principal, req)),
  });

  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/catalog/billing_policies",
    summary: "Billing policies",
    querystring: pageQuery,
    response: page(billingPolicy),
    handler: ({ query }) => catalog.listPolicies(query),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/catalog/billing_policies",
    summary: "Create a billing policy",
    body: billingPolicyInput,
    response: created,
    handler: ({ body, principal, req }) => catalog.createPolicy(body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/catalog/billing_policies/:id",
    summary: "Change a billing policy",
    params: idParams,
    body: billingPolicyInput,
    response: ok,
    handler: ({ params, body, principal, req }) =>
      catalog.updatePolicy(params.id, body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "DELETE",
    url: "/api/ops/catalog/billing_policies/:id",
    summary: "Delete a billing policy no product uses",
    params: idParams,
    response: ok,
    handler: ({ params, principal, req }) => catalog.deletePolicy(params.id, actor(principal, req)),
  });

  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/catalog/products",
    summary: "Products in every listing state, with pricing configured or not",
    querystring: productQuery,
    response: page(product),
    handler: ({ query }) => catalog.listProducts(query),
  });
  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/catalog/products/:id",
    summary: "One product",
    params: idParams,
    response: product,
    handler: ({ params }) => catalog.getProduct(params.id),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/catalog/products",
    summary: "Create a product (pending listing until an operator lists it)",
    body: productInput,
    response: created,
    handler: ({ body, principal, req }) => catalog.createProduct(body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/catalog/products/:id",
    summary: "Change a product's definition",
    params: idParams,
    body: productInput,
    response: ok,
    handler: ({ params, body, principal, req }) =>
      catalog.updateProduct(params.id, body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/catalog/products/:id/listing",
    summary: "List, delist or mark a product pending listing",
    params: idParams,
    body: listingChange,
    response: ok,
    handler: ({ params, body, principal, req }) =>
      catalog.setListing(params.id, body.listingState, actor(principal, req)),
  });

  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/catalog/products/:id/pricing",
    summary: "A product's pricing rows and the dimensions still missing",
    params: idParams,
    response: pricing,
    handler: ({ params }) => catalog.getPricing(params.id),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/catalog/products/:id/pricing",
    summary: "Add pricing rows (at most 10 at once)",
    params: idParams,
    body: pricingAdd,
    response: pricing,
    handler: ({ params, body, principal, req }) =>
      catalog.addPricing(params.id, body.rows, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/catalog/products/:id/pricing/:rowId",
    summary: "Change a pricing row",
    params: rowParams,
    body: pricingRow,
    response: pricing,
    handler: ({ params, body, principal, req }) =>
      catalog.updatePricingRow(params.id, params.rowId, body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "DELETE",
    url: "/api/ops/catalog/products/:id/pricing/:rowId",
    summary: "Remove a pricing row",
    params: rowParams,
    response: pricing,
    handler: ({ params, principal, req }) =>
      catalog.deletePricingRow(params.id, params.rowId, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/catalog/products/:id/inquiry",
    summary: "Preview a product's price in any listing state (no coupon, no balances)",
    params: idParams,
    body: priceInquiry,
    response: priceQuote,
    handler: ({ params, body }) => prices.preview(params.id, body),
  });
}
