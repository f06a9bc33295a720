// The cache service (`/mgt/dcs`, CB13): list, one instance, password reset. Buying, renewing and
// unsubscribing go through the order, renewal and unsubscribe endpoints like every service.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { CacheService } from "./cache.service";

export function registerCacheRoutes(ctx: ModuleContext, cache: CacheService) {
  const { app, guards, userRoute } = ctx;
  userRoute(app, guards, endpoints.cache.list, ({ ctx, query }) => cache.list(ctx, query));
  userRoute(app, guards, endpoints.cache.get, ({ ctx, params }) => cache.detail(ctx, params.id));
  userRoute(app, guards, endpoints.cache.resetPassword, ({ ctx, params }) =>
    cache.resetPassword(ctx, params.id),
  );
}
