// The message-queue service (`/mgt/dms`, CB14): list, one instance, password reset. Buying,
// renewing and unsubscribing go through the order, renewal and unsubscribe endpoints like every
// service.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { QueueService } from "./queue.service";

export function registerQueueRoutes(ctx: ModuleContext, queue: QueueService) {
  const { app, guards, userRoute } = ctx;
  userRoute(app, guards, endpoints.queue.list, ({ ctx, query }) => queue.list(ctx, query));
  userRoute(app, guards, endpoints.queue.get, ({ ctx, params }) => queue.detail(ctx, params.id));
  userRoute(app, guards, endpoints.queue.resetPassword, ({ ctx, params }) =>
    queue.resetPassword(ctx, params.id),
  );
}
