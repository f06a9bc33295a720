// Wires the tenant's price inquiry. The discount package look-up comes from the wiring (app.ts), so
// quotes imports nothing of packages, which quote through quotes' deduction breakdown.

import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import {
  type ContractDiscountLookup,
  createPriceInquiryService,
  type DiscountPackageLookup,
} from "./price-inquiry.service";
import { registerQuoteRoutes } from "./quotes.routes";

export function registerQuotes(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    discountPackage: DiscountPackageLookup;
    contractDiscount: ContractDiscountLookup;
  },
) {
  registerQuoteRoutes(ctx, createPriceInquiryService(deps));
}
