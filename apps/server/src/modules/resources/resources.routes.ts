// Cloud hosts (`/mgt/cloudhost`, `/mgt/host/{id}/detail`, `/mgt/host/monitor/overview/{id}`, CB01),
// every resource of the caller (`/products/resources`), every tenant's for operators
// (`/ops/resources`) and those unsubscribe management (`/unsubscribe`) offers.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ResourcesService } from "./resources.service";

export function registerResourceRoutes(ctx: ModuleContext, resources: ResourcesService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.resources.listAll, ({ ctx, query }) => resources.list(ctx, query));
  userRoute(app, guards, endpoints.resources.opsList, ({ ctx, query }) => resources.opsList(ctx, query));
  userRoute(app, guards, endpoints.resources.listUnsubscribable, ({ ctx, query }) =>
    resources.unsubscribable(ctx, query),
  );
  userRoute(app, guards, endpoints.resources.listHosts, ({ ctx, query }) =>
    resources.list(ctx, query, "host"),
  );
  userRoute(app, guards, endpoints.resources.getHost, ({ ctx, params }) =>
    resources.detail(ctx, params.id, "host"),
  );
  userRoute(app, guards, endpoints.resources.hostAction, ({ ctx, params, body }) =>
    resources.act(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.resources.renameHost, ({ ctx, params, body }) =>
    resources.rename(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.resources.hostMetrics, ({ ctx, params, query }) =>
    resources.metrics(ctx, params.id, query),
  );
}
