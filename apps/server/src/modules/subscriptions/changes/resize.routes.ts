// Configuration change (`/mgt/change`, CB2004): the modify inquiry price and the resize itself, for a
// host's flavour, a disk's size and an elastic IP's bandwidth. The routes admit the code of any of
// the three pages; the service then asks for the one of the resource's own kind.
import { orderDetail, resizeBody, resizeQuote } from "@skyledger/contracts";
import { idempotencyKeyOf } from "../../../platform/idempotency";
import type { ModuleContext } from "../../../platform/module";
import type { ResizeService } from "./resize.service";

export function registerResizeRoutes(ctx: ModuleContext, resize: ResizeService) {
  const { app, guards, userRoute } = ctx;
  const tags = ["orders"];

  userRoute(app, guards, {
    method: "POST",
    url: "/api/billing/inquiry/modify",
    summary:
      "What changing a host's flavour, a disk's size or an elastic IP's bandwidth costs now (positive: to pay, negative: refunded), and from which balances",
    tags,
    permissions: ["CB2004", "CB01", "CB02", "CB09"],
    noStateChange: "inquiry",
    tenantOnly: true,
    body: resizeBody,
    response: resizeQuote,
    handler: ({ principal, body }) => resize.quote(principal, body),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/service/resize_resource",
    summary:
      "Change a host's flavour, expand a disk or change an elastic IP's bandwidth, and settle the price difference (needs an Idempotency-Key header)",
    tags,
    permissions: ["CB2004", "CB01", "CB02", "CB09"],
    tenantOnly: true,
    body: resizeBody,
    response: orderDetail,
    handler: ({ principal, body, req, locale }) =>
      resize.resize(principal, body, () => idempotencyKeyOf(req), locale, req.ip),
  });
}
