// Endpoints of security-settings (what each property means: define.ts).

import { ok } from "../api/common";
import {
  passwordPolicyBody,
  passwordPolicyView,
  securitySettingsBody,
  securitySettingsView,
} from "../api/security-settings";
import { defineEndpoint } from "./define";

export const securitySettingsEndpoints = {
  passwordPolicy: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/password_policy",
    summary: "The organisation's password policy in force, and the platform's defaults",
    tags: ["access control"],
    permissions: ["CH05"],
    tenantOnly: true,
    response: passwordPolicyView,
  }),
  setPasswordPolicy: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/res/password_policy",
    summary:
      "Set the organisation's password policy (minimum length 8–20, maximum 8–64, distinct characters, expiry, letter cases)",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    body: passwordPolicyBody,
    response: passwordPolicyView,
  }),
  resetPasswordPolicy: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/res/password_policy",
    summary: "Return to the platform's password policy",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    response: ok,
  }),
  settings: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/security_settings",
    summary: "The organisation's lock-out policy, session lifetime and SMS step-up switch",
    tags: ["access control"],
    permissions: ["CH05"],
    tenantOnly: true,
    response: securitySettingsView,
  }),
  setSettings: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/res/security_settings",
    summary: "Set the organisation's lock-out policy, session lifetime (5–1440 minutes) and SMS step-up",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    body: securitySettingsBody,
    response: securitySettingsView,
  }),
  resetSettings: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/res/security_settings",
    summary: "Return to the platform's lock-out policy, session lifetime and SMS step-up",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: true,
    response: ok,
  }),
};
