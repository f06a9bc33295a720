// Operators' tenant management (`/sys/tenants`, issue 19 item 3): the list with its search, the
// tenant's card, its users, and the account freeze an operator sets with a reason.
import { z } from "zod";
import { pageQuery } from "./common";
import { TENANT_STATES } from "./ops-dashboard";

export const CERTIFICATION_STATUSES = ["noAuth", "authing", "authSucceed", "authFiled"] as const;
export const TENANT_SORT_FIELDS = ["createdAt", "name", "balance", "arrears"] as const;

// Query strings carry text: z.coerce.boolean() would read "false" as true.
const flag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

export const tenantQuery = pageQuery.extend({
  /** A fragment of the organisation's name, its main account, or the main account's phone. */
  keyword: z.string().trim().max(64).optional(),
  certificationStatus: z.enum(CERTIFICATION_STATUSES).optional(),
  frozen: flag,
  inArrears: flag,
  /**
   * The operators' dashboard's tenant states, by its own conditions (the main account's
   * verification; frozen by an operator or by the main account's own flag; owing anything), so a
   * count it shows opens exactly its tenants here.
   */
  state: z.enum(TENANT_STATES).optional(),
  sortBy: z.enum(TENANT_SORT_FIELDS).default("createdAt"),
  sortOrder: z.enum(["ascend", "descend"]).default("descend"),
});
export type TenantQuery = z.infer<typeof tenantQuery>;

export const tenantRow = z.object({
  orgId: z.string(),
  name: z.string(),
  /** The organisation's main account (the one that registered it); null if it has none. */
  account: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  certificationStatus: z.enum(CERTIFICATION_STATUSES),
  frozen: z.boolean(),
  balance: z.string(),
  arrears: z.string(),
  creditLimit: z.string(),
  createdAt: z.string(),
});
export type TenantRow = z.infer<typeof tenantRow>;

export const tenantDetail = tenantRow.extend({
  mainUserSid: z.string().nullable(),
  realName: z.string().nullable(),
  industry: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  authType: z.string().nullable(),
  authRemark: z.string().nullable(),
  freezeReason: z.string().nullable(),
  frozenAt: z.string().nullable(),
});
export type TenantDetail = z.infer<typeof tenantDetail>;

export const tenantUser = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  main: z.boolean(),
  status: z.enum(["enabled", "disabled"]),
  createdAt: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type TenantUser = z.infer<typeof tenantUser>;

/** The reason is checked by the server (TENANT_FREEZE_REASON_REQUIRED) so an empty one says so. */
export const tenantFreezeChange = z.object({ reason: z.string().max(200).default("") });
export type TenantFreezeChange = z.infer<typeof tenantFreezeChange>;

/** Signing in as support (decision 0031): why, checked by the server (SUPPORT_REASON_INVALID). */
export const SUPPORT_REASON_LENGTH = { min: 5, max: 200 } as const;
export const supportSignInBody = z.object({ reason: z.string().max(1000).default("") });
export type SupportSignInBody = z.infer<typeof supportSignInBody>;

/** The support session's credentials: the console keeps them instead of the operator's until it ends. */
export const supportSession = z.object({
  token: z.string(),
  signSecret: z.string(),
  expiresAt: z.string(),
});
export type SupportSession = z.infer<typeof supportSession>;
