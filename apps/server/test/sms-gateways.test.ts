// SMS through real providers' APIs (issue 17 item 5): Alibaba Cloud SMS (RPC signature, HMAC-SHA1)
// and Tencent Cloud SMS (API 3.0, TC3-HMAC-SHA256). The signing functions are pinned to the
// examples the providers publish; the whole path — a code queued with the business change, the
// outbox delivering it after commit, the provider's answer kept for operators — runs against
// stand-ins of both APIs on loopback that check what the providers check.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTemporaryPassword } from "../src/modules/iam/temporary-password";
import { createMessaging } from "../src/platform/outbox/messaging";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { aliyunSignature } from "../src/platform/outbox/sms/aliyun-sms";
import { tc3Authorization } from "../src/platform/outbox/sms/tencent-sms";
import { DEMO, signedIn, TestClient } from "./support/client";
import { smsCodeFor, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { type FakeSmsProvider, SMS_KEY, startAliyunSms, startTencentSms } from "./support/sms-provider";

describe("the providers' published signature examples", () => {
  it("signs Alibaba Cloud's SendSms example as its SMS documentation does", () => {
    // The SMS API's signature example (secret testSecret): the Chinese sign name and the JSON
    // template parameter are both percent-encoded twice on the way into the string to sign.
    const params = {
      AccessKeyId: "testId",
      Action: "SendSms",
      Format: "XML",
      OutId: "123",
      PhoneNumbers: "15300000001",
      RegionId: "cn-hangzhou",
      SignName: "阿里云短信测试专用",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "45e25e9b-0a6f-4070-8c85-2956eda1b466",
      SignatureVersion: "1.0",
      TemplateCode: "SMS_71390007",
      TemplateParam: '{"customer":"test"}',
      Timestamp: "2017-07-12T02:42:19Z",
      Version: "2017-05-25",
    };
    expect(aliyunSignature("GET", params, "testSecret")).toBe("zJDF+Lrzhj/ThnlvIToysFRq6t4=");
  });

  it("signs the RPC signature example of Alibaba Cloud's API reference (a colon in the timestamp)", () => {
    const params = {
      AccessKeyId: "testid",
      Action: "DescribeRegions",
      Format: "XML",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf",
      SignatureVersion: "1.0",
      Timestamp: "2016-02-23T12:46:24Z",
      Version: "2014-05-26",
    };
    expect(aliyunSignature("GET", params, "testsecret")).toBe("OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
    // The method is part of what is signed.
    expect(aliyunSignature("POST", params, "testsecret")).not.toBe("OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
  });

  it("signs Tencent Cloud's TC3-HMAC-SHA256 example (DescribeInstances, 2019-02-25)", () => {
    // The example's payload exactly as the documentation hashes it (Python's json.dumps output).
    const payload =
      '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const example = {
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      timestamp: 1551113065,
      payload,
    };
    expect(tc3Authorization(example).authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, " +
        "SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
    // The documentation's later revision, with the key masked as written there.
    expect(tc3Authorization({ ...example, secretKey: "Gu5t9xGARNpq86cd98joQYCN3*******" }).signature).toBe(
      "2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c",
    );
  });
});

const TEMPLATES = {
  SMS_TEMPLATE_CODE: "SMS_CODE_1",
  SMS_TEMPLATE_PASSWORD: "SMS_PWD_2",
  SMS_TEMPLATE_NOTICE: "SMS_NOTE_3",
};

type Row = typeof outboxMessages.$inferSelect;

/** The outbox row of the latest message to `phone`. */
async function outboxRowFor(t: TestApp, phone: string): Promise<Row> {
  const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
  const row = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  if (!row) throw new Error(`nothing was queued for ${phone}`);
  return row;
}

/** Queues a notice SMS the way business code does: in a transaction, delivered after commit. */
async function queueNotice(t: TestApp, phone: string, body: string): Promise<void> {
  const messaging = createMessaging(t.database.db, t.clock);
  await t.database.db.transaction((tx) =>
    messaging.queueSms(tx, { recipient: phone, body, purpose: "order.completed" }),
  );
}

async function sendCode(t: TestApp, phone: string): Promise<string> {
  const sent = await new TestClient(t.app, t.clock).request("/api/common/sms/send_code", {
    method: "POST",
    body: { phone, purpose: "register" },
  });
  expect(sent.status).toBe(200);
  return smsCodeFor(t, phone, "register");
}

describe.each([
  {
    provider: "aliyun",
    start: startAliyunSms,
    env: {} as Record<string, string>,
    phoneAsSent: (p: string) => p,
    params: (names: Record<string, string>) => names,
  },
  {
    provider: "tencent",
    start: startTencentSms,
    env: { SMS_SDK_APP_ID: "1400000001" },
    phoneAsSent: (p: string) => `+86${p}`,
    // Tencent Cloud's templates take their variables by position ({1}, {2}).
    params: (names: Record<string, string>) => Object.values(names),
  },
])("SMS through $provider", ({ provider, start, env, phoneAsSent, params }) => {
  let t: TestApp;
  let gateway: FakeSmsProvider;

  beforeAll(async () => {
    gateway = await start(() => t.clock.now());
    t = await startTestApp({
      SMS_PROVIDER: provider,
      SMS_ENDPOINT: gateway.url,
      SMS_ACCESS_KEY_ID: SMS_KEY.id,
      SMS_ACCESS_KEY_SECRET: SMS_KEY.secret,
      SMS_SIGN_NAME: "Skyledger",
      ...TEMPLATES,
      ...env,
    });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  it("sends a sign-up code with the code template after the transaction commits", async () => {
    const phone = uniquePhone();
    const code = await sendCode(t, phone);
    // Queued, not sent: the request's transaction commits before anything leaves.
    expect(gateway.received.filter((m) => m.phone === phoneAsSent(phone))).toHaveLength(0);
    await t.app.outbox.deliverDue();
    expect(gateway.rejected).toEqual([]);
    expect(gateway.received.filter((m) => m.phone === phoneAsSent(phone))).toEqual([
      { phone: phoneAsSent(phone), template: "SMS_CODE_1", params: params({ code }), signName: "Skyledger" },
    ]);
    const row = await outboxRowFor(t, phone);
    expect(row).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(row.gatewayAnswer).toMatch(
      /^(OK · OK · BizId biz-\d+|Ok · send success · SerialNo serial-\d+) · RequestId req-1$/,
    );
  });

  it("sends any other notice with the notice template, without the 【Skyledger】 prefix the signature adds", async () => {
    const phone = uniquePhone();
    await queueNotice(t, phone, "【Skyledger】您的订单 O-1 已开通。");
    await t.app.outbox.deliverDue();
    expect(
      gateway.received.filter((m) => m.phone === phoneAsSent(phone)).map((m) => [m.template, m.params]),
    ).toEqual([["SMS_NOTE_3", params({ content: "您的订单 O-1 已开通。" })]]);
    expect((await outboxRowFor(t, phone)).status).toBe("sent");
  });

  it("sends an administrator's temporary password with the password template (account, then password)", async () => {
    const phone = uniquePhone();
    const messaging = createMessaging(t.database.db, t.clock);
    await t.database.db.transaction((tx) =>
      sendTemporaryPassword(tx, messaging, { account: "alice", mobile: phone }, "Tmp@2026xy", "en-US"),
    );
    await t.app.outbox.deliverDue();
    expect(
      gateway.received.filter((m) => m.phone === phoneAsSent(phone)).map((m) => [m.template, m.params]),
    ).toEqual([["SMS_PWD_2", params({ account: "alice", password: "Tmp@2026xy" })]]);
  });

  it("fails a number the provider refuses at once, keeping its answer, and does not try again", async () => {
    const phone = uniquePhone();
    gateway.behaviour.set(phoneAsSent(phone), "refuse");
    await queueNotice(t, phone, "notice");
    await t.app.outbox.deliverDue();
    const row = await outboxRowFor(t, phone);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 1,
      error: `${provider}: refused`,
      nextAttemptAt: null,
    });
    expect(row.gatewayAnswer).toMatch(/MOBILE_NUMBER_ILLEGAL|IncorrectPhoneNumber/);
    t.clock.advanceMinutes(60);
    await t.app.outbox.deliverDue();
    expect(gateway.received.filter((m) => m.phone === phoneAsSent(phone))).toHaveLength(1);
  });

  it("tries a throttled message again after a minute and records the provider's final answer", async () => {
    const phone = uniquePhone();
    gateway.behaviour.set(phoneAsSent(phone), "throttle");
    await queueNotice(t, phone, "notice");
    await t.app.outbox.deliverDue();
    const waiting = await outboxRowFor(t, phone);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, error: `${provider}: unreachable` });
    expect(waiting.gatewayAnswer).toMatch(/BUSINESS_LIMIT_CONTROL|RequestLimitExceeded/);
    expect(waiting.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 60_000);

    gateway.behaviour.set(phoneAsSent(phone), "accept");
    await t.app.outbox.deliverDue(); // not due yet
    expect((await outboxRowFor(t, phone)).attempts).toBe(1);
    t.clock.advanceMinutes(1);
    await t.app.outbox.deliverDue();
    expect(await outboxRowFor(t, phone)).toMatchObject({ status: "sent", attempts: 2, error: null });
  });

  it("shows operators each message's delivery state and the provider's answer", async () => {
    const phone = uniquePhone();
    await sendCode(t, phone);
    await t.app.outbox.deliverDue();
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    const res = await admin.request<{
      list: { recipient: string; status: string; gatewayAnswer: string | null; attempts: number }[];
    }>("/api/ops/outbox", { query: { channel: "sms", recipient: phone } });
    expect(res.status).toBe(200);
    expect(res.body.data.list).toEqual([
      expect.objectContaining({
        recipient: phone,
        status: "sent",
        attempts: 1,
        gatewayAnswer: expect.stringMatching(/RequestId req-1$/),
      }),
    ]);
  });
});

describe("SMS with a wrong secret", () => {
  it("is refused by the provider's signature check and marked failed with its answer", async () => {
    let now = () => new Date();
    const gateway = await startTencentSms(() => now());
    const t = await startTestApp({
      SMS_PROVIDER: "tencent",
      SMS_ENDPOINT: gateway.url,
      SMS_ACCESS_KEY_ID: SMS_KEY.id,
      SMS_ACCESS_KEY_SECRET: "not-the-secret",
      SMS_SIGN_NAME: "Skyledger",
      SMS_SDK_APP_ID: "1400000001",
      ...TEMPLATES,
    });
    now = () => t.clock.now();
    try {
      const phone = uniquePhone();
      await queueNotice(t, phone, "notice");
      await t.app.outbox.deliverDue();
      expect(gateway.rejected).toEqual(["AuthFailure.SignatureFailure"]);
      expect(gateway.received).toEqual([]);
      const row = await outboxRowFor(t, phone);
      expect(row).toMatchObject({ status: "failed", error: "tencent: refused" });
      expect(row.gatewayAnswer).toMatch(
        /^AuthFailure\.SignatureFailure · signature mismatch · RequestId req-bad$/,
      );
    } finally {
      await t.close();
      await gateway.close();
    }
  });
});
