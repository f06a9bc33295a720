// Resource API `polices` (spec §7 "Access control"): page `strategy`. Reading needs CH05 (CH01 and
// CH02 too: granting a set to a user or a group means picking it); every change needs CH0501.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { PermissionSetsService } from "./permission-sets.service";

export function registerPermissionSetRoutes(
  { app, guards, userRoute }: ModuleContext,
  sets: PermissionSetsService,
) {
  userRoute(app, guards, endpoints.permissionSets.list, ({ ctx, query }) => sets.list(ctx, query));

  userRoute(app, guards, endpoints.permissionSets.codes, async () => sets.catalogue());

  userRoute(app, guards, endpoints.permissionSets.create, ({ ctx, body }) => sets.create(ctx, body));

  userRoute(app, guards, endpoints.permissionSets.update, ({ ctx, params, body }) =>
    sets.update(ctx, params.id, body),
  );

  userRoute(app, guards, endpoints.permissionSets.remove, ({ ctx, params }) => sets.remove(ctx, params.id));
}
