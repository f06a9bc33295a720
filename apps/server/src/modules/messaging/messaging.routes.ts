import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";

export function registerMessagingRoutes({ app, guards, userRoute }: ModuleContext, messaging: Messaging) {
  userRoute(app, guards, endpoints.messaging.outbox, ({ ctx, query }) => messaging.list(ctx, query));
}
