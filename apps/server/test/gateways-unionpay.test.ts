// UnionPay ACP 5.1.0 adapter (pure, signMethod 01): the signed front consumption form, back-end
// notification verification, fen conversion and the UNIONPAY_* configuration. Keys are generated
// here; nothing touches the network.
import { createHash, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GatewayInputError } from "../src/modules/finance/gateways/common";
import {
  DEFAULT_UNIONPAY_FRONT_URL,
  enabledChannels,
  loadPaymentsConfig,
} from "../src/modules/finance/gateways/gateway-config";
import {
  buildFrontPayRequest,
  unionpaySignContent,
  unionpayTxnAmt,
  unionpayTxnTime,
  verifyNotification,
} from "../src/modules/finance/gateways/unionpay";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = rsa();
const unionpay = rsa();
const stranger = rsa();

const MER_ID = "777290058110048";
const config = {
  merId: MER_ID,
  certId: "69629715588",
  privateKey: merchant.privateKey,
  frontUrl: DEFAULT_UNIONPAY_FRONT_URL,
  unionpayPublicKey: unionpay.publicKey,
};

const example = {
  orderId: "R20260315143000123456",
  txnAmt: "88.8",
  txnTime: new Date("2026-03-15T06:30:00Z"),
  backUrl: "https://pay.example.com/unionpay/notify",
  frontUrl: "https://console.example.com/topups/R20260315143000123456",
};

const EXAMPLE_SIGN_CONTENT =
  "accessType=0&backUrl=https://pay.example.com/unionpay/notify&bizType=000201&certId=69629715588" +
  "&channelType=07&currencyCode=156&encoding=UTF-8" +
  "&frontUrl=https://console.example.com/topups/R20260315143000123456" +
  "&merId=777290058110048&orderId=R20260315143000123456&signMethod=01&txnAmt=8880&txnSubType=01" +
  "&txnTime=20260315143000&txnType=01&version=5.1.0";
const EXAMPLE_DIGEST = "2a142e4630dde5f753d1c46ad0c088cc0763e5ee2a472f300daa118a9d7efc90";

// UnionPay's side, written out independently of the adapter: sorted fields except signature,
// SHA-256 hex of that, SHA256withRSA over the hex text, base64.
function unionpaySigns(
  fields: Record<string, string>,
  key: KeyObject = unionpay.privateKey,
): Record<string, string> {
  const content = Object.keys(fields)
    .filter((k) => k !== "signature")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
  const digest = createHash("sha256").update(content).digest("hex");
  return { ...fields, signature: sign("sha256", Buffer.from(digest), key).toString("base64") };
}

const notification = (overrides: Record<string, string> = {}) => ({
  accessType: "0",
  bizType: "000201",
  currencyCode: "156",
  encoding: "UTF-8",
  merId: MER_ID,
  orderId: "R20260315143000123456",
  queryId: "772603151430001234568",
  respCode: "00",
  respMsg: "success",
  settleAmt: "8880",
  settleCurrencyCode: "156",
  settleDate: "0315",
  signMethod: "01",
  signPubKeyCert: "-----BEGIN CERTIFICATE-----MIIE...-----END CERTIFICATE-----",
  traceNo: "123456",
  traceTime: "0315143012",
  txnAmt: "8880",
  txnSubType: "01",
  txnTime: "20260315143000",
  txnType: "01",
  version: "5.1.0",
  ...overrides,
});

