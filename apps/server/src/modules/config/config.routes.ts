import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ConfigService } from "./config.service";
import type { ConfigChangesService } from "./config-changes.service";
import type { MaintenanceService } from "./maintenance.service";

export function registerConfigRoutes(
  { app, guards, publicRoute, userRoute }: ModuleContext,
  config: ConfigService,
  maintenance: MaintenanceService,
  changes: ConfigChangesService,
) {
  publicRoute(app, guards, endpoints.config.maintenance, () => maintenance.current());

  userRoute(app, guards, endpoints.config.setMaintenance, ({ ctx, body }) => maintenance.set(ctx, body));

  publicRoute(app, guards, endpoints.config.publicSettings, () => config.publicSettings());

  publicRoute(app, guards, endpoints.config.codeList, ({ params }) => config.dictionary(params.category));

  publicRoute(app, guards, endpoints.config.agreement, ({ params }) => config.currentPolicy(params.kind));

  userRoute(app, guards, endpoints.config.list, () => config.listAll());

  userRoute(app, guards, endpoints.config.update, ({ ctx, body }) => config.update(ctx, body));

  userRoute(app, guards, endpoints.config.listByType, ({ query }) => config.listByType(query));

  userRoute(app, guards, endpoints.config.publishAgreement, ({ ctx, body }) =>
    config.publishPolicy(ctx, body),
  );

  userRoute(app, guards, endpoints.config.proposeChange, ({ ctx, body }) => changes.propose(ctx, body));

  userRoute(app, guards, endpoints.config.listChanges, ({ query }) => changes.list(query));

  userRoute(app, guards, endpoints.config.approveChange, ({ ctx, params, body }) =>
    changes.decide(ctx, params.id, body, true),
  );

  userRoute(app, guards, endpoints.config.rejectChange, ({ ctx, params, body }) =>
    changes.decide(ctx, params.id, body, false),
  );
}
