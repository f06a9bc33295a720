// The permission codes a tenant is offered for a custom permission set: those of services that
// exist. A code is in use when a ready console route or an endpoint asks for it; a code of a service
// that does not exist yet (its route not ready, no endpoint: CB19 AI resource pools, CD tickets…)
// is not offered, and neither are the codes it begins (CB1905 "AI resource pool unsubscribe").
// The server still accepts every tenant code, so sets saved earlier keep theirs.
import { TENANT_PERMISSION_CODES, type TenantPermissionCode } from "./api/iam";
import { endpoints } from "./endpoints";
import { CONSOLE_ROUTES } from "./permissions";

const endpointCodes = Object.values(endpoints).flatMap((domain) =>
  Object.values(domain).flatMap((endpoint) => (endpoint.access === "user" ? endpoint.permissions : [])),
);
const inUse = new Set<string>([
  ...CONSOLE_ROUTES.filter((route) => route.ready).flatMap((route) => route.codes),
  ...endpointCodes,
]);
const absentServices = TENANT_PERMISSION_CODES.filter((code) => !inUse.has(code));

export const OFFERED_TENANT_CODES: readonly TenantPermissionCode[] = TENANT_PERMISSION_CODES.filter(
  (code) => !absentServices.some((service) => code.startsWith(service)),
);

export const isOfferedCode = (code: string): boolean =>
  (OFFERED_TENANT_CODES as readonly string[]).includes(code);
