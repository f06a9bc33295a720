// Resource API `user_group` (spec §7 "Access control"): page `usergroup` / `usergroupdetail`.
// Reading needs CH02 (CH01 too: user managers pick groups); every change needs CH0201.
import {
  confirmLastGroupQuery,
  groupMembersBody,
  groupSetsBody,
  ok,
  page,
  userGroupBody,
  userGroupCreate,
  userGroupDetail,
  userGroupQuery,
  userGroupRow,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { GroupsService } from "./groups.service";

const tags = ["access control"];
const byId = z.object({ id: z.string().uuid() });
const BASE = "/api/res/user_group";
const done = { ok: true as const };

export function registerGroupRoutes({ app, guards, userRoute }: ModuleContext, groups: GroupsService) {
  userRoute(app, guards, {
    method: "GET",
    url: BASE,
    summary: "User groups of the caller's organisation with parent, member count and permission sets",
    tags,
    permissions: ["CH02", "CH01"],
    tenantOnly: true,
    querystring: userGroupQuery,
    response: page(userGroupRow),
    handler: ({ query, principal, req }) => groups.list(actorOf(principal, req.ip), query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${BASE}/:id`,
    summary: "One user group with its members, sub-groups and permission sets",
    tags,
    permissions: ["CH02"],
    tenantOnly: true,
    params: byId,
    response: userGroupDetail,
    handler: ({ params, principal, req }) => groups.detail(actorOf(principal, req.ip), params.id),
  });

  userRoute(app, guards, {
    method: "POST",
    url: BASE,
    summary: "Create a user group",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    body: userGroupCreate,
    response: z.object({ id: z.string() }),
    handler: ({ body, principal, req }) => groups.create(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${BASE}/:id`,
    summary: "Rename a custom group, or change a group's description or parent",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    params: byId,
    body: userGroupBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await groups.update(actorOf(principal, req.ip), params.id, body);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${BASE}/:id`,
    summary: "Delete a custom group without sub-groups; members whose last group it is need confirmLastGroup",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    params: byId,
    querystring: confirmLastGroupQuery,
    response: ok,
    handler: async ({ params, query, principal, req }) => {
      await groups.remove(actorOf(principal, req.ip), params.id, query.confirmLastGroup);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: `${BASE}/:id/members`,
    summary: "Add sub-users to a group",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: groupMembersBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await groups.addMembers(actorOf(principal, req.ip), params.id, body.userIds);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${BASE}/:id/members/:userSid`,
    summary: "Remove a sub-user from a group; removing their last group needs confirmLastGroup",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    params: z.object({ id: z.string().uuid(), userSid: z.string().uuid() }),
    querystring: confirmLastGroupQuery,
    response: ok,
    handler: async ({ params, query, principal, req }) => {
      await groups.removeMember(
        actorOf(principal, req.ip),
        params.id,
        params.userSid,
        query.confirmLastGroup,
      );
      return done;
    },
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${BASE}/:id/polices`,
    summary: "Set the permission sets a group grants (built-in sets or the organisation's own)",
    tags,
    permissions: ["CH0201"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: groupSetsBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await groups.setSets(actorOf(principal, req.ip), params.id, body.permissionSetIds);
      return done;
    },
  });
}
