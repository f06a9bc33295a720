// Operator accounts and their built-in roles (issue 19, decision 0028): the platform
// administrator's page `/sys/operators`.
import { z } from "zod";
import { OPERATOR_ROLE_KEYS } from "../permissions";
import { v } from "../validation";

export const operatorRoleKey = z.enum(OPERATOR_ROLE_KEYS);

/** One or more roles, each once. */
const operatorRoleList = z
  .array(operatorRoleKey)
  .min(1, "validation.required")
  .max(OPERATOR_ROLE_KEYS.length)
  .transform((roles) => [...new Set(roles)]);

export const operatorRow = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(operatorRoleKey),
  status: z.enum(["enabled", "disabled"]),
  /** The operator must still replace a temporary password. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRow>;

export const operatorQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(["enabled", "disabled"]).optional(),
  role: operatorRoleKey.optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const operatorCreate = z.object({
  account: v.username,
  realName: v.formName,
  email: v.email,
  mobile: v.phone,
  roles: operatorRoleList,
  /** A first password the administrator chose; omitted: the server generates one. */
  password: v.password.optional(),
});
export type OperatorCreate = z.input<typeof operatorCreate>;

export const operatorRolesBody = z.object({ roles: operatorRoleList });

/** The temporary password, shown once; it must be replaced at the first sign-in. */
export const operatorPassword = z.object({ userSid: z.string(), password: z.string() });
