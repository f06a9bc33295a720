// Tencent Cloud SMS (API 3.0, SendSms 2021-01-11), signed with TC3-HMAC-SHA256 as its API
// documents: a canonical request of the POST with its content type, host and payload hash; a
// string to sign with the timestamp and the credential scope date/service/tc3_request; a key
// derived from "TC3" + SecretKey by the date, the service and "tc3_request".
import { createHash, createHmac } from "node:crypto";
import type { Clock } from "../../clock";
import {
  notUnderstood,
  positionalParams,
  postToProvider,
  type SmsGateway,
  type SmsResult,
  type SmsSettings,
} from "./sms-gateway";

const CONTENT_TYPE = "application/json; charset=utf-8";
const SERVICE = "sms";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string | Buffer, text: string) => createHmac("sha256", key).update(text).digest();

export type Tc3Request = {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Seconds since the epoch, as sent in X-TC-Timestamp. */
  timestamp: number;
  payload: string;
};

/** The Authorization header of a JSON POST to `host`, and the signature in it. */
export function tc3Authorization(r: Tc3Request): { authorization: string; signature: string } {
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = "content-type;host";
  const canonicalRequest = [
    "POST",
    "/",
    "",
    `content-type:${CONTENT_TYPE}\nhost:${r.host}\n`,
    signedHeaders,
    sha256(r.payload),
  ].join("\n");
  const scope = `${date}/${r.service}/tc3_request`;
  const stringToSign = ["TC3-HMAC-SHA256", String(r.timestamp), scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), "tc3_request");
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${r.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** Error codes that mean "later": rate limits and the provider's own failures. */
const retryLater = (code: string) => code === "RequestLimitExceeded" || code.startsWith("InternalError");

/** Tencent Cloud wants E.164 numbers; a mainland number without a prefix gets +86. */
const e164 = (phone: string) => (phone.startsWith("+") ? phone : `+86${phone}`);

export function createTencentSms(settings: SmsSettings, clock: Clock): SmsGateway {
  const host = new URL(settings.endpoint).host;
  return {
    provider: "tencent",
    async send(phone, template): Promise<SmsResult> {
      const payload = JSON.stringify({
        PhoneNumberSet: [e164(phone)],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templates[template.key],
        TemplateParamSet: positionalParams(template),
      });
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const { authorization } = tc3Authorization({
        secretId: settings.accessKeyId,
        secretKey: settings.accessKeySecret,
        service: SERVICE,
        host,
        timestamp,
        payload,
      });
      const reply = await postToProvider(
        settings.endpoint,
        {
          authorization,
          "content-type": CONTENT_TYPE,
          "x-tc-action": "SendSms",
          "x-tc-version": "2021-01-11",
          "x-tc-timestamp": String(timestamp),
          "x-tc-region": settings.region,
        },
        payload,
      );
      if ("outcome" in reply) return reply;
      const answer = parse(reply.text);
      if (!answer) return notUnderstood(reply);
      const requestId = `RequestId ${answer.RequestId ?? "-"}`;
      if (answer.Error) {
        const summary = `${answer.Error.Code} · ${answer.Error.Message} · ${requestId}`;
        return { outcome: retryLater(answer.Error.Code) ? "unreachable" : "refused", answer: summary };
      }
      const status = answer.SendStatusSet?.[0];
      if (!status) return { outcome: "unreachable", answer: `no SendStatusSet · ${requestId}` };
      const summary = [
        status.Code,
        status.Message,
        status.SerialNo && `SerialNo ${status.SerialNo}`,
        requestId,
      ]
        .filter(Boolean)
        .join(" · ");
      if (status.Code === "Ok") return { outcome: "sent", answer: summary };
      return { outcome: retryLater(status.Code) ? "unreachable" : "refused", answer: summary };
    },
  };
}

type TencentAnswer = {
  RequestId?: string;
  Error?: { Code: string; Message: string };
  SendStatusSet?: { Code: string; Message?: string; SerialNo?: string }[];
};

function parse(text: string): TencentAnswer | undefined {
  try {
    const value = JSON.parse(text) as { Response?: TencentAnswer };
    return value && typeof value.Response === "object" ? value.Response : undefined;
  } catch {
    return undefined;
  }
}
