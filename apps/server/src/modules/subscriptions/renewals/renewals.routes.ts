// Renewal management (`/mgt/renew`, `/mgt/renew/detail`, CC08): the renew inquiry price, renewing
// one or many resources (aligned or not, CC0801) and the auto-renew switch (CC0801).
import {
  ACTION_CODES,
  autoRenewBody,
  ok,
  RENEW_CODES,
  renewBody,
  renewQuote,
  resourceParams,
} from "@skyledger/contracts";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import type { ModuleContext } from "../../../platform/module";
import type { RenewalsService } from "./renewals.service";

export function registerRenewalRoutes(ctx: ModuleContext, renewals: RenewalsService) {
  const { app, guards, userRoute } = ctx;
  const tags = ["renewals"];

  userRoute(app, guards, {
    method: "POST",
    url: "/api/billing/inquiry/renew",
    summary: "What renewing resources for a period costs (with alignment and overdue days), nothing charged",
    tags,
    permissions: ["CC08", ...RENEW_CODES],
    noStateChange: "inquiry",
    tenantOnly: true,
    body: renewBody,
    response: renewQuote,
    handler: ({ principal, body }) => renewals.quote(principal, body),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/renew",
    summary: "Renew prepaid resources for a period (needs an Idempotency-Key header)",
    tags,
    permissions: [...ACTION_CODES.renew],
    tenantOnly: true,
    body: renewBody,
    response: renewQuote,
    handler: ({ principal, body, req, locale }) =>
      renewals.renew(principal, body, () => idempotencyKeyOf(req), locale, req.ip),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/renew/:id/auto",
    summary: "Turn auto-renew (7 days before expiry) on or off for a prepaid resource",
    tags,
    permissions: [...ACTION_CODES.renew],
    tenantOnly: true,
    params: resourceParams,
    body: autoRenewBody,
    response: ok,
    handler: async ({ principal, params, body, req }) => {
      await renewals.setAutoRenew(principal, params.id, body.autoRenew, req.ip);
      return { ok: true as const };
    },
  });
}
