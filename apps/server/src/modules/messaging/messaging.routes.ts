import { outboxMessage, outboxQuery, page } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";

export function registerMessagingRoutes({ app, guards, userRoute }: ModuleContext, messaging: Messaging) {
  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/outbox",
    summary: "SMS and e-mail messages sent or recorded by the platform",
    tags: ["operations"],
    permissions: ["BA03"],
    querystring: outboxQuery,
    response: page(outboxMessage),
    handler: ({ query }) => messaging.list(query),
  });
}
