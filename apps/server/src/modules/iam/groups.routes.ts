// Resource API `user_group` (spec §7 "Access control"): page `usergroup` / `usergroupdetail`.
// Reading needs CH02 (CH01 too: user managers pick groups); every change needs CH0201.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { GroupsService } from "./groups.service";

const done = { ok: true as const };

export function registerGroupRoutes({ app, guards, userRoute }: ModuleContext, groups: GroupsService) {
  userRoute(app, guards, endpoints.groups.list, ({ query, principal, req }) =>
    groups.list(actorOf(principal, req.ip), query),
  );

  userRoute(app, guards, endpoints.groups.get, ({ params, principal, req }) =>
    groups.detail(actorOf(principal, req.ip), params.id),
  );

  userRoute(app, guards, endpoints.groups.create, ({ body, principal, req }) =>
    groups.create(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.groups.update, async ({ params, body, principal, req }) => {
    await groups.update(actorOf(principal, req.ip), params.id, body);
    return done;
  });

  userRoute(app, guards, endpoints.groups.remove, async ({ params, query, principal, req }) => {
    await groups.remove(actorOf(principal, req.ip), params.id, query.confirmLastGroup);
    return done;
  });

  userRoute(app, guards, endpoints.groups.addMembers, async ({ params, body, principal, req }) => {
    await groups.addMembers(actorOf(principal, req.ip), params.id, body.userIds);
    return done;
  });

  userRoute(app, guards, endpoints.groups.removeMember, async ({ params, query, principal, req }) => {
    await groups.removeMember(actorOf(principal, req.ip), params.id, params.userSid, query.confirmLastGroup);
    return done;
  });

  userRoute(app, guards, endpoints.groups.setPermissionSets, async ({ params, body, principal, req }) => {
    await groups.setSets(actorOf(principal, req.ip), params.id, body.permissionSetIds);
    return done;
  });
}
