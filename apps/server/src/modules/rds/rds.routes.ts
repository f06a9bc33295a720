// Relational databases (`/mgt/rds`, CB04): list, one database, password reset. Buying, renewing
// and unsubscribing go through the order, renewal and unsubscribe endpoints like every service.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { RdsService } from "./rds.service";

export function registerRdsRoutes(ctx: ModuleContext, rds: RdsService) {
  const { app, guards, userRoute } = ctx;
  userRoute(app, guards, endpoints.rds.list, ({ ctx, query }) => rds.list(ctx, query));
  userRoute(app, guards, endpoints.rds.get, ({ ctx, params }) => rds.detail(ctx, params.id));
  userRoute(app, guards, endpoints.rds.resetPassword, ({ ctx, params }) => rds.resetPassword(ctx, params.id));
}