describe("front consumption request (frontTransReq)", () => {
  it("signs the worked example: sorted string, its SHA-256 hex, RSA-SHA256 over that hex", () => {
    const request = buildFrontPayRequest(config, example);
    expect(request.signContent).toBe(EXAMPLE_SIGN_CONTENT);
    expect(request.digest).toBe(EXAMPLE_DIGEST);
    expect(
      verify(
        "sha256",
        Buffer.from(EXAMPLE_DIGEST),
        merchant.publicKey,
        Buffer.from(request.fields.signature!, "base64"),
      ),
    ).toBe(true);
    // The signature is over the hex text, not over the sorted string itself.
    expect(
      verify(
        "sha256",
        Buffer.from(EXAMPLE_SIGN_CONTENT),
        merchant.publicKey,
        Buffer.from(request.fields.signature!, "base64"),
      ),
    ).toBe(false);
    expect(request.action).toBe(DEFAULT_UNIONPAY_FRONT_URL);
    expect(request.fields).toMatchObject({
      version: "5.1.0",
      encoding: "UTF-8",
      txnType: "01",
      txnSubType: "01",
      bizType: "000201",
      channelType: "07",
      accessType: "0",
      currencyCode: "156",
      merId: MER_ID,
      certId: "69629715588",
      signMethod: "01",
      txnAmt: "8880",
      txnTime: "20260315143000",
    });
  });

  it("formats txnTime in Asia/Shanghai", () => {
    expect(unionpayTxnTime(new Date("2026-12-31T16:00:00Z"))).toBe("20270101000000");
    expect(unionpayTxnTime(new Date("2026-07-01T03:04:05.999Z"))).toBe("20260701110405");
  });

  it("refuses malformed orders", () => {
    expect(() => buildFrontPayRequest(config, { ...example, txnAmt: "1.005" })).toThrow(GatewayInputError);
    expect(() => buildFrontPayRequest(config, { ...example, txnAmt: "0.00" })).toThrow(GatewayInputError);
    expect(() => buildFrontPayRequest(config, { ...example, orderId: "R_2026031514" })).toThrow(
      GatewayInputError,
    );
    expect(() => buildFrontPayRequest(config, { ...example, orderId: "R1" })).toThrow(GatewayInputError);
    expect(() => buildFrontPayRequest(config, { ...example, backUrl: "" })).toThrow(GatewayInputError);
  });
});

describe("txnAmt in fen", () => {
  it.each([
    ["0.01", "1"],
    ["0.1", "10"],
    ["1", "100"],
    ["88.8", "8880"],
    ["10.00000", "1000"],
    ["9999999999.99", "999999999999"],
  ])("%s yuan → %s fen", (yuan, fen) => {
    expect(unionpayTxnAmt(yuan)).toBe(fen);
  });

  it.each(["1.005", "0.009", "0", "-0.01", "1e2", "", "1,00", "10000000000.00"])("refuses %j", (yuan) => {
    expect(unionpayTxnAmt(yuan)).toBeUndefined();
  });
});

