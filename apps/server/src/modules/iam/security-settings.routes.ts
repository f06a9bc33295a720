// Resource API of the `set` page (spec §7 "password policy"): CH05 reads, CH0501 writes. Writes
// weaken or tighten the organisation's security, so they need SMS step-up when it is on.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { TenantSettingsService } from "./tenant-settings.service";

export function registerSecuritySettingsRoutes(
  { app, guards, userRoute }: ModuleContext,
  settings: TenantSettingsService,
) {
  userRoute(app, guards, endpoints.securitySettings.passwordPolicy, ({ ctx }) =>
    settings.passwordPolicyView(ctx),
  );

  userRoute(app, guards, endpoints.securitySettings.setPasswordPolicy, ({ ctx, body }) =>
    settings.updatePasswordPolicy(ctx, body),
  );

  userRoute(app, guards, endpoints.securitySettings.resetPasswordPolicy, ({ ctx }) =>
    settings.restoreDefaults(ctx, "passwordPolicy"),
  );

  userRoute(app, guards, endpoints.securitySettings.settings, ({ ctx }) => settings.securityView(ctx));

  userRoute(app, guards, endpoints.securitySettings.setSettings, ({ ctx, body }) =>
    settings.updateSecurity(ctx, body),
  );

  userRoute(app, guards, endpoints.securitySettings.resetSettings, ({ ctx }) =>
    settings.restoreDefaults(ctx, "security"),
  );
}
