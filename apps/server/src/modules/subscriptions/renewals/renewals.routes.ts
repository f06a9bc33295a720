// Renewal management (`/mgt/renew`, `/mgt/renew/detail`, CC08): the renewable resources, the renew
// inquiry price, renewing one or many resources (aligned or not, CC0801) and the auto-renew switch
// (CC0801).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { RenewalsService } from "./renewals.service";

export function registerRenewalRoutes(ctx: ModuleContext, renewals: RenewalsService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.orders.listRenewable, ({ ctx, query }) => renewals.list(ctx, query));
  userRoute(app, guards, endpoints.orders.renewQuote, ({ ctx, body }) => renewals.quote(ctx, body));
  userRoute(app, guards, endpoints.orders.renew, ({ ctx, body }) => renewals.renew(ctx, body));
  userRoute(app, guards, endpoints.orders.setAutoRenew, ({ ctx, params, body }) =>
    renewals.setAutoRenew(ctx, params.id, body),
  );
}
