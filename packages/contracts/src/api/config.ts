import { z } from "zod";

/** System configuration keys of spec §3. */
export const CONFIG_KEYS = [
  "system.name",
  "system.version",
  "system.contact.number",
  "register.enable",
  "captcha.open",
  "session.expire.time",
  "audit.status.self.service",
  "logo.small",
  "logo.large",
  "email.enable",
  "industry.type",
  "password.policy",
  "lockout.policy",
  "sms.stepup.enable",
  "sms.stepup.operator.money",
  "finance.adjustment.approval.threshold",
  "finance.max.topup",
  "finance.max.manual.recharge",
  "finance.max.adjustment",
  "finance.max.voucher.face.value",
  "finance.max.credit.limit",
  "finance.max.coupon.value",
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * Money-control settings (issue 11 §5, §6): the four-eyes threshold and the maxima of every money
 * input. One platform administrator proposes a change, another approves it; PUT /configs refuses them.
 */
export const MONEY_CONTROL_KEYS = [
  "finance.adjustment.approval.threshold",
  "finance.max.topup",
  "finance.max.manual.recharge",
  "finance.max.adjustment",
  "finance.max.voucher.face.value",
  "finance.max.credit.limit",
  "finance.max.coupon.value",
] as const satisfies readonly ConfigKey[];
export type MoneyControlKey = (typeof MONEY_CONTROL_KEYS)[number];

export function isMoneyControlKey(key: string): key is MoneyControlKey {
  return (MONEY_CONTROL_KEYS as readonly string[]).includes(key);
}

export const configType = z.enum(["system", "register", "security", "display", "mail", "finance"]);
export type ConfigType = z.infer<typeof configType>;

export const configEntry = z.object({
  configKey: z.string(),
  configValue: z.string(),
  configType,
  description: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ConfigEntry = z.infer<typeof configEntry>;

export const configUpdate = z.object({
  entries: z.array(z.object({ configKey: z.enum(CONFIG_KEYS), configValue: z.string().max(300_000) })).min(1),
});

export const dictCategory = z.enum(["INDUSTRY_TYPE", "APPLICATION_SCENARIO", "PERSONNEL_SIZE"]);
export type DictCategory = z.infer<typeof dictCategory>;

export const dictItem = z.object({
  code: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  sort: z.number(),
});
export type DictItem = z.infer<typeof dictItem>;

export const policyKind = z.enum(["agreement", "privacy"]);
export type PolicyKind = z.infer<typeof policyKind>;

export const policyDocument = z.object({
  kind: policyKind,
  version: z.number().int(),
  contentZh: z.string(),
  contentEn: z.string(),
  publishedAt: z.string(),
});
export type PolicyDocument = z.infer<typeof policyDocument>;

export const policyPublish = z.object({
  kind: policyKind,
  contentZh: z.string().trim().min(1, "validation.required").max(200_000),
  contentEn: z.string().trim().min(1, "validation.required").max(200_000),
});

/** A proposed change of money-control settings, applied when a second platform administrator approves. */
export const configChangeCreate = z.object({
  entries: z
    .array(z.object({ configKey: z.enum(MONEY_CONTROL_KEYS), configValue: z.string().trim().max(32) }))
    .min(1)
    .max(MONEY_CONTROL_KEYS.length),
  reason: z.string().trim().min(2, "validation.reason").max(256, "validation.reason"),
});
export const configChangeRecord = z.object({
  id: z.string(),
  entries: z.array(
    z.object({ configKey: z.string(), configValue: z.string(), previousValue: z.string().nullable() }),
  ),
  reason: z.string(),
  status: z.enum(["pending_approval", "applied", "rejected"]),
  requestedBy: z.string(),
  requestedByAccount: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByAccount: z.string().nullable(),
  decisionRemark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ConfigChangeRecord = z.infer<typeof configChangeRecord>;
