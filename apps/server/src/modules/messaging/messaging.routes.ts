import { outboxMessage, outboxQuery, page } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "./messaging.service";

export function registerMessagingRoutes({ app, guards, userRoute }: ModuleContext, messaging: Messaging) {
  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/outbox",
    summary: "SMS and e-mail messages sent or recorded by the platform",
    tags: ["operations"],
    permissions: ["BA03"],
    querystring: outboxQuery,
    response: page(outboxMessage),
    handler: async ({ query }) => {
      const { list, total } = await messaging.list(query);
      return {
        list: list.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },
  });
}
