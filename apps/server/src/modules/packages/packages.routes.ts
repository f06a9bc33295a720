// Packages: operators define and list offers under /api/ops/bag/offers (BA09, page `/sys/bag`);
// tenants see listed offers, buy, apply (buy with auto-renew or a later start), renew and read
// their packages under /api/bag (page `/mgt/bag`, CC01; the two reads also answer CC03).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { OffersService } from "./offers.service";
import type { PackagesService } from "./packages.service";

export function registerPackageRoutes(ctx: ModuleContext, offers: OffersService, packages: PackagesService) {
  const { app, guards, publicRoute, userRoute } = ctx;
  const e = endpoints.packages;

  userRoute(app, guards, e.listOffersAll, ({ query }) => offers.list(query));
  userRoute(app, guards, e.createOffer, ({ ctx, body }) => offers.create(ctx, body));
  userRoute(app, guards, e.updateOffer, ({ ctx, params, body }) => offers.update(ctx, params.id, body));
  userRoute(app, guards, e.setOfferListing, ({ ctx, params, body }) =>
    offers.setListing(ctx, params.id, body),
  );
  userRoute(app, guards, e.deleteOffer, ({ ctx, params }) => offers.remove(ctx, params.id));

  userRoute(app, guards, e.listOffers, ({ query }) => offers.listed(query));
  // The package purchase page `/applyPackage` is public (spec §2): anyone may see what is on sale.
  publicRoute(app, guards, e.publicOffers, ({ query }) => offers.listed(query));
  userRoute(app, guards, e.quote, ({ ctx, body }) => packages.inquire(ctx, body));
  userRoute(app, guards, e.listOwned, ({ ctx, query }) => packages.list(ctx, query));
  userRoute(app, guards, e.buy, ({ ctx, body }) => packages.buy(ctx, body));
  userRoute(app, guards, e.applyForPackage, ({ ctx, body }) => packages.apply(ctx, body));
  userRoute(app, guards, e.renew, ({ ctx, params }) => packages.renew(ctx, params.id));
  userRoute(app, guards, e.setAutoRenew, ({ ctx, params, body }) =>
    packages.setAutoRenew(ctx, params.id, body),
  );
  userRoute(app, guards, e.unsubscribe, ({ ctx, params }) => packages.unsubscribe(ctx, params.id));
}
