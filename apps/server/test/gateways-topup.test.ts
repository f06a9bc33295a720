// Alipay and UnionPay wired into the top-up flow, with locally generated keys standing in for both
// sides: paySwitch, the signed redirect URL and form a top-up returns, notifications signed with the
// "gateway's" private key that credit exactly once (repeats, concurrent repeats), and forged or
// mismatched notifications that are refused and move no money. An app without the variables still
// refuses both channels.
import { createHash, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { parseYuan } from "@skyledger/billing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alipayRequestSignContent, alipayTimestamp } from "../src/modules/finance/gateways/alipay";
import {
  DEFAULT_ALIPAY_GATEWAY_URL,
  DEFAULT_UNIONPAY_FRONT_URL,
} from "../src/modules/finance/gateways/gateway-config";
import { unionpaySignContent, unionpayTxnTime } from "../src/modules/finance/gateways/unionpay";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { idem, ledgerFingerprint, y } from "./support/money";
import { selfSignedCertificate } from "./support/x509";

type Recharge = {
  rechargeNo: string;
  channel: string;
  amount: string;
  status: "pending" | "success" | "failed" | "expired";
  failureReason: string | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  payUrl: string | null;
  payForm: { action: string; fields: Record<string, string> } | null;
};
type Deal = {
  type: string;
  amount: string;
  referenceType: string;
  referenceId: string;
  memo: string | null;
  memoKey: string | null;
  memoParams: Record<string, string> | null;
};

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const app = rsa(); // our Alipay application
const alipayGateway = rsa();
const merchant = rsa(); // our UnionPay merchant signing key
const unionpayGateway = rsa();
const stranger = rsa();

const APP_ID = "2021000000000001";
const MER_ID = "777290058110048";
const CERT_ID = "69629715588";
const PUBLIC_URL = "https://console.example.com";

const pem = (key: KeyObject) =>
  key.type === "private"
    ? String(key.export({ type: "pkcs8", format: "pem" }))
    : String(key.export({ type: "spki", format: "pem" }));

const GATEWAY_ENV = {
  PUBLIC_URL,
  PAYMENT_SANDBOX: "true",
  ALIPAY_APP_ID: APP_ID,
  // One line with \n escapes, as an env file holds it.
  ALIPAY_PRIVATE_KEY: pem(app.privateKey).replace(/\n/g, "\\n"),
  ALIPAY_PUBLIC_KEY: pem(alipayGateway.publicKey),
  UNIONPAY_MER_ID: MER_ID,
  UNIONPAY_CERT_ID: CERT_ID,
  UNIONPAY_PRIVATE_KEY: String(merchant.privateKey.export({ type: "pkcs1", format: "pem" })),
  // UnionPay hands out a verification certificate rather than a bare key.
  UNIONPAY_PUBLIC_KEY: selfSignedCertificate(unionpayGateway, "UnionPay test verification"),
};

let t: TestApp;
let tenant: TestClient;

beforeAll(async () => {
  t = await startTestApp(GATEWAY_ENV);
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
});
afterAll(() => t.close());

const fingerprint = () => ledgerFingerprint(t.database.db);
const balance = async () =>
  parseYuan((await tenant.request<{ balance: string }>("/api/billing_account")).body.data.balance);
const topUp = async (rechargeNo: string) =>
  (await tenant.request<Recharge>(`/api/online_recharge/${rechargeNo}`)).body.data;

async function create(amount: string, channel: "alipay" | "unionpay" | "sandbox"): Promise<Recharge> {
  const res = await tenant.request<Recharge>("/api/online_recharge/create", {
    method: "POST",
    body: { amount, channel },
    headers: idem(),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const postForm = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    payload: new URLSearchParams(fields).toString(),
  });

// Alipay's side, written out from its published scheme: every field except sign and sign_type,
// sorted, `k=v` joined by `&`, SHA256withRSA with Alipay's private key.
function alipaySigned<T extends Record<string, string>>(
  fields: T,
  key: KeyObject = alipayGateway.privateKey,
) {
  const content = Object.keys(fields)
    .filter((k) => k !== "sign" && k !== "sign_type")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
  return { ...fields, sign_type: "RSA2", sign: sign("sha256", Buffer.from(content), key).toString("base64") };
}

function alipayNotice(rechargeNo: string, amount: string, extra: Record<string, string> = {}) {
  return {
    notify_time: "2026-11-22 10:05:00",
    notify_type: "trade_status_sync",
    notify_id: `ntf${rechargeNo}`,
    charset: "utf-8",
    version: "1.0",
    app_id: APP_ID,
    out_trade_no: rechargeNo,
    trade_no: `2026112222001400000${rechargeNo.slice(-6)}`,
    total_amount: amount,
    trade_status: "TRADE_SUCCESS",
    gmt_payment: "2026-11-22 10:04:59",
    subject: "Skyledger top-up",
    ...extra,
  };
}

const notifyAlipay = (fields: Record<string, string>) => postForm("/gateway/alipay/notify", fields);

// UnionPay's side (ACP 5.1.0, signMethod 01): SHA-256 hex of the sorted fields, then SHA256withRSA
// over that hex text with UnionPay's private key.
function unionpaySigned(fields: Record<string, string>, key: KeyObject = unionpayGateway.privateKey) {
  const content = Object.keys(fields)
    .filter((k) => k !== "signature")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");
  const digest = createHash("sha256").update(content).digest("hex");
  return { ...fields, signature: sign("sha256", Buffer.from(digest), key).toString("base64") };
}

function unionpayNotice(record: Recharge, txnAmt: string, extra: Record<string, string> = {}) {
  return {
    version: "5.1.0",
    encoding: "UTF-8",
    bizType: "000201",
    txnType: "01",
    txnSubType: "01",
    accessType: "0",
    currencyCode: "156",
    signMethod: "01",
    merId: MER_ID,
    orderId: record.rechargeNo,
    txnTime: unionpayTxnTime(new Date(record.createdAt)),
    txnAmt,
    queryId: `7${record.rechargeNo.slice(1)}`,
    respCode: "00",
    respMsg: "success",
    traceNo: "123456",
    traceTime: "1122100459",
    settleAmt: txnAmt,
    settleCurrencyCode: "156",
    settleDate: "1122",
    ...extra,
  };
}

const notifyUnionpay = (fields: Record<string, string>) => postForm("/gateway/unionpay/notify", fields);

async function refusals(rechargeNo: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "topup.notification.refused"), eq(auditLogs.target, rechargeNo)));
}

