import { z } from "zod";
import { v } from "../validation";

export const certificationStatus = z.enum(["noAuth", "authing", "authSucceed", "authFiled"]);
export type CertificationStatus = z.infer<typeof certificationStatus>;

export const registerBody = z.object({
  account: v.username,
  companyName: v.companyName,
  email: v.email,
  mobile: v.phone,
  smsCode: v.smsCode,
  industry: z.string().min(1, "validation.required"),
  applicationScenario: z.string().min(1, "validation.required"),
  personnelSize: z.string().min(1, "validation.required"),
  invitationCode: z.string().trim().min(1, "validation.required").max(64),
  address: z.union([z.literal(""), v.generalInput]).optional(),
  password: v.password,
  confirmPassword: v.password,
  agreement: z.boolean(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  account: z.string().trim().min(1, "validation.required").max(128),
  password: z.string().min(1, "validation.required").max(64),
});

export const loginResult = z.object({
  token: z.string(),
  signSecret: z.string(),
  expiresAt: z.string(),
  landing: z.string(),
  loginNotFirstFlag: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const menuItem: z.ZodType<{ key: string; labelKey: string; path?: string; children?: unknown[] }> =
  z.lazy(() =>
    z.object({
      key: z.string(),
      labelKey: z.string(),
      path: z.string().optional(),
      children: z.array(menuItem).optional(),
    }),
  );

export const currentUser = z.object({
  userSid: z.string(),
  account: z.string(),
  industryName: z.string().nullable(),
  realName: z.string().nullable(),
  sexName: z.string().nullable(),
  mobile: z.string().nullable(),
  parentSid: z.string().nullable(),
  email: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  roleName: z.string(),
  roleType: z.string(),
  moduleType: z.enum(["sys", "console"]),
  billingAdmin: z.boolean(),
  limitDate: z.string().nullable(),
  pwdEndTime: z.string().nullable(),
  openId: z.string().nullable(),
  wechatName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  certificationStatus,
  authentStatus: certificationStatus,
  remark: z.string().nullable(),
  type: z.string().nullable(),
  maxDataScope: z.enum(["all", "tenant", "project", "self"]),
  projectId: z.string().nullable(),
  permissions: z.array(z.string()),
  menus: z.array(menuItem),
  routes: z.array(z.string()),
  currentOrg: z.object({ orgSid: z.string(), orgName: z.string() }).nullable(),
  freezeStatus: z.boolean(),
  loginNotFirstFlag: z.boolean(),
  policyAgreeSign: z.number().int().min(0).max(4),
  landing: z.string(),
  sessionExpiresAt: z.string(),
  /**
   * Set in a support session (decision 0031): an operator reads the tenant's console as its main
   * account, read-only, until `sessionExpiresAt`. The console shows a banner and hides actions.
   */
  support: z
    .object({ operatorAccount: z.string(), operatorName: z.string().nullable(), orgName: z.string() })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const passwordChangeBody = z.object({
  oldPassword: z.string().min(1, "validation.required").max(64),
  newPassword: v.password,
  confirmPassword: v.password,
});

export const firstLoginBody = z.object({ newPassword: v.password, confirmPassword: v.password });

export const passwordCheckBody = z.object({ password: z.string().max(64) });
/** The password policy in force for one user (their organisation's, else the platform's). */
export const passwordPolicyInForce = z.object({
  minLength: z.number(),
  maxLength: z.number(),
  minDistinct: z.number(),
  expiryDays: z.number(),
  requireMixedCase: z.boolean().optional(),
});
export const passwordCheckResult = z.object({
  valid: z.boolean(),
  problems: z.array(z.string()),
  policy: passwordPolicyInForce,
});
/**
 * A reset link's or reset code's check: once it proves who resets, the policy of that account, so
 * the form shows the rules the new password must meet (a tenant's may differ from the platform's).
 */
export const resetCheckResult = z.object({ valid: z.boolean(), policy: passwordPolicyInForce.nullable() });

export const smsPurpose = z.enum(["register", "reset", "stepup"]);
export type SmsPurpose = z.infer<typeof smsPurpose>;

export const smsSendBody = z.object({
  phone: v.phone.optional(),
  purpose: smsPurpose,
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export const smsSendResult = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const smsCheckQuery = z.object({ phone: v.phone, smsCode: v.smsCode, purpose: smsPurpose });

export const emailPurpose = z.enum(["verify", "reset"]);
export const emailSendBody = z.object({
  email: v.email,
  purpose: emailPurpose,
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export const emailCheckQuery = z.object({ email: v.email, code: v.smsCode, purpose: emailPurpose });

export const captchaResult = z.object({ captchaId: z.string(), image: z.string() });

/** Whether a user name, e-mail or phone is taken (the user-management forms, signed in). */
export const existsQuery = z.object({
  field: z.enum(["account", "email", "mobile"]),
  value: z.string().trim().min(1).max(128),
});
/** The same look-up from the sign-up form: while captcha is open, with a rightly answered captcha. */
export const publicExistsQuery = existsQuery.extend({
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export type PublicExistsQuery = z.infer<typeof publicExistsQuery>;
export const existsResult = z.object({ exists: z.boolean() });

export const forgetBySmsBody = z.object({
  phone: v.phone,
  smsCode: v.smsCode,
  newPassword: v.password,
  confirmPassword: v.password,
});
export const forgetByEmailBody = z.object({ email: v.email });
export const resetCheckQuery = z.object({ token: z.string().min(10).max(200) });
export const resetPasswordBody = z.object({
  token: z.string().min(10).max(200),
  newPassword: v.password,
  confirmPassword: v.password,
});

export const stepUpVerifyBody = z.object({ smsCode: v.smsCode });
