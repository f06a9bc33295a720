// What the outbox needs of an SMS provider. Chinese SMS providers send only templates approved in
// advance (with the sender's signature), not free text: a message names one of three templates and
// fills its variables. The operator registers the three with the provider (docs/operations/sms.md)
// and gives their ids in SMS_TEMPLATE_CODE / _PASSWORD / _NOTICE.

/** The templates Skyledger sends, each with its variables in the order positional templates use. */
export const SMS_TEMPLATE_VARIABLES = {
  /** A one-time code: sign-up, sign-in step-up, password reset, phone change. */
  code: ["code"],
  /** A temporary password set by an administrator. */
  password: ["account", "password"],
  /** Any other notice: the text of the message in the recipient's language. */
  notice: ["content"],
} as const;

export type SmsTemplateKey = keyof typeof SMS_TEMPLATE_VARIABLES;

/** A message's template and the values of its variables, kept with the outbox row. */
export type SmsTemplate = { key: SmsTemplateKey; params: Record<string, string> };

/**
 * sent: the provider accepted it; refused: it answered no and asking again cannot help (bad number,
 * template, signature); unreachable: no answer, a server error or throttling: try again later.
 */
export type SmsOutcome = "sent" | "refused" | "unreachable";

/** The provider's verdict, with its answer (codes, message, request id) as the outbox shows it. */
export type SmsResult = { outcome: SmsOutcome; answer: string };

export type SmsGateway = {
  readonly provider: SmsProvider;
  send(phone: string, template: SmsTemplate): Promise<SmsResult>;
};

export const SMS_PROVIDERS = ["aliyun", "tencent"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export type SmsSettings = {
  provider: SmsProvider;
  /** Alibaba Cloud AccessKey ID / Tencent Cloud SecretId. */
  accessKeyId: string;
  /** Alibaba Cloud AccessKey secret / Tencent Cloud SecretKey. */
  accessKeySecret: string;
  /** The approved signature shown as 【…】 before every message. */
  signName: string;
  /** Tencent Cloud's SMS application (SmsSdkAppId); unused by Alibaba Cloud. */
  sdkAppId: string | undefined;
  region: string;
  /** The API's base URL (the provider's public endpoint unless SMS_ENDPOINT says otherwise). */
  endpoint: string;
  templates: Record<SmsTemplateKey, string>;
};

/** Each provider's public endpoint and default region. */
export const SMS_DEFAULTS: Record<SmsProvider, { endpoint: string; region: string }> = {
  aliyun: { endpoint: "https://dysmsapi.aliyuncs.com", region: "cn-hangzhou" },
  tencent: { endpoint: "https://sms.tencentcloudapi.com", region: "ap-guangzhou" },
};

/** A provider that does not answer within this time is treated as unreachable (tried again later). */
export const SMS_TIMEOUT_MS = 10_000;

/** The provider's HTTP answer, or the verdict on a call that got none (tried again later). */
export async function postToProvider(
  endpoint: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string } | SmsResult> {
  try {
    const res = await fetch(`${endpoint}/`, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { outcome: "unreachable", answer: err instanceof Error ? err.message : String(err) };
  }
}

/** An answer that is not the provider's JSON (a proxy's error page): tried again later. */
export const notUnderstood = (reply: { status: number; text: string }): SmsResult => ({
  outcome: "unreachable",
  answer: `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`,
});

/** The variables of `template` in its positional order (Tencent Cloud's {1}, {2}…). */
export function positionalParams(template: SmsTemplate): string[] {
  return SMS_TEMPLATE_VARIABLES[template.key].map((name) => template.params[name] ?? "");
}
