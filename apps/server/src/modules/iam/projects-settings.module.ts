// Wires projects (page `project`) and the tenant's security settings (page `set`).

import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { registerProjectRoutes } from "./projects.routes";
import { createProjectsService } from "./projects.service";
import { registerSecuritySettingsRoutes } from "./security-settings.routes";
import type { SecuritySettings } from "./security-settings.service";
import { createTenantSettingsService } from "./tenant-settings.service";
import type { UserSessions } from "./user-sessions";

export function registerProjectsAndSettings(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; sessions: UserSessions; security: SecuritySettings },
) {
  registerProjectRoutes(ctx, createProjectsService(deps));
  registerSecuritySettingsRoutes(ctx, createTenantSettingsService(deps));
}
