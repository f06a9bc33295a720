// Resource API of the `set` page (spec §7 "password policy"): CH05 reads, CH0501 writes. Writes
// weaken or tighten the organisation's security, so they need SMS step-up when it is on.
import {
  ok,
  passwordPolicyBody,
  passwordPolicyView,
  securitySettingsBody,
  securitySettingsView,
} from "@skyledger/contracts";
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
  const tags = ["access control"];

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/password_policy",
    summary: "The organisation's password policy in force, and the platform's defaults",
    tags,
    permissions: ["CH05"],
    tenantOnly: true,
    response: passwordPolicyView,
    handler: ({ principal }) => settings.passwordPolicyView(orgOf(principal)),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/res/password_policy",
    summary:
      "Set the organisation's password policy (minimum length 8–20, maximum 8–64, distinct characters, expiry, letter cases)",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    body: passwordPolicyBody,
    response: passwordPolicyView,
    handler: ({ body, principal, req }) => settings.updatePasswordPolicy(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: "/api/res/password_policy",
    summary: "Return to the platform's password policy",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    response: ok,
    handler: async ({ principal, req }) => {
      await settings.restoreDefaults(actorOf(principal, req.ip), "passwordPolicy");
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/res/security_settings",
    summary: "The organisation's lock-out policy, session lifetime and SMS step-up switch",
    tags,
    permissions: ["CH05"],
    tenantOnly: true,
    response: securitySettingsView,
    handler: ({ principal }) => settings.securityView(orgOf(principal)),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/res/security_settings",
    summary: "Set the organisation's lock-out policy, session lifetime (5–1440 minutes) and SMS step-up",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    body: securitySettingsBody,
    response: securitySettingsView,
    handler: ({ body, principal, req }) => settings.updateSecurity(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: "/api/res/security_settings",
    summary: "Return to the platform's lock-out policy, session lifetime and SMS step-up",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    response: ok,
    handler: async ({ principal, req }) => {
      await settings.restoreDefaults(actorOf(principal, req.ip), "security");
      return { ok: true as const };
    },
  });
}
