// The tenant's security settings (page `set`): password policy, lock-out, session lifetime, step-up.
import type { PasswordPolicyBody, SecuritySettingsBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const settingsKeys = {
  password: ["settings", "passwordPolicy"] as const,
  security: ["settings", "security"] as const,
};

export const usePasswordPolicyView = () =>
  useQuery({
    queryKey: settingsKeys.password,
    queryFn: () => api.call(endpoints.securitySettings.passwordPolicy),
  });

export const useSecurityView = () =>
  useQuery({
    queryKey: settingsKeys.security,
    queryFn: () => api.call(endpoints.securitySettings.settings),
  });

export const settingsApi = {
  savePasswordPolicy: (body: PasswordPolicyBody) =>
    api.call(endpoints.securitySettings.setPasswordPolicy, { body: body }),
  saveSecurity: (body: SecuritySettingsBody) =>
    api.call(endpoints.securitySettings.setSettings, { body: body }),
  restorePasswordPolicy: () => api.call(endpoints.securitySettings.resetPasswordPolicy),
  restoreSecurity: () => api.call(endpoints.securitySettings.resetSettings),
};
