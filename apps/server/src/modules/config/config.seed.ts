// Spec §3 system configuration entries and the §2 sign-up dictionaries, inserted when missing.
import type { ConfigKey, ConfigType, DictCategory, MoneyControlKey } from "@skyledger/contracts";
import { DEFAULT_PASSWORD_POLICY } from "@skyledger/contracts";

export const DEFAULT_LOCKOUT_POLICY = { maxFailures: 5, windowMinutes: 15, lockMinutes: 30 };

type Entry = { key: ConfigKey; value: string; type: ConfigType; isPublic: boolean; description: string };

export function defaultConfigEntries(sessionTtlMinutes: number): Entry[] {
  return [
    { key: "system.name", value: "Skyledger", type: "system", isPublic: true, description: "System name" },
    { key: "system.version", value: "1.0.0", type: "system", isPublic: true, description: "System version" },
    {
      key: "system.contact.number",
      value: "400-820-8820",
      type: "system",
      isPublic: true,
      description: "Contact number",
    },
    {
      key: "register.enable",
      value: "true",
      type: "register",
      isPublic: true,
      description: "Register enable",
    },
    { key: "captcha.open", value: "false", type: "register", isPublic: true, description: "Captcha open" },
    {
      key: "session.expire.time",
      value: String(sessionTtlMinutes),
      type: "security",
      isPublic: true,
      description: "Session expire time (minutes)",
    },
    {
      key: "audit.status.self.service",
      value: "true",
      type: "system",
      isPublic: false,
      description: "Audit status for self service",
    },
    { key: "logo.small", value: "", type: "display", isPublic: true, description: "Small logo" },
    { key: "logo.large", value: "", type: "display", isPublic: true, description: "Large logo" },
    { key: "email.enable", value: "true", type: "mail", isPublic: true, description: "Email enable" },
    {
      key: "industry.type",
      value: "INDUSTRY_TYPE",
      type: "register",
      isPublic: true,
      description: "Industry type dictionary",
    },
    {
      key: "password.policy",
      value: JSON.stringify(DEFAULT_PASSWORD_POLICY),
      type: "security",
      // Sign-up and password reset pages show the rules before anyone signs in.
      isPublic: true,
      description: "Password policy",
    },
    {
      key: "lockout.policy",
      value: JSON.stringify(DEFAULT_LOCKOUT_POLICY),
      type: "security",
      isPublic: false,
      description: "Lock-out policy",
    },
    {
      key: "sms.stepup.enable",
      value: "true",
      type: "security",
      isPublic: false,
      description: "SMS step-up on sensitive actions",
    },
    {
      // Off by default: a platform that turns it on wants every money action of an operator
      // confirmed by a code sent to that operator's own phone (issue 19 §2).
      key: "sms.stepup.operator.money",
      value: "false",
      type: "security",
      isPublic: false,
      description: "SMS step-up on operators' money actions",
    },
    ...MONEY_CONTROL_ENTRIES.map((e) => ({ ...e, type: "finance" as const, isPublic: false })),
  ];
}

/**
 * Money-control settings and their defaults (docs/security.md). The threshold counts everything one
 * operator gives or takes from one tenant within 24 hours; each maximum bounds one money input.
 */
export const MONEY_CONTROL_ENTRIES: { key: MoneyControlKey; value: string; description: string }[] = [
  {
    key: "finance.adjustment.approval.threshold",
    value: "10000.00000",
    description:
      "Four-eyes threshold (yuan): when what one operator adjusts, recharges manually or issues as vouchers to one tenant within 24 hours exceeds it, a second operator must approve",
  },
  { key: "finance.max.topup", value: "1000000.00000", description: "Largest single online top-up (yuan)" },
  {
    key: "finance.max.manual.recharge",
    value: "10000000.00000",
    description: "Largest single manual recharge (yuan)",
  },
  {
    key: "finance.max.adjustment",
    value: "1000000.00000",
    description: "Largest single balance adjustment, up or down (yuan)",
  },
  {
    key: "finance.max.voucher.face.value",
    value: "100000.00000",
    description: "Largest face value of a cash voucher (yuan)",
  },
  { key: "finance.max.credit.limit", value: "1000000.00000", description: "Largest credit limit (yuan)" },
  { key: "finance.max.coupon.value", value: "100000.00000", description: "Largest value of a coupon (yuan)" },
];

