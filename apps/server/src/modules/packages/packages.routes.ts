// Packages: operators define and list offers under /api/ops/bag/offers (BA09, page `/sys/bag`);
// tenants see listed offers, buy, apply (buy with auto-renew or a later start), renew and read
// their packages under /api/bag (page `/mgt/bag`, CC01; the two reads also answer CC03).
import { endpoints } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import type { OffersService } from "./offers.service";
import type { PackagesService } from "./packages.service";

const actor = (principal: Principal, req: FastifyRequest) => ({ userId: principal.userId, ip: req.ip });

export function registerPackageRoutes(ctx: ModuleContext, offers: OffersService, packages: PackagesService) {
  const { app, guards, publicRoute, userRoute } = ctx;

  userRoute(app, guards, endpoints.packages.listOffersAll, ({ query }) => offers.list(query));
  userRoute(app, guards, endpoints.packages.createOffer, ({ body, principal, req }) =>
    offers.create(body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.packages.updateOffer, ({ params, body, principal, req }) =>
    offers.update(params.id, body, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.packages.setOfferListing, ({ params, body, principal, req }) =>
    offers.setListing(params.id, body.listingState, actor(principal, req)),
  );
  userRoute(app, guards, endpoints.packages.deleteOffer, ({ params, principal, req }) =>
    offers.remove(params.id, actor(principal, req)),
  );

  userRoute(app, guards, endpoints.packages.listOffers, ({ query }) => offers.listed(query));
  // The package purchase page `/applyPackage` is public (spec §2): anyone may see what is on sale.
  publicRoute(app, guards, endpoints.packages.publicOffers, ({ query }) => offers.listed(query));
  userRoute(app, guards, endpoints.packages.quote, ({ body, principal }) =>
    packages.inquire(principal, body),
  );
  userRoute(app, guards, endpoints.packages.listOwned, ({ query, principal, locale }) =>
    packages.list(principal, query, locale),
  );
  userRoute(app, guards, endpoints.packages.buy, ({ body, principal, locale, idempotencyKey }) =>
    packages.buy(principal, body, idempotencyKey, locale),
  );
  userRoute(app, guards, endpoints.packages.applyForPackage, ({ body, principal, locale, idempotencyKey }) =>
    packages.apply(principal, body, idempotencyKey, locale),
  );
  userRoute(
    app,
    guards,
    // Another organisation's package is a 404 before a missing key is a 400: the key is read once
    // the package is known to be the caller's, when the renewal is sure to move money.
    endpoints.packages.renew,
    async ({ params, principal, locale, idempotencyKey }) => {
      await packages.assertOwn(principal, params.id);
      return packages.renew(principal, params.id, idempotencyKey(), locale);
    },
  );
  userRoute(app, guards, endpoints.packages.setAutoRenew, ({ params, body, principal, locale }) =>
    packages.setAutoRenew(principal, params.id, body.autoRenew, locale),
  );
  userRoute(app, guards, endpoints.packages.unsubscribe, ({ params, principal }) =>
    packages.unsubscribe(principal, params.id),
  );
}
