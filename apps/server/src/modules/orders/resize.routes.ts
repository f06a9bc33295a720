// Configuration change (`/mgt/change`, CB2004): the modify inquiry price and the resize itself.
import { orderDetail, resizeBody, resizeQuote } from "@skyledger/contracts";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { ResizeService } from "./resize.service";

export function registerResizeRoutes(ctx: ModuleContext, resize: ResizeService) {
  const { app, guards, userRoute } = ctx;
  const tags = ["orders"];

  userRoute(app, guards, {
    method: "POST",
    url: "/api/billing/inquiry/modify",
    summary: "What changing a host's flavour costs now (positive: to pay, negative: refunded)",
    tags,
    permissions: ["CB2004", "CB01"],
    tenantOnly: true,
    body: resizeBody,
    response: resizeQuote,
    handler: ({ principal, body }) => resize.quote(principal, body),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/service/resize_resource",
    summary: "Change a host's flavour and settle the price difference (needs an Idempotency-Key header)",
    tags,
    permissions: ["CB2004", "CB01"],
    tenantOnly: true,
    body: resizeBody,
    response: orderDetail,
    handler: ({ principal, body, req, locale }) =>
      resize.resize(principal, body, () => idempotencyKeyOf(req), locale, req.ip),
  });
}
