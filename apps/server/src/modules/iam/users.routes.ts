// Resource API `subuser` (spec §7 "Access control"): the tenant's users, page `user` / `userdetail`.
// Reading needs CH01 (CH02 too: group managers pick members); every change needs CH0101, and so
// does the forms' "already in use" look-up (the sign-up form's public one needs a captcha).
// Creating a user, changing their phone or e-mail, resetting their password and granting them
// rights create or widen a way into an account: the caller's own SMS step-up (a verified phone)
// comes first.
import {
  existsQuery,
  existsResult,
  ok,
  page,
  permissionSetIdBody,
  subUserCreate,
  subUserCreated,
  subUserDetail,
  subUserGroupsBody,
  subUserProfile,
  subUserQuery,
  subUserRow,
  temporaryPasswordResult,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { UsersService } from "./users.service";

const tags = ["access control"];
const byId = z.object({ id: z.string().uuid() });
const BASE = "/api/res/subuser";

export function registerUserRoutes({ app, guards, userRoute }: ModuleContext, users: UsersService) {
  userRoute(app, guards, {
    method: "GET",
    url: BASE,
    summary: "Users of the caller's organisation, with their groups, status and last sign-in",
    tags,
    permissions: ["CH01", "CH02"],
    tenantOnly: true,
    querystring: subUserQuery,
    response: page(subUserRow),
    handler: ({ query, principal, req }) => users.list(actorOf(principal, req.ip), query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${BASE}/exists`,
    summary: "Whether a user name, e-mail or phone is already taken (the create and edit forms)",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    querystring: existsQuery,
    response: existsResult,
    handler: ({ query }) => users.exists(query.field, query.value),
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${BASE}/:id`,
    summary: "One user: profile, groups, direct and inherited permission sets, codes and projects",
    tags,
    permissions: ["CH01"],
    tenantOnly: true,
    params: byId,
    response: subUserDetail,
    handler: ({ params, principal, req }) => users.detail(actorOf(principal, req.ip), params.id),
  });

  userRoute(app, guards, {
    method: "POST",
    url: BASE,
    summary: "Create a sub-user; a generated password is answered once",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: "credential",
    body: subUserCreate,
    response: subUserCreated,
    handler: ({ body, principal, req }) => users.create(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${BASE}/:id`,
    summary: "Change a sub-user's name, e-mail and phone",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: subUserProfile,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await users.update(actorOf(principal, req.ip), params.id, body);
      return { ok: true as const };
    },
  });

  for (const [action, status] of [
    ["enable", "enabled"],
    ["disable", "disabled"],
  ] as const) {
    userRoute(app, guards, {
      method: "POST",
      url: `${BASE}/:id/${action}`,
      summary: action === "enable" ? "Enable a sub-user" : "Disable a sub-user: their sessions end at once",
      tags,
      permissions: ["CH0101"],
      tenantOnly: true,
      params: byId,
      response: ok,
      handler: async ({ params, principal, req }) => {
        await users.setStatus(actorOf(principal, req.ip), params.id, status);
        return { ok: true as const };
      },
    });
  }

  userRoute(app, guards, {
    method: "POST",
    url: `${BASE}/:id/unlock`,
    summary: "Unlock a user locked by failed sign-ins",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    params: byId,
    response: ok,
    handler: async ({ params, principal, req }) => {
      await users.unlock(actorOf(principal, req.ip), params.id);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: `${BASE}/:id/reset_password`,
    summary:
      "Reset a sub-user's password: a temporary one is answered once, sent by SMS, and must be changed at sign-in",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    response: temporaryPasswordResult,
    handler: ({ params, principal, req, locale }) =>
      users.resetPassword(actorOf(principal, req.ip), params.id, locale),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${BASE}/:id`,
    summary: "Delete a sub-user: sessions end, memberships and grants go, audit rows stay",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: true,
    params: byId,
    response: ok,
    handler: async ({ params, principal, req }) => {
      await users.remove(actorOf(principal, req.ip), params.id);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${BASE}/:id/groups`,
    summary: "Set a sub-user's groups; removing the last one needs confirmLastGroup",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: subUserGroupsBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await users.setGroups(actorOf(principal, req.ip), params.id, body.groupIds, body.confirmLastGroup);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: `${BASE}/:id/polices`,
    summary: "Grant a permission set to a sub-user directly",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: permissionSetIdBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await users.addSet(actorOf(principal, req.ip), params.id, body.permissionSetId);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${BASE}/:id/polices`,
    summary: "Take a directly granted permission set from a sub-user (inherited ones stay)",
    tags,
    permissions: ["CH0101"],
    tenantOnly: true,
    params: byId,
    querystring: permissionSetIdBody,
    response: ok,
    handler: async ({ params, query, principal, req }) => {
      await users.removeSet(actorOf(principal, req.ip), params.id, query.permissionSetId);
      return { ok: true as const };
    },
  });
}
