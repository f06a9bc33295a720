// Resource API `polices` (spec §7 "Access control"): page `strategy`. Reading needs CH05 (CH01 and
// CH02 too: granting a set to a user or a group means picking it); every change needs CH0501.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { PermissionSetsService } from "./permission-sets.service";

const done = { ok: true as const };

export function registerPermissionSetRoutes(
  { app, guards, userRoute }: ModuleContext,
  sets: PermissionSetsService,
) {
  userRoute(app, guards, endpoints.permissionSets.list, ({ query, principal, req }) =>
    sets.list(actorOf(principal, req.ip), query),
  );

  userRoute(app, guards, endpoints.permissionSets.codes, async () => sets.catalogue());

  userRoute(app, guards, endpoints.permissionSets.create, ({ body, principal, req }) =>
    sets.create(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.permissionSets.update, async ({ params, body, principal, req }) => {
    await sets.update(actorOf(principal, req.ip), params.id, body);
    return done;
  });

  userRoute(app, guards, endpoints.permissionSets.remove, async ({ params, principal, req }) => {
    await sets.remove(actorOf(principal, req.ip), params.id);
    return done;
  });
}
