// Stand-ins for Alibaba Cloud's and Tencent Cloud's SMS APIs on loopback: each checks a request as
// its provider documents (every required parameter or header, the timestamp's window, the
// signature recomputed with the secret only the test and the provider know) and answers in the
// provider's own JSON. The signing functions they check with are pinned to the providers' published
// examples in sms-gateways.test.ts. `now` is the provider's clock: the test's, so that timestamps
// are checked against the time the test moves.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { aliyunSignature } from "../../src/platform/outbox/sms/aliyun-sms";
import { tc3Authorization } from "../../src/platform/outbox/sms/tencent-sms";

export type ReceivedSms = { phone: string; template: string; params: unknown; signName: string };

/** How the provider answers a number: accept, refuse it (a bad number), or ask to come back later. */
export type SmsBehaviour = "accept" | "refuse" | "throttle";

export type FakeSmsProvider = {
  url: string;
  received: ReceivedSms[];
  /** Signature or parameter problems the provider found (each answered with its error). */
  rejected: string[];
  behaviour: Map<string, SmsBehaviour>;
  close(): Promise<void>;
};

export const SMS_KEY = { id: "LTAI-test-key-id", secret: "test-secret/with+odd=chars" };

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => resolve(body));
  });

async function serve(
  handle: (req: IncomingMessage, body: string) => { status: number; json: unknown },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const answer = handle(req, await read(req));
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Alibaba Cloud dysmsapi 2017-05-25 SendSms, RPC style, form-encoded POST. */
export async function startAliyunSms(now: () => Date): Promise<FakeSmsProvider> {
  const received: ReceivedSms[] = [];
  const rejected: string[] = [];
  const behaviour = new Map<string, SmsBehaviour>();
  const nonces = new Set<string>();
  const error = (code: string, message: string) => {
    rejected.push(code);
    return { status: 400, json: { Code: code, Message: message, RequestId: "req-bad" } };
  };
  const server = await serve((req, body) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    const { Signature, ...params } = form;
    for (const name of ["AccessKeyId", "Action", "Format", "PhoneNumbers", "RegionId", "SignName"]) {
      if (!params[name]) return error("MissingParameter", `${name} is mandatory`);
    }
    if (params.Action !== "SendSms" || params.Version !== "2017-05-25")
      return error("InvalidAction", "bad action");
    if (params.SignatureMethod !== "HMAC-SHA1" || params.SignatureVersion !== "1.0")
      return error("InvalidSignatureMethod", "HMAC-SHA1 1.0 only");
    const sent = Date.parse(params.Timestamp ?? "");
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? "") ||
      Math.abs(now().getTime() - sent) > 15 * 60_000
    )
      return error("InvalidTimeStamp.Expired", "timestamp out of range");
    if (!params.SignatureNonce || nonces.has(params.SignatureNonce))
      return error("SignatureNonceUsed", "nonce used");
    nonces.add(params.SignatureNonce);
    if (params.AccessKeyId !== SMS_KEY.id) return error("InvalidAccessKeyId.NotFound", "no such key");
    if (req.method !== "POST" || Signature !== aliyunSignature("POST", params, SMS_KEY.secret))
      return error("SignatureDoesNotMatch", "signature mismatch");
    const phone = params.PhoneNumbers ?? "";
    received.push({
      phone,
      template: params.TemplateCode ?? "",
      params: JSON.parse(params.TemplateParam ?? "{}"),
      signName: params.SignName ?? "",
    });
    const mode = behaviour.get(phone) ?? "accept";
    if (mode === "refuse")
      return {
        status: 200,
        json: { Code: "isv.MOBILE_NUMBER_ILLEGAL", Message: "invalid number", RequestId: "req-2" },
      };
    if (mode === "throttle")
      return {
        status: 200,
        json: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "flow control", RequestId: "req-3" },
      };
    return {
      status: 200,
      json: { Code: "OK", Message: "OK", BizId: `biz-${received.length}`, RequestId: "req-1" },
    };
  });
  return { ...server, received, rejected, behaviour };
}

/** Tencent Cloud SMS API 3.0 SendSms 2021-01-11, JSON POST signed with TC3-HMAC-SHA256. */
export async function startTencentSms(now: () => Date): Promise<FakeSmsProvider> {
  const received: ReceivedSms[] = [];
  const rejected: string[] = [];
  const behaviour = new Map<string, SmsBehaviour>();
  const error = (code: string, message: string) => {
    rejected.push(code);
    return {
      status: 200,
      json: { Response: { Error: { Code: code, Message: message }, RequestId: "req-bad" } },
    };
  };
  const server = await serve((req, body) => {
    const h = req.headers;
    if (h["x-tc-action"] !== "SendSms" || h["x-tc-version"] !== "2021-01-11")
      return error("InvalidAction", "bad action or version");
    if (!h["x-tc-region"]) return error("MissingParameter", "X-TC-Region");
    const timestamp = Number(h["x-tc-timestamp"]);
    if (!Number.isInteger(timestamp) || Math.abs(now().getTime() / 1000 - timestamp) > 300)
      return error("AuthFailure.SignatureExpire", "signature expired");
    if (h["content-type"] !== "application/json; charset=utf-8")
      return error("InvalidParameter", "content type");
    const expected = tc3Authorization({
      secretId: SMS_KEY.id,
      secretKey: SMS_KEY.secret,
      service: "sms",
      host: h.host ?? "",
      timestamp,
      payload: body,
    }).authorization;
    if (h.authorization !== expected) return error("AuthFailure.SignatureFailure", "signature mismatch");
    const p = JSON.parse(body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet: unknown[];
    };
    if (!p.SmsSdkAppId || !p.TemplateId || !Array.isArray(p.PhoneNumberSet))
      return error("MissingParameter", "SmsSdkAppId, TemplateId, PhoneNumberSet");
    if (!p.TemplateParamSet.every((v) => typeof v === "string"))
      return error("InvalidParameterValue.TemplateParameterFormatError", "strings only");
    const phone = p.PhoneNumberSet[0] ?? "";
    if (!/^\+\d{6,15}$/.test(phone)) return error("InvalidParameterValue.IncorrectPhoneNumber", "E.164");
    received.push({ phone, template: p.TemplateId, params: p.TemplateParamSet, signName: p.SignName });
    const mode = behaviour.get(phone) ?? "accept";
    if (mode === "throttle")
      return {
        status: 200,
        json: {
          Response: {
            Error: { Code: "RequestLimitExceeded", Message: "too many requests" },
            RequestId: "req-3",
          },
        },
      };
    const status =
      mode === "refuse"
        ? { Code: "InvalidParameterValue.IncorrectPhoneNumber", Message: "incorrect number" }
        : { Code: "Ok", Message: "send success" };
    return {
      status: 200,
      json: {
        Response: {
          SendStatusSet: [{ ...status, SerialNo: `serial-${received.length}`, PhoneNumber: phone, Fee: 1 }],
          RequestId: "req-1",
        },
      },
    };
  });
  return { ...server, received, rejected, behaviour };
}
