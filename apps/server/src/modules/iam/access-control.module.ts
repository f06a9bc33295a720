// Wires the tenant's access control: users (`subuser`), user groups (`user_group`) and permission
// sets (`polices`) of the resource API.
import type { ModuleContext } from "../../platform/module";
import type { AccessControlDeps } from "./access-control";
import { registerGroupRoutes } from "./groups.routes";
import { createGroupsService } from "./groups.service";
import { registerPermissionSetRoutes } from "./permission-sets.routes";
import { createPermissionSetsService } from "./permission-sets.service";
import { registerUserRoutes } from "./users.routes";
import { createUsersService } from "./users.service";

export function registerAccessControl(ctx: ModuleContext, deps: AccessControlDeps) {
  registerUserRoutes(ctx, createUsersService(deps));
  registerGroupRoutes(ctx, createGroupsService(deps));
  registerPermissionSetRoutes(ctx, createPermissionSetsService(deps));
}
