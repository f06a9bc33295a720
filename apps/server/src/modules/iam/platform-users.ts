// Operators' view of every account, with the unlock action of the lock-out policy.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { createPlatformUsersService, type PlatformUsersDeps } from "./platform-users.service";

export function registerPlatformUserRoutes(
  { app, guards, userRoute }: ModuleContext,
  deps: PlatformUsersDeps,
) {
  const users = createPlatformUsersService(deps);

  userRoute(app, guards, endpoints.platformUsers.list, ({ ctx, query }) => users.list(ctx, query));

  userRoute(app, guards, endpoints.platformUsers.unlock, ({ ctx, params }) =>
    users.unlock(ctx, params.userSid),
  );

  userRoute(app, guards, endpoints.platformUsers.resetPassword, ({ ctx, params }) =>
    users.resetPassword(ctx, params.userSid),
  );
}
