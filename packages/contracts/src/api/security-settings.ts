// A tenant's security settings (page `set`, CH05 read, CH0501 write): password policy, lock-out
// policy, session lifetime and SMS step-up. The limits and their check are shared: the server
// refuses a value outside them with POLICY_INVALID, the web form shows the same bounds.
import { z } from "zod";
import type { PasswordPolicy } from "../validation";

export const TENANT_POLICY_LIMITS = {
  // Spec §5: 8 to 12 characters, some screens 8 to 20; a tenant may allow passphrases up to 64
  // (the longest password any form accepts).
  minLength: { min: 8, max: 20 },
  maxLength: { min: 8, max: 64 },
  minDistinct: { min: 1, max: 20 },
  expiryDays: { min: 0, max: 3650 },
  maxFailures: { min: 1, max: 100 },
  windowMinutes: { min: 1, max: 1440 },
  lockMinutes: { min: 1, max: 10_080 },
  sessionTtlMinutes: { min: 5, max: 1440 },
} as const;

export type PolicyField = keyof typeof TENANT_POLICY_LIMITS;

// Numbers are checked by policyProblems, not by zod, so that a bad value gets the policy's own
// message (POLICY_INVALID with the reason) rather than a generic parameter error.
const count = z.number();

export const passwordPolicyBody = z.object({
  minLength: count,
  maxLength: count,
  minDistinct: count,
  expiryDays: count,
  requireMixedCase: z.boolean(),
});
export type PasswordPolicyBody = z.infer<typeof passwordPolicyBody>;

export const lockoutPolicy = z.object({ maxFailures: count, windowMinutes: count, lockMinutes: count });
export type LockoutPolicyValues = z.infer<typeof lockoutPolicy>;

export const securitySettingsBody = z.object({
  lockoutPolicy,
  sessionTtlMinutes: count,
  stepUpEnabled: z.boolean(),
});
export type SecuritySettingsBody = z.infer<typeof securitySettingsBody>;

const changeInfo = {
  /** Whether the tenant set these values itself (otherwise the platform's are in force). */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const passwordPolicyView = z.object({
  policy: passwordPolicyBody,
  platform: passwordPolicyBody,
  ...changeInfo,
});
export type PasswordPolicyView = z.infer<typeof passwordPolicyView>;

export const securitySettingsView = securitySettingsBody.extend({
  platform: securitySettingsBody,
  ...changeInfo,
});
export type SecuritySettingsView = z.infer<typeof securitySettingsView>;

const LABELS: Record<PolicyField, { zh: string; en: string }> = {
  minLength: { zh: "密码最短长度", en: "the minimum password length" },
  maxLength: { zh: "密码最长长度", en: "the maximum password length" },
  minDistinct: { zh: "最少不同字符数", en: "the minimum number of distinct characters" },
  expiryDays: { zh: "密码有效期（天，0表示永不过期）", en: "the password expiry (days, 0 = never)" },
  maxFailures: { zh: "最大登录失败次数", en: "the maximum failed logins" },
  windowMinutes: { zh: "失败次数统计时间（分钟）", en: "the counting window (minutes)" },
  lockMinutes: { zh: "锁定时长（分钟）", en: "the lock duration (minutes)" },
  sessionTtlMinutes: { zh: "会话有效期（分钟）", en: "the session lifetime (minutes)" },
};

export type PolicyProblem = { field: PolicyField; zh: string; en: string };

function outOfRange(field: PolicyField, value: number): PolicyProblem | undefined {
  const { min, max } = TENANT_POLICY_LIMITS[field];
  if (Number.isInteger(value) && value >= min && value <= max) return undefined;
  const label = LABELS[field];
  return {
    field,
    zh: `${label.zh}须为${min}到${max}之间的整数`,
    en: `${label.en} must be a whole number from ${min} to ${max}`,
  };
}

/** What is wrong with a tenant's password policy; empty when it can be saved. */
export function passwordPolicyProblems(p: PasswordPolicy): PolicyProblem[] {
  const problems = (["minLength", "maxLength", "minDistinct", "expiryDays"] as const)
    .map((field) => outOfRange(field, p[field]))
    .filter((x): x is PolicyProblem => x !== undefined);
  if (problems.length) return problems;
  if (p.maxLength < p.minLength)
    problems.push({
      field: "maxLength",
      zh: "密码最长长度不能小于最短长度",
      en: "the maximum password length must not be below the minimum length",
    });
  // A password of the minimum length must be able to have that many different characters.
  if (p.minDistinct > p.minLength)
    problems.push({
      field: "minDistinct",
      zh: "最少不同字符数不能大于密码最短长度",
      en: "the minimum number of distinct characters must not exceed the minimum length",
    });
  return problems;
}

/** What is wrong with a tenant's lock-out policy and session lifetime; empty when they can be saved. */
export function securitySettingsProblems(s: SecuritySettingsBody): PolicyProblem[] {
  return [
    outOfRange("maxFailures", s.lockoutPolicy.maxFailures),
    outOfRange("windowMinutes", s.lockoutPolicy.windowMinutes),
    outOfRange("lockMinutes", s.lockoutPolicy.lockMinutes),
    outOfRange("sessionTtlMinutes", s.sessionTtlMinutes),
  ].filter((x): x is PolicyProblem => x !== undefined);
}

/** The problems as one reason in both languages (the POLICY_INVALID message's parameter). */
export function policyProblemText(problems: PolicyProblem[]): { zh: string; en: string } {
  return { zh: problems.map((p) => p.zh).join("；"), en: problems.map((p) => p.en).join("; ") };
}
