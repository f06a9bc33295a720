import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "./messaging.service";

export function registerMessagingRoutes({ app, guards, userRoute }: ModuleContext, messaging: Messaging) {
  userRoute(app, guards, endpoints.messaging.outbox, async ({ query }) => {
    const { list, total } = await messaging.list(query);
    return {
      list: list.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  });
}
