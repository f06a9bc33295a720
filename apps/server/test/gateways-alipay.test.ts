// Alipay RSA2 adapter (pure): the signed alipay.trade.page.pay request, notification verification,
// amount rules and the ALIPAY_* configuration. Keys are generated here; nothing touches the network.
import { createPrivateKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  alipayAmount,
  alipayNotificationSignContent,
  alipayTimestamp,
  buildPagePayRequest,
  verifyNotification,
} from "../src/modules/finance/gateways/alipay";
import { GatewayInputError } from "../src/modules/finance/gateways/common";
import {
  DEFAULT_ALIPAY_GATEWAY_URL,
  enabledChannels,
  loadPaymentsConfig,
} from "../src/modules/finance/gateways/gateway-config";
import { loadConfig } from "../src/platform/config";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = rsa();
const alipay = rsa();
const stranger = rsa();

const APP_ID = "2021000000000001";
const config = {
  appId: APP_ID,
  privateKey: merchant.privateKey,
  gatewayUrl: DEFAULT_ALIPAY_GATEWAY_URL,
  alipayPublicKey: alipay.publicKey,
};

const example = {
  outTradeNo: "R20260315143000123456",
  totalAmount: "88.8",
  subject: "Skyledger top-up",
  notifyUrl: "https://pay.example.com/alipay/notify",
  returnUrl: "https://console.example.com/topups/R20260315143000123456",
  timestamp: new Date("2026-03-15T06:30:00Z"),
};

const EXAMPLE_SIGN_CONTENT =
  "app_id=2021000000000001" +
  '&biz_content={"out_trade_no":"R20260315143000123456","product_code":"FAST_INSTANT_TRADE_PAY",' +
  '"total_amount":"88.80","subject":"Skyledger top-up"}' +
  "&charset=utf-8&format=JSON&method=alipay.trade.page.pay" +
  "&notify_url=https://pay.example.com/alipay/notify" +
  "&return_url=https://console.example.com/topups/R20260315143000123456" +
  "&sign_type=RSA2&timestamp=2026-03-15 14:30:00&version=1.0";

// Alipay's side, written out independently of the adapter: sign every parameter except sign and
// sign_type, sorted by key, as `k=v` joined by `&`.
function alipaySigns(
  params: Record<string, string>,
  key: KeyObject = alipay.privateKey,
): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return { ...params, sign: sign("sha256", Buffer.from(content), key).toString("base64") };
}

const notification = (overrides: Record<string, string> = {}) => ({
  app_id: APP_ID,
  auth_app_id: APP_ID,
  buyer_id: "2088102177846880",
  charset: "utf-8",
  gmt_create: "2026-03-15 14:30:05",
  gmt_payment: "2026-03-15 14:30:12",
  notify_id: "2026031500222143012000000000000001",
  notify_time: "2026-03-15 14:30:13",
  notify_type: "trade_status_sync",
  out_trade_no: "R20260315143000123456",
  receipt_amount: "88.80",
  seller_id: "2088101117955611",
  subject: "Skyledger top-up",
  total_amount: "88.80",
  trade_no: "2026031522001400000000000001",
  trade_status: "TRADE_SUCCESS",
  version: "1.0",
  ...overrides,
});

