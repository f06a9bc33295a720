// Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms), signed as its RPC APIs document: the request's
// parameters sorted by name, each percent-encoded by RFC 3986, joined into the string to sign
// "POST&%2F&" + encode(query), HMAC-SHA1 with the AccessKey secret and "&", in base64.
import { createHmac, randomUUID } from "node:crypto";
import type { Clock } from "../../clock";
import {
  notUnderstood,
  postToProvider,
  type SmsGateway,
  type SmsResult,
  type SmsSettings,
} from "./sms-gateway";

/** RFC 3986 percent-encoding as Alibaba Cloud's signature needs it (also ! ' ( ) *). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonical query of `params`: sorted by name, names and values encoded. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? "")}`)
    .join("&");
}

/** The RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0) of `params` sent by `method`. */
export function aliyunSignature(
  method: "GET" | "POST",
  params: Record<string, string>,
  secret: string,
): string {
  const stringToSign = `${method}&${percentEncode("/")}&${percentEncode(canonicalQuery(params))}`;
  return createHmac("sha1", `${secret}&`).update(stringToSign).digest("base64");
}

/** Codes that mean "later", not "no": throttling and the provider's own failures. */
const RETRY_CODES = new Set([
  "Throttling",
  "Throttling.User",
  "isv.BUSINESS_LIMIT_CONTROL",
  "isp.SYSTEM_ERROR",
]);

/** Alibaba Cloud's timestamps: ISO 8601 in UTC, to the second. */
const timestamp = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export function createAliyunSms(settings: SmsSettings, clock: Clock): SmsGateway {
  return {
    provider: "aliyun",
    async send(phone, template): Promise<SmsResult> {
      const params: Record<string, string> = {
        AccessKeyId: settings.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        PhoneNumbers: phone.replace(/^\+86/, ""),
        RegionId: settings.region,
        SignName: settings.signName,
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        TemplateCode: settings.templates[template.key],
        TemplateParam: JSON.stringify(template.params),
        Timestamp: timestamp(clock.now()),
        Version: "2017-05-25",
      };
      const body = `Signature=${percentEncode(aliyunSignature("POST", params, settings.accessKeySecret))}&${canonicalQuery(params)}`;
      const reply = await postToProvider(
        settings.endpoint,
        { "content-type": "application/x-www-form-urlencoded" },
        body,
      );
      if ("outcome" in reply) return reply;
      const answer = parse(reply.text);
      if (!answer) return notUnderstood(reply);
      const summary = [
        answer.Code,
        answer.Message,
        answer.BizId && `BizId ${answer.BizId}`,
        `RequestId ${answer.RequestId}`,
      ]
        .filter(Boolean)
        .join(" · ");
      if (answer.Code === "OK") return { outcome: "sent", answer: summary };
      const later = reply.status >= 500 || RETRY_CODES.has(answer.Code ?? "");
      return { outcome: later ? "unreachable" : "refused", answer: summary };
    },
  };
}

type AliyunAnswer = { Code?: string; Message?: string; BizId?: string; RequestId?: string };

function parse(text: string): AliyunAnswer | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && "Code" in value ? (value as AliyunAnswer) : undefined;
  } catch {
    return undefined;
  }
}
