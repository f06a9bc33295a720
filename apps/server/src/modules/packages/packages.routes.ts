// Packages: operators define and list offers under /api/ops/bag/offers (BA09, page `/sys/bag`);
// tenants see listed offers, buy, apply (buy with auto-renew or a later start), renew and read
// their packages under /api/bag (page `/mgt/bag`, CC01; the two reads also answer CC03).
import {
  ACTION_CODES,
  listingChange,
  ok,
  packageApply,
  packageAutoRenew,
  packageBuy,
  packageOffer,
  packageOfferInput,
  packageOfferQuery,
  packageQuote,
  page,
  tenantPackage,
  tenantPackageQuery,
} from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { OffersService } from "./offers.service";
import type { PackagesService } from "./packages.service";

const idParams = z.object({ id: z.string().uuid() });
const actor = (principal: Principal, req: FastifyRequest) => ({ userId: principal.userId, ip: req.ip });

export function registerPackageRoutes(ctx: ModuleContext, offers: OffersService, packages: PackagesService) {
  const { app, guards, publicRoute, userRoute } = ctx;
  const ops = { permissions: ["BA09" as const], tags: ["packages (operator)"] };
  const buy = { permissions: [...ACTION_CODES.buyPackage], tags: ["packages"], tenantOnly: true };
  const quote = {
    permissions: ["CC01" as const, ...ACTION_CODES.buyPackage],
    tags: ["packages"],
    tenantOnly: true,
  };
  const read = { permissions: ["CC01" as const, "CC03" as const], tags: ["packages"], tenantOnly: true };

  userRoute(app, guards, {
    ...ops,
    method: "GET",
    url: "/api/ops/bag/offers",
    summary: "Package offers in any listing state",
    querystring: packageOfferQuery,
    response: page(packageOffer),
    handler: ({ query }) => offers.list(query),
  });
  userRoute(app, guards, {
    ...ops,
    method: "POST",
    url: "/api/ops/bag/offers",
    summary: "Define a discount or resource package offer (it starts pending listing)",
    body: packageOfferInput,
    response: z.object({ id: z.string() }),
    handler: ({ body, principal, req }) => offers.create(body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/bag/offers/:id",
    summary: "Change an offer (packages already bought keep what they were sold with)",
    params: idParams,
    body: packageOfferInput,
    response: ok,
    handler: ({ params, body, principal, req }) => offers.update(params.id, body, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "PUT",
    url: "/api/ops/bag/offers/:id/listing",
    summary: "List, delist or set an offer pending listing",
    params: idParams,
    body: listingChange,
    response: ok,
    handler: ({ params, body, principal, req }) =>
      offers.setListing(params.id, body.listingState, actor(principal, req)),
  });
  userRoute(app, guards, {
    ...ops,
    method: "DELETE",
    url: "/api/ops/bag/offers/:id",
    summary: "Delete an offer nobody has bought",
    params: idParams,
    response: ok,
    handler: ({ params, principal, req }) => offers.remove(params.id, actor(principal, req)),
  });

  userRoute(app, guards, {
    ...read,
    method: "GET",
    url: "/api/bag/offers",
    summary: "The listed package offers",
    querystring: packageOfferQuery,
    response: page(packageOffer),
    handler: ({ query }) => offers.listed(query),
  });
  // The package purchase page `/applyPackage` is public (spec §2): anyone may see what is on sale.
  publicRoute(app, guards, {
    method: "GET",
    url: "/api/bag/offers/nonAuth",
    summary: "The listed package offers, for the public purchase page",
    tags: ["packages"],
    querystring: packageOfferQuery,
    response: page(packageOffer),
    handler: ({ query }) => offers.listed(query),
  });
  userRoute(app, guards, {
    ...quote,
    noStateChange: "inquiry",
    method: "POST",
    url: "/api/bag/inquiry",
    summary: "What buying a listed package costs and how the deduction order would pay it (read only)",
    body: packageBuy,
    response: packageQuote,
    handler: ({ body, principal }) => packages.inquire(principal, body),
  });
  userRoute(app, guards, {
    ...read,
    method: "GET",
    url: "/api/bag",
    summary: "The organisation's packages with validity, remaining unit-hours and usage records",
    querystring: tenantPackageQuery,
    response: page(tenantPackage),
    handler: ({ query, principal, locale }) => packages.list(principal, query, locale),
  });
  userRoute(app, guards, {
    ...buy,
    method: "POST",
    url: "/api/bag/buy",
    summary: "Buy a listed package now (charged by the deduction order; needs an Idempotency-Key header)",
    body: packageBuy,
    response: tenantPackage,
    handler: ({ body, principal, req, locale }) =>
      packages.buy(principal, body, idempotencyKeyOf(req), locale),
  });
  userRoute(app, guards, {
    ...buy,
    method: "POST",
    url: "/api/bag/applyPackage",
    summary:
      "The package purchase form: buy with auto-renew (subscribe) and/or a later start (needs an Idempotency-Key header)",
    body: packageApply,
    response: tenantPackage,
    handler: ({ body, principal, req, locale }) =>
      packages.apply(principal, body, idempotencyKeyOf(req), locale),
  });
  userRoute(app, guards, {
    ...buy,
    method: "POST",
    url: "/api/bag/:id/renew",
    summary: "Renew a package for its offer's validity, charged again (needs an Idempotency-Key header)",
    params: idParams,
    response: tenantPackage,
    // Another organisation's package is a 404 before the missing key is a 400.
    handler: async ({ params, principal, req, locale }) => {
      await packages.assertOwn(principal, params.id);
      return packages.renew(principal, params.id, idempotencyKeyOf(req), locale);
    },
  });
  userRoute(app, guards, {
    ...buy,
    method: "PUT",
    url: "/api/bag/:id/autoRenew",
    summary: "Subscribe (auto-renew at the end of each validity period) or stop",
    params: idParams,
    body: packageAutoRenew,
    response: tenantPackage,
    handler: ({ params, body, principal, locale }) =>
      packages.setAutoRenew(principal, params.id, body.autoRenew, locale),
  });
  userRoute(app, guards, {
    ...buy,
    method: "POST",
    url: "/api/bag/:id/unsubscribe",
    summary: "Always refused: packages cannot be unsubscribed (spec §9)",
    params: idParams,
    response: ok,
    handler: ({ params, principal }) => packages.unsubscribe(principal, params.id),
  });
}