describe("alipay.trade.page.pay request", () => {
  it("signs the worked example's string byte for byte", () => {
    const request = buildPagePayRequest(config, example);
    expect(request.signContent).toBe(EXAMPLE_SIGN_CONTENT);
    expect(
      verify(
        "sha256",
        Buffer.from(EXAMPLE_SIGN_CONTENT),
        merchant.publicKey,
        Buffer.from(request.params.sign!, "base64"),
      ),
    ).toBe(true);
    expect(request.params).toMatchObject({
      app_id: APP_ID,
      method: "alipay.trade.page.pay",
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: "2026-03-15 14:30:00",
      version: "1.0",
    });
    expect(JSON.parse(request.params.biz_content!)).toEqual({
      out_trade_no: "R20260315143000123456",
      product_code: "FAST_INSTANT_TRADE_PAY",
      total_amount: "88.80",
      subject: "Skyledger top-up",
    });
  });

  it("puts every signed parameter, URL-encoded, in the gateway URL", () => {
    const request = buildPagePayRequest(config, example);
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_ALIPAY_GATEWAY_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual(request.params);
    expect(request.url).not.toContain(" ");
  });

  it("accepts a PKCS#1 private key as well as PKCS#8, with identical signatures", () => {
    const pkcs1 = merchant.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const a = buildPagePayRequest(config, example);
    const b = buildPagePayRequest({ ...config, privateKey: createPrivateKey(pkcs1) }, example);
    expect(b.params.sign).toBe(a.params.sign);
  });

  it("formats the timestamp in Asia/Shanghai", () => {
    expect(alipayTimestamp(new Date("2026-12-31T16:00:00Z"))).toBe("2027-01-01 00:00:00");
    expect(alipayTimestamp(new Date("2026-07-01T03:04:05.999Z"))).toBe("2026-07-01 11:04:05");
  });

  it("refuses malformed orders", () => {
    expect(() => buildPagePayRequest(config, { ...example, totalAmount: "1.005" })).toThrow(
      GatewayInputError,
    );
    expect(() => buildPagePayRequest(config, { ...example, totalAmount: "0" })).toThrow(GatewayInputError);
    expect(() => buildPagePayRequest(config, { ...example, outTradeNo: "R-1" })).toThrow(GatewayInputError);
    expect(() => buildPagePayRequest(config, { ...example, subject: " " })).toThrow(GatewayInputError);
    expect(() => buildPagePayRequest(config, { ...example, notifyUrl: "notify" })).toThrow(GatewayInputError);
  });
});

describe("amounts", () => {
  it.each([
    ["0.01", "0.01"],
    ["1", "1.00"],
    ["88.8", "88.80"],
    ["10.00000", "10.00"],
    ["1.010", "1.01"],
    ["100000000.00", "100000000.00"],
  ])("%s yuan → total_amount %s", (yuan, expected) => {
    expect(alipayAmount(yuan)).toBe(expected);
  });

  it.each(["1.005", "0.001", "0", "0.00", "-1", "1e2", "", ".5", "1.", " 1", "100000000.01", "NaN"])(
    "refuses %j",
    (yuan) => {
      expect(alipayAmount(yuan)).toBeUndefined();
    },
  );
});

