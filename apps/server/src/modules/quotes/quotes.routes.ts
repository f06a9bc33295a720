// The tenant's price inquiry (any signed-in tenant user; nothing here is charged).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { PriceInquiryService } from "./price-inquiry.service";

export function registerQuoteRoutes(ctx: ModuleContext, inquiry: PriceInquiryService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.catalog.quotePrice, ({ ctx, body }) => inquiry.inquire(ctx, body));
}
