// A permission code's name in the interface language (the catalogue's description of it): what a
// person reads instead of "CH05".
import {
  PERMISSION_CODE_NAMES_ZH,
  PERMISSION_CODES,
  type PermissionCode,
  type TenantPermissionCode,
} from "@skyledger/contracts";

export function permissionName(code: string, language: string): string {
  if (language === "zh-CN" && code in PERMISSION_CODE_NAMES_ZH)
    return PERMISSION_CODE_NAMES_ZH[code as TenantPermissionCode];
  return PERMISSION_CODES[code as PermissionCode] ?? code;
}
