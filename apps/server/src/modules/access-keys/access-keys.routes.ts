// `/users/accesskey` (spec §7): the caller's own access keys. CH06 is held by tenant administrators
// and must be granted to sub-users separately (spec §6).
import { endpoints } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { AccessKeyService } from "./access-keys.service";

const CODES = ["CH06"] as const;

export function registerAccessKeyRoutes(ctx: ModuleContext, keys: AccessKeyService) {
  const { app, guards, userRoute } = ctx;
  const tags = ["access keys"];
  const permissions = [...CODES];

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

  // A file, not the JSON envelope, so it is declared here with the same checks userRoute makes.
  app.get(
    "/api/users/accesskey/download",
    {
      schema: {
        summary: "The caller's access keys as CSV, without secrets",
        description: `Permission codes (any of): ${CODES.join(", ")}`,
        tags,
      },
      config: { permissions },
    },
    async (req, reply) => {
      const principal = await guards.authenticate(req);
      if (principal.mustChangePassword) throw new DomainError("PASSWORD_CHANGE_REQUIRED");
      guards.accountRateLimit(principal);
      if (!CODES.some((code) => principal.permissions.has(code))) throw new DomainError("NO_PERMISSION");
      const csv = await keys.csv(principal);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="access-keys.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