describe("back-end notification verification", () => {
  it("has a worked example string: every field except signature, sorted, empty ones kept", () => {
    expect(unionpaySignContent({ txnAmt: "1", signature: "x", merId: MER_ID, reserved: "" })).toBe(
      "merId=777290058110048&reserved=&txnAmt=1",
    );
  });

  it("round trip: the order we built, paid, verifies as paid", () => {
    const request = buildFrontPayRequest(config, { ...example, txnAmt: "0.01" });
    const notice = unionpaySigns(
      notification({ orderId: request.fields.orderId!, txnAmt: request.fields.txnAmt!, settleAmt: "1" }),
    );
    expect(verifyNotification(config, notice)).toEqual({
      ok: true,
      orderId: "R20260315143000123456",
      queryId: "772603151430001234568",
      txnAmt: "1",
      amount: "0.01",
      respCode: "00",
      status: "paid",
    });
  });

  it("maps the response codes", () => {
    const withCode = (respCode: string) =>
      verifyNotification(config, unionpaySigns(notification({ respCode, respMsg: `code ${respCode}` })));
    expect(withCode("A6")).toMatchObject({ ok: true, status: "paid", respCode: "A6" });
    expect(withCode("03")).toEqual({
      ok: false,
      reason: "payment_failed",
      respCode: "03",
      respMsg: "code 03",
    });
    expect(withCode("34")).toMatchObject({ ok: false, reason: "payment_failed" });
  });

  it("does not depend on the order the fields arrive in", () => {
    const reversed = Object.fromEntries(Object.entries(unionpaySigns(notification())).reverse());
    expect(verifyNotification(config, reversed)).toMatchObject({ ok: true });
  });

  it("refuses a tampered amount", () => {
    const signed = unionpaySigns(notification());
    expect(verifyNotification(config, { ...signed, txnAmt: "888000" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a signature over the fields in another order than sorted", () => {
    const fields = notification();
    const unsorted = Object.entries(fields)
      .reverse()
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const digest = createHash("sha256").update(unsorted).digest("hex");
    const signature = sign("sha256", Buffer.from(digest), unionpay.privateKey).toString("base64");
    expect(verifyNotification(config, { ...fields, signature })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a signature over the sorted string itself instead of its digest", () => {
    const fields = notification();
    const content = unionpaySignContent(fields);
    const signature = sign("sha256", Buffer.from(content), unionpay.privateKey).toString("base64");
    expect(verifyNotification(config, { ...fields, signature })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses values moved between fields", () => {
    const signed = unionpaySigns(notification());
    const swapped = { ...signed, txnAmt: signed.traceNo!, traceNo: signed.txnAmt! };
    expect(verifyNotification(config, swapped)).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses an extra field, even an empty one", () => {
    const signed = unionpaySigns(notification());
    expect(verifyNotification(config, { ...signed, reqReserved: "x" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(verifyNotification(config, { ...signed, reqReserved: "" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses the wrong key", () => {
    expect(verifyNotification(config, unionpaySigns(notification(), stranger.privateKey))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    const wrongPublic = { ...config, unionpayPublicKey: merchant.publicKey };
    expect(verifyNotification(wrongPublic, unionpaySigns(notification()))).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("refuses a notification for another merchant", () => {
    const signed = unionpaySigns(notification({ merId: "777290058110099" }));
    expect(verifyNotification(config, signed)).toEqual({ ok: false, reason: "mer_id_mismatch" });
  });

  it("refuses missing or malformed signatures and other sign methods", () => {
    const signed = unionpaySigns(notification());
    const { signature: _dropped, ...unsigned } = signed;
    expect(verifyNotification(config, unsigned)).toEqual({ ok: false, reason: "missing_signature" });
    expect(verifyNotification(config, { ...signed, signature: "@@@@" })).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(verifyNotification(config, unionpaySigns(notification({ signMethod: "11" })))).toEqual({
      ok: false,
      reason: "unsupported_sign_method",
    });
  });

  it("refuses signed notifications with missing fields or an unusable amount", () => {
    const { queryId: _dropped, ...withoutQueryId } = notification();
    expect(verifyNotification(config, unionpaySigns(withoutQueryId))).toEqual({
      ok: false,
      reason: "missing_field",
    });
    expect(verifyNotification(config, unionpaySigns(notification({ txnAmt: "88.80" })))).toEqual({
      ok: false,
      reason: "bad_amount",
    });
    expect(verifyNotification(config, unionpaySigns(notification({ txnAmt: "0" })))).toEqual({
      ok: false,
      reason: "bad_amount",
    });
  });
});

// A throwaway self-signed certificate (CN=t), standing in for UnionPay's verification certificate.
const CERTIFICATE = [
  "-----BEGIN CERTIFICATE-----",
  "MIIC+TCCAeGgAwIBAgIUIEznwFsyC43Y8L7HVHNifjikpScwDQYJKoZIhvcNAQEL",
  "BQAwDDEKMAgGA1UEAwwBdDAeFw0yNjExMjIwMzExNDBaFw0yNjExMjMwMzExNDBa",
  "MAwxCjAIBgNVBAMMAXQwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQC4",
  "4y4uxdFCUBij/p4J93shucEJW9Z0KXJynUJ9dcJaVAsQCPwin16MIYX4Ykjp6Ez2",
  "DH2XZ/GtrAwdzIfOSmTjp2Yxc37R24DoN6bpADPiTXEnqtd7aO6Bzdiy+1QLjxA1",
  "mfx4bqZHUNbDD34bzxgTiXQfFpYjH/mWVKjCl6K4q2Ax9GLQBtMshpbpQc59GbvT",
  "JlOOqUmkWWTe2bHumgrMp5Tn51YyZQuG1MQNyeo47MrZb3LAZPt8poiV/+6/Cf13",
  "TC156adOTapoLZn2C3mz9PPKPaEGg1cko+e3jGCGwkLMpcQz8ew6lczbZ2CSIzF8",
  "5jDYcCjYqtucNF82WzXTAgMBAAGjUzBRMB0GA1UdDgQWBBRZV2RxTJOp5Rlb53+k",
  "YCc+dDEYGjAfBgNVHSMEGDAWgBRZV2RxTJOp5Rlb53+kYCc+dDEYGjAPBgNVHRMB",
  "Af8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQCgnq4h8REGSBJETWaybZba/g6Q",
  "z7XpAblPeP2LlDgMTM9OMpNiQumaUrPqC82HXVoVP9m7z5peat3ofh+/X/gYfy10",
  "iEd+2kCqTgCl87UvkFHNM5GVeAsjd1KLhtgE2H325ZZ6wyOdmdqz1lo4gLQFBs8N",
  "E+bXriFpK+j0ION5VDxDRPg6k5kH9way9k8ZzL6BzoeQOr2ypzCSMA/sJ1mHTY+d",
  "nWDFZdtG6dsIxcI2qNdidth20hSEQM6ZvE1kSid58vMdf5+MdigYwdwtOqHcPqD7",
  "CPIEWkWMFsWFnObtBT5bryNEF5NVlc15VrouLc9J8J5e/ozzY0aPgwRCUTbP",
  "-----END CERTIFICATE-----",
].join("\n");

describe("UNIONPAY_* configuration", () => {
  const pem = (key: KeyObject, type: "pkcs8" | "pkcs1" | "spki") =>
    key.export({ type, format: "pem" }).toString();
  const full = {
    UNIONPAY_MER_ID: MER_ID,
    UNIONPAY_CERT_ID: "69629715588",
    UNIONPAY_PRIVATE_KEY: pem(merchant.privateKey, "pkcs1"),
    UNIONPAY_PUBLIC_KEY: pem(unionpay.publicKey, "spki"),
  };

  it("is on when every variable is set and the keys parse", () => {
    expect(enabledChannels(full)).toEqual({ alipay: false, unionpay: true });
    const loaded = loadPaymentsConfig(full).unionpay!;
    expect(loaded).toMatchObject({
      merId: MER_ID,
      certId: "69629715588",
      frontUrl: DEFAULT_UNIONPAY_FRONT_URL,
    });
    const request = buildFrontPayRequest(loaded, example);
    expect(request.signContent).toBe(EXAMPLE_SIGN_CONTENT);
    expect(verifyNotification(loaded, unionpaySigns(notification()))).toMatchObject({ ok: true });
  });

  it("takes a PKCS#1 public key too", () => {
    expect(enabledChannels({ ...full, UNIONPAY_PUBLIC_KEY: pem(unionpay.publicKey, "pkcs1") })).toMatchObject(
      {
        unionpay: true,
      },
    );
  });

  it("takes UnionPay's certificate (PEM) in place of a bare public key", () => {
    expect(enabledChannels({ ...full, UNIONPAY_PUBLIC_KEY: CERTIFICATE })).toMatchObject({ unionpay: true });
  });

  it.each([
    ["a missing merchant id", { UNIONPAY_MER_ID: "" }],
    ["a missing cert id", { UNIONPAY_CERT_ID: undefined }],
    ["a missing private key", { UNIONPAY_PRIVATE_KEY: "" }],
    ["a missing public key", { UNIONPAY_PUBLIC_KEY: undefined }],
    ["a malformed private key", { UNIONPAY_PRIVATE_KEY: "garbage" }],
    [
      "a malformed public key",
      { UNIONPAY_PUBLIC_KEY: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" },
    ],
    [
      "a private key where the public key belongs",
      { UNIONPAY_PUBLIC_KEY: pem(unionpay.privateKey, "pkcs1") },
    ],
    ["a non-http front URL", { UNIONPAY_FRONT_URL: "ftp://gateway.95516.com/x" }],
  ])("is off with %s", (_label, override) => {
    const config = loadPaymentsConfig({ ...full, ...override });
    expect(config.unionpay).toBeUndefined();
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(/^unionpay off: UNIONPAY_/);
    expect(enabledChannels({ ...full, ...override })).toEqual({ alipay: false, unionpay: false });
  });
});
