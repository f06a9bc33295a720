// Bare-metal servers (`/mgt/baremetalserver`, CB08): list, one server, power actions. Buying,
// renewing and unsubscribing go through the order, renewal and unsubscribe endpoints like every
// service.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ResourcesService } from "../resources/resources.service";
import { createBareMetalService } from "./bare-metal.service";

export function registerBareMetalRoutes(ctx: ModuleContext, resources: ResourcesService) {
  const { app, guards, userRoute } = ctx;
  const bareMetal = createBareMetalService({ resources });
  userRoute(app, guards, endpoints.bareMetal.list, ({ ctx, query }) => bareMetal.list(ctx, query));
  userRoute(app, guards, endpoints.bareMetal.get, ({ ctx, params }) => bareMetal.detail(ctx, params.id));
  userRoute(app, guards, endpoints.bareMetal.action, ({ ctx, params, body }) =>
    bareMetal.act(ctx, params.id, body.action),
  );
}
