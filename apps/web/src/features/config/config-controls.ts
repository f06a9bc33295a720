// How each configuration entry is edited, and the conversion between stored strings and form values.
import { CONFIG_KEYS, type ConfigEntry, type ConfigKey } from "@skyledger/contracts";

export type Control = "switch" | "minutes" | "logo" | "passwordPolicy" | "lockoutPolicy" | "text";

const CONTROLS: Partial<Record<ConfigKey, Control>> = {
  "register.enable": "switch",
  "captcha.open": "switch",
  "email.enable": "switch",
  "sms.stepup.enable": "switch",
  "sms.stepup.operator.money": "switch",
  "session.expire.time": "minutes",
  "logo.small": "logo",
  "logo.large": "logo",
  "password.policy": "passwordPolicy",
  "lockout.policy": "lockoutPolicy",
};

export const isConfigKey = (key: string): key is ConfigKey =>
  (CONFIG_KEYS as readonly string[]).includes(key);

export function controlFor(entry: ConfigEntry): Control {
  const known = isConfigKey(entry.configKey) ? CONTROLS[entry.configKey] : undefined;
  if (known) return known;
  // Any other flag the server stores as "true"/"false" (e.g. the self-service audit switch).
  if (entry.configValue === "true" || entry.configValue === "false") return "switch";
  return "text";
}

export type FormValue = string | number | boolean | Record<string, number> | undefined;

export function toFormValue(entry: ConfigEntry): FormValue {
  switch (controlFor(entry)) {
    case "switch":
      return entry.configValue === "true";
    case "minutes": {
      const n = Number(entry.configValue);
      return Number.isFinite(n) ? n : undefined;
    }
    case "passwordPolicy":
    case "lockoutPolicy":
      try {
        return JSON.parse(entry.configValue) as Record<string, number>;
      } catch {
        return {};
      }
    default:
      return entry.configValue;
  }
}

export function toConfigValue(control: Control, value: FormValue): string {
  if (control === "switch") return value ? "true" : "false";
  if (control === "passwordPolicy" || control === "lockoutPolicy") return JSON.stringify(value ?? {});
  if (value === undefined || value === null) return "";
  return String(value);
}

/** An entry's label key (shared with the audit log's account of configuration changes). */
export { configLabelKey as labelKey } from "../../lib/config-labels";
