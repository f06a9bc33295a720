// The tenant's price inquiry (any signed-in tenant user; nothing here is charged).
import { priceInquiry, priceQuote } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { PriceInquiryService } from "./price-inquiry.service";

const tags = ["catalogue"];

export function registerQuoteRoutes(ctx: ModuleContext, inquiry: PriceInquiryService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, {
    method: "POST",
    url: "/api/billing/inquiry/price",
    summary:
      "Price of a product choice with the discount, the coupon and the deduction breakdown against the caller's balances",
    tags,
    permissions: [],
    noStateChange: "inquiry",
    tenantOnly: true,
    body: priceInquiry,
    response: priceQuote,
    handler: ({ body, principal }) => inquiry.inquire(principal.orgId!, body),
  });
}
