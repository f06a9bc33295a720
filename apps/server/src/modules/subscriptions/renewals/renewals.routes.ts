// Renewal management (`/mgt/renew`, `/mgt/renew/detail`, CC08): the renew inquiry price, renewing
// one or many resources (aligned or not, CC0801) and the auto-renew switch (CC0801).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { RenewalsService } from "./renewals.service";

export function registerRenewalRoutes(ctx: ModuleContext, renewals: RenewalsService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.orders.renewQuote, ({ principal, body }) =>
    renewals.quote(principal, body),
  );

  userRoute(app, guards, endpoints.orders.renew, ({ principal, body, req, locale, idempotencyKey }) =>
    renewals.renew(principal, body, idempotencyKey, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.setAutoRenew, async ({ principal, params, body, req }) => {
    await renewals.setAutoRenew(principal, params.id, body.autoRenew, req.ip);
    return { ok: true as const };
  });
}