describe("paySwitch", () => {
  it("reports Alipay and UnionPay on once their variables are set", async () => {
    const res = await tenant.request("/api/online_recharge/paySwitch");
    expect(res.body.data).toEqual({ sandbox: true, alipay: true, unionpay: true });
  });
});

describe("Alipay", () => {
  let paid: Recharge;

  it("creates a pending top-up whose URL is signed with the application's key", async () => {
    paid = await create("88.8", "alipay");
    expect(paid).toMatchObject({ channel: "alipay", amount: "88.80000", status: "pending", payForm: null });
    const url = new URL(paid.payUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_ALIPAY_GATEWAY_URL);
    const params = Object.fromEntries(url.searchParams);
    const content = alipayRequestSignContent(params);
    expect(verify("sha256", Buffer.from(content), app.publicKey, Buffer.from(params.sign!, "base64"))).toBe(
      true,
    );
    expect(
      verify("sha256", Buffer.from(content), stranger.publicKey, Buffer.from(params.sign!, "base64")),
    ).toBe(false);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: "alipay.trade.page.pay",
      sign_type: "RSA2",
      notify_url: `${PUBLIC_URL}/gateway/alipay/notify`,
      return_url: `${PUBLIC_URL}/gateway/alipay/return/${paid.rechargeNo}`,
      timestamp: alipayTimestamp(t.clock.now()),
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: paid.rechargeNo,
      total_amount: "88.80",
      product_code: "FAST_INSTANT_TRADE_PAY",
      // Alipay closes the trade when the top-up expires.
      time_expire: alipayTimestamp(new Date(paid.expiresAt)),
    });
  });

  it("sends the payer's browser back to the console's recharge result", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/gateway/alipay/return/${paid.rechargeNo}?out_trade_no=x`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/mgt/onlinerecharge?rechargeNo=${paid.rechargeNo}`);
  });

  it("credits the top-up once Alipay's signed notification arrives, and answers `success`", async () => {
    const before = await balance();
    const notice = alipaySigned(alipayNotice(paid.rechargeNo, "88.80"));
    const res = await notifyAlipay(notice);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("success");
    expect((await balance()) - before).toBe(y("88.8"));
    expect(await topUp(paid.rechargeNo)).toMatchObject({
      status: "success",
      paidAt: t.clock.now().toISOString(),
      payUrl: null,
    });
    const deals = await tenant.request<{ list: Deal[] }>("/api/account_deals");
    const deal = deals.body.data.list.find((d) => d.referenceId === paid.rechargeNo);
    expect(deal).toMatchObject({ type: "topup", amount: "88.80000", referenceType: "top_up" });
    // Stored as a key and its parameters, which the reader's language renders.
    expect(deal).toMatchObject({
      memo: null,
      memoKey: "topUpAlipay",
      memoParams: { tradeNo: notice.trade_no },
    });
  });

  it("answers repeats (one after another, two at once, TRADE_FINISHED) with `success` and credits nothing more", async () => {
    const before = await fingerprint();
    const notice = alipaySigned(alipayNotice(paid.rechargeNo, "88.80"));
    expect((await notifyAlipay(notice)).body).toBe("success");
    const both = await Promise.all([notifyAlipay(notice), notifyAlipay(notice)]);
    expect(both.map((r) => [r.statusCode, r.body])).toEqual([
      [200, "success"],
      [200, "success"],
    ]);
    const finished = alipaySigned(alipayNotice(paid.rechargeNo, "88.80", { trade_status: "TRADE_FINISHED" }));
    expect((await notifyAlipay(finished)).body).toBe("success");
    expect(await fingerprint()).toBe(before);
  });

  it("credits once when the first delivery arrives several times at once", async () => {
    const pending = await create("12.34", "alipay");
    const notice = alipaySigned(alipayNotice(pending.rechargeNo, "12.34"));
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 4 }, () => notifyAlipay(notice)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === "success")).toBe(true);
    expect((await balance()) - before).toBe(y("12.34"));
  });

  it("refuses forged and mismatched notifications: `failure`, nothing moves, the refusal is audited", async () => {
    // A verified notification that cannot be credited is logged at error level for operators.
    t.expectErrorLog(/payment notification could not be applied/);
    const pending = await create("50", "alipay");
    const sandbox = await create("50", "sandbox");
    const genuine = alipayNotice(pending.rechargeNo, "50.00");
    const signed = alipaySigned(genuine);
    const before = await fingerprint();
    const cases: [string, Record<string, string>][] = [
      ["wrong amount", alipaySigned({ ...genuine, total_amount: "50.01" })],
      ["amount below the top-up", alipaySigned({ ...genuine, total_amount: "5.00" })],
      ["unknown order", alipaySigned({ ...genuine, out_trade_no: "R20261122100000999999" })],
      ["another channel's top-up", alipaySigned({ ...genuine, out_trade_no: sandbox.rechargeNo })],
      ["signed with another key", alipaySigned(genuine, stranger.privateKey)],
      ["tampered after signing", { ...signed, total_amount: "5000.00" }],
      ["wrong app id", alipaySigned({ ...genuine, app_id: "2021000000000002" })],
      ["no signature", genuine],
      ["unsupported sign type", { ...signed, sign_type: "RSA" }],
      ["unknown status", alipaySigned({ ...genuine, trade_status: "TRADE_REFUNDED" })],
    ];
    for (const [name, fields] of cases) {
      const res = await notifyAlipay(fields);
      expect([name, res.statusCode, res.body]).toEqual([name, 400, "failure"]);
    }
    expect(await fingerprint()).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("pending");
    expect((await topUp(sandbox.rechargeNo)).status).toBe("pending");
    const audited = await refusals(pending.rechargeNo);
    expect(audited.map((a) => (a.detail as { refusal: string }).refusal).sort()).toEqual(
      [
        "amount_mismatch",
        "amount_mismatch",
        "app_id_mismatch",
        "bad_signature",
        "bad_signature",
        "missing_signature",
        "unknown_status",
        "unsupported_sign_type",
      ].sort(),
    );
    expect(audited[0]).toMatchObject({ orgId: expect.any(String), actorId: null });
  });

  it("acknowledges WAIT_BUYER_PAY without changing anything", async () => {
    const pending = await create("7", "alipay");
    const before = await fingerprint();
    const res = await notifyAlipay(
      alipaySigned(alipayNotice(pending.rechargeNo, "7.00", { trade_status: "WAIT_BUYER_PAY" })),
    );
    expect([res.statusCode, res.body]).toEqual([200, "success"]);
    expect(await fingerprint()).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("pending");
  });

  it("marks a closed trade failed; a payment notice for it afterwards is refused", async () => {
    // A verified notification that cannot be credited is logged at error level for operators.
    t.expectErrorLog(/payment notification could not be applied/);
    const pending = await create("30", "alipay");
    const before = await fingerprint();
    const closed = alipaySigned(alipayNotice(pending.rechargeNo, "30.00", { trade_status: "TRADE_CLOSED" }));
    expect((await notifyAlipay(closed)).body).toBe("success");
    expect(await topUp(pending.rechargeNo)).toMatchObject({
      status: "failed",
      failureReason: "cancelled",
      payUrl: null,
    });
    expect((await notifyAlipay(closed)).body).toBe("success");
    const late = await notifyAlipay(alipaySigned(alipayNotice(pending.rechargeNo, "30.00")));
    expect([late.statusCode, late.body]).toEqual([400, "failure"]);
    expect(await fingerprint()).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("failed");
  });

  it("credits a payment Alipay took before the deadline even when its notice arrives after expiry", async () => {
    const pending = await create("40", "alipay");
    t.clock.advanceMinutes(31);
    await t.app.finance.sweep();
    await t.app.finance.idle();
    expect(await topUp(pending.rechargeNo)).toMatchObject({ status: "expired", payUrl: null });
    const before = await balance();
    const notice = alipaySigned(alipayNotice(pending.rechargeNo, "40.00"));
    expect((await notifyAlipay(notice)).body).toBe("success");
    expect((await notifyAlipay(notice)).body).toBe("success");
    expect((await balance()) - before).toBe(y("40"));
    expect((await topUp(pending.rechargeNo)).status).toBe("success");
  });

  it("refuses amounts it cannot charge exactly: more than 2 decimals, above Alipay's limit", async () => {
    const before = await fingerprint();
    const fen = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "10.123", channel: "alipay" },
      headers: idem(),
    });
    expect(fen.status).toBe(400);
    expect(fen.body.message).toBe("Alipay and UnionPay take amounts with at most 2 decimals");
    const zh = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "10.00100", channel: "unionpay" },
      headers: idem(),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("支付宝和银联的金额最多2位小数");
    const huge = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "100000000.01", channel: "alipay" },
      headers: idem(),
    });
    expect([huge.status, huge.body.code]).toEqual([400, 23017]);
    // Trailing zeros are whole fen; the sandbox keeps taking 5 decimals.
    expect((await create("10.12000", "alipay")).amount).toBe("10.12000");
    expect((await create("10.12345", "sandbox")).amount).toBe("10.12345");
    expect(await fingerprint()).toBe(before);
  });
});

