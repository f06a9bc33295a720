// Operators' view of every account, with the unlock action of the lock-out policy.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { createPlatformUsersService, type PlatformUsersDeps } from "./platform-users.service";

export function registerPlatformUserRoutes(ctx: ModuleContext, deps: PlatformUsersDeps) {
  const { app, guards, userRoute } = ctx;
  const users = createPlatformUsersService(deps);

  userRoute(app, guards, endpoints.platformUsers.list, ({ query, locale }) => users.list(query, locale));

  userRoute(app, guards, endpoints.platformUsers.unlock, async ({ params, principal, req }) => {
    await users.unlock(params.userSid, { userId: principal.userId, ip: req.ip });
    return { ok: true as const };
  });

  userRoute(
    app,
    guards,
    endpoints.platformUsers.resetPassword,
    async ({ params, principal, req, locale }) => {
      await users.resetPassword(params.userSid, { userId: principal.userId, ip: req.ip }, locale);
      return { ok: true as const };
    },
  );
}
