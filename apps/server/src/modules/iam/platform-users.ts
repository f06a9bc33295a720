// Operators' view of every account, with the unlock action of the lock-out policy.
import { ok, page, platformUser, platformUserQuery } from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import { createPlatformUsersService, type PlatformUsersDeps } from "./platform-users.service";

export function registerPlatformUserRoutes(ctx: ModuleContext, deps: PlatformUsersDeps) {
  const { app, guards, userRoute } = ctx;
  const users = createPlatformUsersService(deps);

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/users",
    summary: "Every account on the platform",
    tags: ["operations"],
    permissions: ["BA04"],
    querystring: platformUserQuery,
    response: page(platformUser),
    handler: ({ query, locale }) => users.list(query, locale),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/users/:userSid/unlock",
    summary: "Unlock an account locked by failed logins",
    tags: ["operations"],
    permissions: ["BA04"],
    params: z.object({ userSid: z.string().uuid() }),
    response: ok,
    handler: async ({ params, principal, req }) => {
      await users.unlock(params.userSid, { userId: principal.userId, ip: req.ip });
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/users/:userSid/reset_password",
    summary: "Reset an account's password: a temporary one goes to its phone and must be changed at sign-in",
    tags: ["operations"],
    permissions: ["BA04"],
    stepUp: "credential",
    params: z.object({ userSid: z.string().uuid() }),
    response: ok,
    handler: async ({ params, principal, req, locale }) => {
      await users.resetPassword(params.userSid, { userId: principal.userId, ip: req.ip }, locale);
      return { ok: true as const };
    },
  });
}
