// Resource API `subuser` (spec §7 "Access control"): the tenant's users, page `user` / `userdetail`.
// Reading needs CH01 (CH02 too: group managers pick members); every change needs CH0101, and so
// does the forms' "already in use" look-up (the sign-up form's public one needs a captcha).
// Creating a user, changing their phone or e-mail, resetting their password and granting them
// rights create or widen a way into an account: the caller's own SMS step-up (a verified phone)
// comes first.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { UsersService } from "./users.service";

export function registerUserRoutes({ app, guards, userRoute }: ModuleContext, users: UsersService) {
  userRoute(app, guards, endpoints.users.list, ({ ctx, query }) => users.list(ctx, query));

  userRoute(app, guards, endpoints.users.exists, ({ query }) => users.exists(query));

  userRoute(app, guards, endpoints.users.get, ({ ctx, params }) => users.detail(ctx, params.id));

  userRoute(app, guards, endpoints.users.create, ({ ctx, body }) => users.create(ctx, body));

  userRoute(app, guards, endpoints.users.update, ({ ctx, params, body }) =>
    users.update(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.users.enable, ({ ctx, params }) =>
    users.setStatus(ctx, params.id, "enabled"),
  );

  userRoute(app, guards, endpoints.users.disable, ({ ctx, params }) =>
    users.setStatus(ctx, params.id, "disabled"),
  );

  userRoute(app, guards, endpoints.users.unlock, ({ ctx, params }) => users.unlock(ctx, params.id));

  userRoute(app, guards, endpoints.users.resetPassword, ({ ctx, params }) =>
    users.resetPassword(ctx, params.id),
  );

  userRoute(app, guards, endpoints.users.remove, ({ ctx, params }) => users.remove(ctx, params.id));

  userRoute(app, guards, endpoints.users.setGroups, ({ ctx, params, body }) =>
    users.setGroups(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.users.grantPermissionSets, ({ ctx, params, body }) =>
    users.addSet(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.users.revokePermissionSets, ({ ctx, params, query }) =>
    users.removeSet(ctx, params.id, query),
  );
}
