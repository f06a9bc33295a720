// `/users/accesskey` (spec §7): the caller's own access keys. CH06 is held by tenant administrators
// and must be granted to sub-users separately (spec §6).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AccessKeyService } from "./access-keys.service";

export function registerAccessKeyRoutes(ctx: ModuleContext, keys: AccessKeyService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.accessKeys.list, ({ principal, query }) => keys.list(principal, query));

  userRoute(app, guards, endpoints.accessKeys.create, ({ principal, body, req }) =>
    keys.create(principal, body.description, req.ip),
  );

  userRoute(app, guards, endpoints.accessKeys.enable, ({ principal, params, req }) =>
    keys.setStatus(principal, params.id, "enabled", req.ip),
  );

  userRoute(app, guards, endpoints.accessKeys.disable, ({ principal, params, req }) =>
    keys.setStatus(principal, params.id, "disabled", req.ip),
  );

  userRoute(app, guards, endpoints.accessKeys.remove, async ({ principal, params, req }) => {
    await keys.remove(principal, params.id, req.ip);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.accessKeys.download, async ({ principal, reply }) =>
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="access-keys.csv"')
      .header("cache-control", "no-store")
      .send(await keys.csv(principal)),
  );
}
