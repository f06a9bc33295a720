// Configuration change (`/mgt/change`, CB2004): the modify inquiry price and the resize itself, for a
// host's flavour, a disk's size and an elastic IP's bandwidth. The routes admit the code of any of
// the three pages; the service then asks for the one of the resource's own kind.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { ResizeService } from "./resize.service";

export function registerResizeRoutes(ctx: ModuleContext, resize: ResizeService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.orders.resizeQuote, ({ ctx, body }) => resize.quote(ctx, body));
  userRoute(app, guards, endpoints.orders.resize, ({ ctx, body }) => resize.resize(ctx, body));
}
