// Resource API of the `set` page (spec §7 "password policy"): CH05 reads, CH0501 writes. Writes
// weaken or tighten the organisation's security, so they need SMS step-up when it is on.
import { endpoints } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { TenantSettingsService } from "./tenant-settings.service";

// tenantOnly has already refused callers without an organisation.
const orgOf = (principal: Principal): string => principal.orgId!;

export function registerSecuritySettingsRoutes(
  { app, guards, userRoute }: ModuleContext,
  settings: TenantSettingsService,
) {
  userRoute(app, guards, endpoints.securitySettings.passwordPolicy, ({ principal }) =>
    settings.passwordPolicyView(orgOf(principal)),
  );

  userRoute(app, guards, endpoints.securitySettings.setPasswordPolicy, ({ body, principal, req }) =>
    settings.updatePasswordPolicy(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.securitySettings.resetPasswordPolicy, async ({ principal, req }) => {
    await settings.restoreDefaults(actorOf(principal, req.ip), "passwordPolicy");
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.securitySettings.settings, ({ principal }) =>
    settings.securityView(orgOf(principal)),
  );

  userRoute(app, guards, endpoints.securitySettings.setSettings, ({ body, principal, req }) =>
    settings.updateSecurity(actorOf(principal, req.ip), body),
  );

  userRoute(app, guards, endpoints.securitySettings.resetSettings, async ({ principal, req }) => {
    await settings.restoreDefaults(actorOf(principal, req.ip), "security");
    return { ok: true as const };
  });
}
