// Resource API `user_group` (spec §7 "Access control"): page `usergroup` / `usergroupdetail`.
// Reading needs CH02 (CH01 too: user managers pick groups); every change needs CH0201.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { GroupsService } from "./groups.service";

export function registerGroupRoutes({ app, guards, userRoute }: ModuleContext, groups: GroupsService) {
  userRoute(app, guards, endpoints.groups.list, ({ ctx, query }) => groups.list(ctx, query));

  userRoute(app, guards, endpoints.groups.get, ({ ctx, params }) => groups.detail(ctx, params.id));

  userRoute(app, guards, endpoints.groups.create, ({ ctx, body }) => groups.create(ctx, body));

  userRoute(app, guards, endpoints.groups.update, ({ ctx, params, body }) =>
    groups.update(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.groups.remove, ({ ctx, params, query }) =>
    groups.remove(ctx, params.id, query),
  );

  userRoute(app, guards, endpoints.groups.addMembers, ({ ctx, params, body }) =>
    groups.addMembers(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.groups.removeMember, ({ ctx, params, query }) =>
    groups.removeMember(ctx, params, query),
  );

  userRoute(app, guards, endpoints.groups.setPermissionSets, ({ ctx, params, body }) =>
    groups.setSets(ctx, params.id, body),
  );
}
