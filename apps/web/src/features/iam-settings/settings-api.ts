// The tenant's security settings (page `set`): password policy, lock-out, session lifetime, step-up.
import type {
  PasswordPolicyBody,
  PasswordPolicyView,
  SecuritySettingsBody,
  SecuritySettingsView,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const settingsKeys = {
  password: ["settings", "passwordPolicy"] as const,
  security: ["settings", "security"] as const,
};

export const usePasswordPolicyView = () =>
  useQuery({
    queryKey: settingsKeys.password,
    queryFn: () => api.get<PasswordPolicyView>("/res/password_policy"),
  });

export const useSecurityView = () =>
  useQuery({
    queryKey: settingsKeys.security,
    queryFn: () => api.get<SecuritySettingsView>("/res/security_settings"),
  });

export const settingsApi = {
  savePasswordPolicy: (body: PasswordPolicyBody) => api.put<PasswordPolicyView>("/res/password_policy", body),
  saveSecurity: (body: SecuritySettingsBody) => api.put<SecuritySettingsView>("/res/security_settings", body),
  restorePasswordPolicy: () => api.del("/res/password_policy"),
  restoreSecurity: () => api.del("/res/security_settings"),
};
