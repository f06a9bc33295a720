// Cloud hosts (`/mgt/cloudhost`, `/mgt/host/{id}/detail`, `/mgt/host/monitor/overview/{id}`, CB01),
// every resource of the caller (`/products/resources`) and those unsubscribe management
// (`/unsubscribe`) offers.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ResourcesService } from "./resources.service";

export function registerResourceRoutes(ctx: ModuleContext, resources: ResourcesService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.resources.listAll, ({ principal, query, locale }) =>
    resources.list(principal, query, locale),
  );

  userRoute(app, guards, endpoints.resources.listUnsubscribable, ({ principal, query, locale }) =>
    resources.unsubscribable(principal, query, locale),
  );

  userRoute(app, guards, endpoints.resources.listHosts, ({ principal, query, locale }) =>
    resources.list(principal, query, locale, "host"),
  );

  userRoute(app, guards, endpoints.resources.getHost, ({ principal, params, locale }) =>
    resources.detail(principal, params.id, locale, "host"),
  );

  userRoute(app, guards, endpoints.resources.hostAction, ({ principal, params, body, locale, req }) =>
    resources.act(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.renameHost, ({ principal, params, body, locale, req }) =>
    resources.rename(principal, params.id, body.name, locale, req.ip),
  );

  userRoute(app, guards, endpoints.resources.hostMetrics, ({ principal, params, query }) =>
    resources.metrics(principal, params.id, query.range),
  );
}