type DictRow = { code: string; zh: string; en: string };

export const DICTIONARIES: Record<DictCategory, DictRow[]> = {
  INDUSTRY_TYPE: [
    { code: "internet", zh: "互联网", en: "Internet" },
    { code: "ai", zh: "人工智能", en: "Artificial intelligence" },
    { code: "research", zh: "科研院所", en: "Research institute" },
    { code: "education", zh: "教育", en: "Education" },
    { code: "finance", zh: "金融", en: "Finance" },
    { code: "manufacturing", zh: "制造业", en: "Manufacturing" },
    { code: "healthcare", zh: "医疗健康", en: "Healthcare" },
    { code: "energy", zh: "能源", en: "Energy" },
    { code: "government", zh: "政府与公共事业", en: "Government and public sector" },
    { code: "other", zh: "其他", en: "Other" },
  ],
  APPLICATION_SCENARIO: [
    { code: "model_training", zh: "模型训练", en: "Model training" },
    { code: "inference", zh: "推理服务", en: "Inference serving" },
    { code: "hpc_simulation", zh: "高性能计算仿真", en: "HPC simulation" },
    { code: "data_analysis", zh: "数据分析", en: "Data analysis" },
    { code: "web_hosting", zh: "网站与应用托管", en: "Web and application hosting" },
    { code: "rendering", zh: "渲染", en: "Rendering" },
    { code: "other", zh: "其他", en: "Other" },
  ],
  PERSONNEL_SIZE: [
    { code: "1-20", zh: "1-20人", en: "1-20 people" },
    { code: "21-100", zh: "21-100人", en: "21-100 people" },
    { code: "101-500", zh: "101-500人", en: "101-500 people" },
    { code: "501-1000", zh: "501-1000人", en: "501-1000 people" },
    { code: "1000+", zh: "1000人以上", en: "More than 1000 people" },
  ],
};

export const DEFAULT_AGREEMENT = {
  zh: "Skyledger 最终用户协议\n\n1. 您在注册和使用本平台时应提供真实、准确的信息，并完成实名或企业认证后方可开通服务。\n2. 您应妥善保管账号、密码和访问密钥，因保管不善造成的损失由您承担。\n3. 预付费资源按所选周期计费，后付费资源按实际使用时长计费；费用以账单为准。\n4. 您不得利用本平台从事违法违规活动。\n5. 平台可在提前通知后更新本协议，更新后需要您重新确认。",
  en: "Skyledger End User Agreement\n\n1. You provide true and accurate information when registering and using the platform, and pass real-name or enterprise verification before services are provisioned.\n2. You keep your account, password and access keys safe; losses from careless custody are yours.\n3. Prepaid resources are charged per chosen period and postpaid resources per hour used; the bills are authoritative.\n4. You must not use the platform for unlawful activity.\n5. The platform may update this agreement after notice; you will be asked to accept the new version.",
};

export const DEFAULT_PRIVACY = {
  zh: "Skyledger 隐私声明\n\n我们收集您注册时提供的账号、公司、联系方式以及认证资料，仅用于提供、计费和保障服务安全。\n我们不会向第三方出售您的个人信息；法律法规要求的情形除外。\n您可以在个人中心查看和更正您的信息，或联系我们注销账号。",
  en: "Skyledger Privacy Statement\n\nWe collect the account, company, contact details and verification documents you provide, only to deliver, bill and secure the service.\nWe do not sell your personal information to third parties, except where the law requires disclosure.\nYou can review and correct your information in your profile, or contact us to close your account.",
};