describe("UnionPay", () => {
  let paid: Recharge;

  it("creates a pending top-up with the merchant-signed form and a page of ours that posts it", async () => {
    paid = await create("66.6", "unionpay");
    expect(paid).toMatchObject({
      channel: "unionpay",
      status: "pending",
      payUrl: `/gateway/unionpay/pay/${paid.rechargeNo}`,
    });
    const { action, fields } = paid.payForm!;
    expect(action).toBe(DEFAULT_UNIONPAY_FRONT_URL);
    expect(fields).toMatchObject({
      merId: MER_ID,
      certId: CERT_ID,
      orderId: paid.rechargeNo,
      txnAmt: "6660",
      txnTime: unionpayTxnTime(new Date(paid.createdAt)),
      payTimeout: unionpayTxnTime(new Date(paid.expiresAt)),
      backUrl: `${PUBLIC_URL}/gateway/unionpay/notify`,
      frontUrl: `${PUBLIC_URL}/gateway/unionpay/return/${paid.rechargeNo}`,
      signMethod: "01",
    });
    const digest = createHash("sha256").update(unionpaySignContent(fields)).digest("hex");
    const signature = Buffer.from(fields.signature!, "base64");
    expect(verify("sha256", Buffer.from(digest), merchant.publicKey, signature)).toBe(true);

    const page = await t.app.inject({
      method: "GET",
      url: paid.payUrl!,
      headers: { "accept-language": "zh-CN" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${DEFAULT_UNIONPAY_FRONT_URL}"`);
    for (const [name, value] of Object.entries(fields)) {
      expect(page.body).toContain(`name="${name}" value="${value}"`);
    }
    expect(page.body).toContain("前往银联支付");
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it("takes the payer's browser back (a POST from UnionPay) to the recharge result", async () => {
    const res = await postForm(`/gateway/unionpay/return/${paid.rechargeNo}`, { orderId: paid.rechargeNo });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/mgt/onlinerecharge?rechargeNo=${paid.rechargeNo}`);
  });

  it("credits once on UnionPay's signed notification (HTTP 200), repeats and concurrent repeats included", async () => {
    const before = await balance();
    const notice = unionpaySigned(unionpayNotice(paid, "6660"));
    const res = await notifyUnionpay(notice);
    expect(res.statusCode).toBe(200);
    expect((await balance()) - before).toBe(y("66.6"));
    expect(await topUp(paid.rechargeNo)).toMatchObject({ status: "success", payUrl: null, payForm: null });
    const after = await fingerprint();
    expect((await notifyUnionpay(notice)).statusCode).toBe(200);
    const both = await Promise.all([notifyUnionpay(notice), notifyUnionpay(notice)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await fingerprint()).toBe(after);
    const page = await t.app.inject({
      method: "GET",
      url: `/gateway/unionpay/pay/${paid.rechargeNo}`,
      headers: { "accept-language": "en-US" },
    });
    expect(page.body).toContain("already paid, cancelled or has expired");
    expect(page.body).not.toContain("<form");
  });

  it("refuses forged and mismatched notifications with a non-200 answer and moves nothing", async () => {
    // A verified notification that cannot be credited is logged at error level for operators.
    t.expectErrorLog(/payment notification could not be applied/);
    const pending = await create("20", "unionpay");
    const genuine = unionpayNotice(pending, "2000");
    const signed = unionpaySigned(genuine);
    const before = await fingerprint();
    const cases: [string, Record<string, string>][] = [
      ["wrong amount", unionpaySigned({ ...genuine, txnAmt: "2001" })],
      ["unknown order", unionpaySigned({ ...genuine, orderId: "R20261122100000999999" })],
      ["signed with another key", unionpaySigned(genuine, stranger.privateKey)],
      ["tampered after signing", { ...signed, txnAmt: "200000" }],
      ["wrong merchant", unionpaySigned({ ...genuine, merId: "777290058110049" })],
      ["other sign method", unionpaySigned({ ...genuine, signMethod: "11" })],
      ["no signature", genuine],
    ];
    for (const [name, fields] of cases) {
      const res = await notifyUnionpay(fields);
      expect([name, res.statusCode]).toEqual([name, 400]);
    }
    const json = await t.app.inject({
      method: "POST",
      url: "/gateway/unionpay/notify",
      payload: { txnAmt: 1 },
    });
    expect(json.statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("pending");
    expect((await refusals(pending.rechargeNo)).length).toBe(6);
  });

  it("acknowledges a declined payment and leaves the top-up payable", async () => {
    const pending = await create("15", "unionpay");
    const before = await fingerprint();
    const declined = unionpaySigned(unionpayNotice(pending, "1500", { respCode: "05", respMsg: "declined" }));
    expect((await notifyUnionpay(declined)).statusCode).toBe(200);
    expect(await fingerprint()).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("pending");
  });
});

describe("without the gateways' variables", () => {
  let bare: TestApp;
  beforeAll(async () => {
    // Partly configured channels stay off too.
    bare = await startTestApp({ ALIPAY_APP_ID: APP_ID, UNIONPAY_MER_ID: MER_ID, PAYMENT_SANDBOX: "true" });
  });
  afterAll(() => bare.close());

  it("reports both channels off, refuses them and serves none of their endpoints", async () => {
    const client = await signedIn(bare.app, bare.clock, DEMO.tenant);
    const sw = await client.request("/api/online_recharge/paySwitch");
    expect(sw.body.data).toEqual({ sandbox: true, alipay: false, unionpay: false });
    for (const channel of ["alipay", "unionpay"]) {
      const res = await client.request("/api/online_recharge/create", {
        method: "POST",
        body: { amount: "10", channel },
        headers: idem(),
      });
      expect([res.status, res.body.code]).toEqual([400, 23010]);
    }
    const before = await ledgerFingerprint(bare.database.db);
    for (const url of ["/gateway/alipay/notify", "/gateway/unionpay/notify"]) {
      const res = await bare.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "a=b",
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await bare.app.inject({ method: "GET", url: "/gateway/unionpay/pay/R1" })).statusCode).toBe(404);
    expect(await ledgerFingerprint(bare.database.db)).toBe(before);
    expect((await client.request<{ total: number }>("/api/deposits")).body.data.total).toBe(0);
  });
});
