// Resource API `subuser` (spec §7 "Access control"): the tenant's users, page `user` / `userdetail`.
// Reading needs CH01 (CH02 too: group managers pick members); every change needs CH0101, and so
// does the forms' "already in use" look-up (the sign-up form's public one needs a captcha).
// Creating a user, changing their phone or e-mail, resetting their password and granting them
// rights create or widen a way into an account: the caller's own SMS step-up (a verified phone)
// comes first.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { UsersService } from "./users.service";

export function registerUserRoutes({ app, guards, userRoute }: ModuleContext, users: UsersService) {
  userRoute(app, guards, endpoints.users.list, ({ query, principal, req }) =>
    users.list(actorOf(principal, req.ip), query),
  );

  userRoute(app, guards, endpoints.users.exists, ({ query }) => users.exists(query.field, query.value));

  userRoute(app, guards, endpoints.users.get, ({ params, principal, req }) =>
    users.detail(actorOf(principal, req.ip), params.id),
  );

  userRoute(app, guards, endpoints.users.create, ({ body, principal, req }) =>
    users.create(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.users.update, async ({ params, body, principal, req }) => {
    await users.update(actorOf(principal, req.ip), params.id, body);
    return { ok: true as const };
  });

  for (const [endpoint, status] of [
    [endpoints.users.enable, "enabled"],
    [endpoints.users.disable, "disabled"],
  ] as const) {
    userRoute(app, guards, endpoint, async ({ params, principal, req }) => {
      await users.setStatus(actorOf(principal, req.ip), params.id, status);
      return { ok: true as const };
    });
  }

  userRoute(app, guards, endpoints.users.unlock, async ({ params, principal, req }) => {
    await users.unlock(actorOf(principal, req.ip), params.id);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.users.resetPassword, ({ params, principal, req, locale }) =>
    users.resetPassword(actorOf(principal, req.ip), params.id, locale),
  );

  userRoute(app, guards, endpoints.users.remove, async ({ params, principal, req }) => {
    await users.remove(actorOf(principal, req.ip), params.id);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.users.setGroups, async ({ params, body, principal, req }) => {
    await users.setGroups(actorOf(principal, req.ip), params.id, body.groupIds, body.confirmLastGroup);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.users.grantPermissionSets, async ({ params, body, principal, req }) => {
    await users.addSet(actorOf(principal, req.ip), params.id, body.permissionSetId);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.users.revokePermissionSets, async ({ params, query, principal, req }) => {
    await users.removeSet(actorOf(principal, req.ip), params.id, query.permissionSetId);
    return { ok: true as const };
  });
}