describe("notification verification", () => {
  it("has a worked example string: everything but sign and sign_type, sorted", () => {
    const params = {
      trade_status: "TRADE_SUCCESS",
      app_id: APP_ID,
      sign_type: "RSA2",
      sign: "x",
      total_amount: "0.01",
    };
    expect(alipayNotificationSignContent(params)).toBe(
      "app_id=2021000000000001&total_amount=0.01&trade_status=TRADE_SUCCESS",
    );
  });

  it("round trip: the order we built, paid, verifies as paid", () => {
    const request = buildPagePayRequest(config, { ...example, totalAmount: "0.01" });
    const biz = JSON.parse(request.params.biz_content!) as { out_trade_no: string; total_amount: string };
    const notice = alipaySigns(
      notification({ out_trade_no: biz.out_trade_no, total_amount: biz.total_amount }),
    );
    expect(verifyNotification(config, { ...notice, sign_type: "RSA2" })).toEqual({
      ok: true,
      outTradeNo: "R20260315143000123456",
      tradeNo: "2026031522001400000000000001",
      totalAmount: "0.01",
      status: "paid",
    });
  });

  it("maps the trade statuses", () => {
    const status = (trade_status: string) =>
      verifyNotification(config, alipaySigns(notification({ trade_status })));
    expect(status("TRADE_FINISHED")).toMatchObject({ ok: true, status: "paid" });
    expect(status("TRADE_CLOSED")).toMatchObject({ ok: true, status: "cancelled" });
    expect(status("WAIT_BUYER_PAY")).toEqual({ ok: false, reason: "pending" });
    expect(status("SOMETHING_ELSE")).toEqual({ ok: false, reason: "unknown_status" });
  });

  it("does not depend on the order the fields arrive in", () => {
    const signed = alipaySigns(notification());
    const reversed = Object.fromEntries(Object.entries(signed).reverse());
    expect(verifyNotification(config, reversed)).toMatchObject({ ok: true });
  });

  it("refuses a tampered amount", () => {
    const signed = alipaySigns(notification());
    expect(verifyNotification(config, { ...signed, total_amount: "8880.00" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a signature over the fields in another order than sorted", () => {
    const params = notification();
    const unsorted = Object.entries(params)
      .reverse()
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const signature = sign("sha256", Buffer.from(unsorted), alipay.privateKey).toString("base64");
    expect(verifyNotification(config, { ...params, sign: signature })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses values moved between fields", () => {
    const signed = alipaySigns(notification());
    const swapped = { ...signed, out_trade_no: signed.trade_no!, trade_no: signed.out_trade_no! };
    expect(verifyNotification(config, swapped)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses an extra parameter, even an empty one", () => {
    const signed = alipaySigns(notification());
    expect(verifyNotification(config, { ...signed, refund_fee: "88.80" })).toMatchObject({ ok: false });
    expect(verifyNotification(config, { ...signed, passback_params: "" })).toMatchObject({ ok: false });
  });

  it("refuses the wrong key", () => {
    expect(verifyNotification(config, alipaySigns(notification(), stranger.privateKey))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyNotification(config, alipaySigns(notification(), merchant.privateKey))).toMatchObject({
      ok: false,
    });
    const wrongPublic = { ...config, alipayPublicKey: merchant.publicKey };
    expect(verifyNotification(wrongPublic, alipaySigns(notification()))).toMatchObject({ ok: false });
  });

  it("refuses a notification for another app", () => {
    const signed = alipaySigns(notification({ app_id: "2021000000000999" }));
    expect(verifyNotification(config, signed)).toEqual({ ok: false, reason: "app_id_mismatch" });
  });

  it("refuses missing or malformed signatures and other sign types", () => {
    const signed = alipaySigns(notification());
    const { sign: _dropped, ...unsigned } = signed;
    expect(verifyNotification(config, unsigned)).toEqual({ ok: false, reason: "missing_signature" });
    expect(verifyNotification(config, { ...signed, sign: "not base64!" })).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(verifyNotification(config, { ...signed, sign: "AAAA" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyNotification(config, { ...signed, sign_type: "RSA" })).toEqual({
      ok: false,
      reason: "unsupported_sign_type",
    });
  });

  it("refuses signed notifications with missing fields or an unusable amount", () => {
    const { trade_no: _dropped, ...withoutTradeNo } = notification();
    expect(verifyNotification(config, alipaySigns(withoutTradeNo))).toEqual({
      ok: false,
      reason: "missing_field",
    });
    expect(verifyNotification(config, alipaySigns(notification({ total_amount: "1.005" })))).toEqual({
      ok: false,
      reason: "bad_amount",
    });
  });
});

describe("ALIPAY_* configuration", () => {
  const pem = (key: KeyObject, type: "pkcs8" | "pkcs1" | "spki") =>
    key.export({ type, format: "pem" }).toString();
  const full = {
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, "pkcs8"),
    ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, "spki"),
  };

  it("is off when nothing is set, without complaint", () => {
    expect(enabledChannels({})).toEqual({ alipay: false, unionpay: false });
    expect(loadPaymentsConfig({}).problems).toEqual([]);
  });

  it("is on when every variable is set and the keys parse", () => {
    expect(enabledChannels(full)).toEqual({ alipay: true, unionpay: false });
    const loaded = loadPaymentsConfig(full).alipay!;
    expect(loaded.appId).toBe(APP_ID);
    expect(loaded.gatewayUrl).toBe(DEFAULT_ALIPAY_GATEWAY_URL);
    expect(
      loadPaymentsConfig({
        ...full,
        ALIPAY_GATEWAY_URL: "https://openapi-sandbox.dl.alipaydev.com/gateway.do",
      }).alipay!.gatewayUrl,
    ).toBe("https://openapi-sandbox.dl.alipaydev.com/gateway.do");
  });

  it("takes keys as PKCS#1 PEM, one-line PEM with \\n escapes, bare base64 or a file path", () => {
    const der = (key: KeyObject, type: "pkcs8" | "spki") =>
      key.export({ type, format: "der" }).toString("base64");
    const dir = mkdtempSync(path.join(tmpdir(), "alipay-keys-"));
    writeFileSync(path.join(dir, "app_private.pem"), pem(merchant.privateKey, "pkcs1"));
    writeFileSync(path.join(dir, "alipay_public.txt"), der(alipay.publicKey, "spki"));
    const variants = [
      { ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, "pkcs1") },
      { ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, "pkcs8").replace(/\n/g, "\\n") },
      {
        ALIPAY_PRIVATE_KEY: der(merchant.privateKey, "pkcs8"),
        ALIPAY_PUBLIC_KEY: der(alipay.publicKey, "spki"),
      },
      { ALIPAY_PRIVATE_KEY: "app_private.pem", ALIPAY_PUBLIC_KEY: path.join(dir, "alipay_public.txt") },
    ];
    for (const variant of variants) {
      expect(enabledChannels({ ...full, ...variant }, dir)).toEqual({ alipay: true, unionpay: false });
    }
    const loaded = loadPaymentsConfig({ ...full, ...variants[3] }, dir).alipay!;
    const request = buildPagePayRequest({ ...loaded }, example);
    expect(
      verify(
        "sha256",
        Buffer.from(request.signContent),
        merchant.publicKey,
        Buffer.from(request.params.sign!, "base64"),
      ),
    ).toBe(true);
  });

  it.each([
    ["a missing app id", { ALIPAY_APP_ID: "" }],
    ["a missing private key", { ALIPAY_PRIVATE_KEY: undefined }],
    ["a missing public key", { ALIPAY_PUBLIC_KEY: " " }],
    [
      "a malformed private key",
      { ALIPAY_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----" },
    ],
    ["a truncated private key", { ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, "pkcs8").slice(0, 400) }],
    ["a malformed public key", { ALIPAY_PUBLIC_KEY: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" }],
    ["a public key where the private key belongs", { ALIPAY_PRIVATE_KEY: pem(alipay.publicKey, "spki") }],
    ["a private key where the public key belongs", { ALIPAY_PUBLIC_KEY: pem(alipay.privateKey, "pkcs8") }],
    ["a path that does not exist", { ALIPAY_PRIVATE_KEY: "/nonexistent/app_private.pem" }],
    ["a non-http gateway URL", { ALIPAY_GATEWAY_URL: "openapi.alipay.com" }],
  ])("is off with %s", (_label, override) => {
    const config = loadPaymentsConfig({ ...full, ...override });
    expect(config.alipay).toBeUndefined();
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(/^alipay off: ALIPAY_/);
    expect(config.problems[0]).not.toContain("BEGIN");
  });

  it("is read from the variables the application configuration hands over", () => {
    const handed = (env: Record<string, string>) => {
      const config = loadConfig(env, "/");
      return loadPaymentsConfig(config.paymentGateways, config.workDir);
    };
    expect(handed(full).alipay?.appId).toBe(APP_ID);
    expect(handed({})).toEqual({ alipay: undefined, unionpay: undefined, problems: [] });
  });
});
