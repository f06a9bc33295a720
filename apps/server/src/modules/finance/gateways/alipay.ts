// Alipay open platform adapter, RSA2 scheme (SHA256withRSA): builds the signed `alipay.trade.page.pay`
// request (the desktop cashier page the payer is sent to) and verifies Alipay's asynchronous
// notifications. Pure: no network, node:crypto only. See docs/api/payment-gateways.md.
import { sign, verify } from "node:crypto";
import type { AlipayConfig } from "../../../platform/payments-config";
import { fenToYuan, GatewayInputError, isBase64, shanghaiParts, sortedContent, yuanToFen } from "./common";

export type AlipayPagePayInput = {
  /** Our order number (the recharge number): 1–64 letters, digits or underscores. */
  outTradeNo: string;
  /** Yuan; normalised to two decimals. Non-zero digits beyond the second decimal are refused. */
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  timestamp: Date;
  /** When Alipay stops accepting payment (`time_expire`); left out of the request when absent. */
  timeExpire?: Date;
};

export type AlipayPagePayRequest = {
  /** Where to send the payer: the gateway URL with every parameter, `sign` included, in the query. */
  url: string;
  /** The request parameters, `sign` included. */
  params: Record<string, string>;
  /** The exact string that was signed. */
  signContent: string;
};

export type AlipayRefusal =
  | "missing_signature"
  | "unsupported_sign_type"
  | "bad_signature"
  | "app_id_mismatch"
  | "missing_field"
  | "bad_amount"
  | "pending"
  | "unknown_status";

export type AlipayVerification =
  | { ok: true; outTradeNo: string; tradeNo: string; totalAmount: string; status: "paid" | "cancelled" }
  | { ok: false; reason: AlipayRefusal };

/** Alipay accepts 0.01 to 100,000,000.00 yuan per trade. */
const MAX_FEN = 10_000_000_000n;

/** "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai, the format of the `timestamp` parameter. */
export function alipayTimestamp(instant: Date): string {
  const p = shanghaiParts(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A yuan string as Alipay's `total_amount` ("0.01"), or undefined when it cannot be charged exactly. */
export function alipayAmount(yuan: string): string | undefined {
  const fen = yuanToFen(yuan);
  return fen !== undefined && fen <= MAX_FEN ? fenToYuan(fen) : undefined;
}

/** The string a request is signed over: non-empty parameters except `sign`, sorted, `k=v` joined by `&`. */
export function alipayRequestSignContent(params: Readonly<Record<string, string>>): string {
  return sortedContent(params, { exclude: ["sign"], skipEmpty: true });
}

/** The string a notification is verified over: every parameter except `sign` and `sign_type`, sorted. */
export function alipayNotificationSignContent(params: Readonly<Record<string, string>>): string {
  return sortedContent(params, { exclude: ["sign", "sign_type"], skipEmpty: false });
}

function requireUrl(name: string, value: string): void {
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return;
  } catch {
    // fall through
  }
  throw new GatewayInputError(`${name} is not an http(s) URL`);
}

export function buildPagePayRequest(
  config: Pick<AlipayConfig, "appId" | "privateKey" | "gatewayUrl">,
  input: AlipayPagePayInput,
): AlipayPagePayRequest {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(input.outTradeNo)) {
    throw new GatewayInputError("outTradeNo must be 1–64 letters, digits or underscores");
  }
  const totalAmount = alipayAmount(input.totalAmount);
  if (totalAmount === undefined) {
    throw new GatewayInputError(`totalAmount "${input.totalAmount}" is not a payable amount in whole fen`);
  }
  const subject = input.subject.trim();
  if (subject === "" || subject.length > 256) throw new GatewayInputError("subject must be 1–256 characters");
  requireUrl("notifyUrl", input.notifyUrl);
  requireUrl("returnUrl", input.returnUrl);

  const unsigned: Record<string, string> = {
    app_id: config.appId,
    method: "alipay.trade.page.pay",
    format: "JSON",
    charset: "utf-8",
    sign_type: "RSA2",
    timestamp: alipayTimestamp(input.timestamp),
    version: "1.0",
    notify_url: input.notifyUrl,
    return_url: input.returnUrl,
    biz_content: JSON.stringify({
      out_trade_no: input.outTradeNo,
      product_code: "FAST_INSTANT_TRADE_PAY",
      total_amount: totalAmount,
      subject,
      ...(input.timeExpire ? { time_expire: alipayTimestamp(input.timeExpire) } : {}),
    }),
  };
  const signContent = alipayRequestSignContent(unsigned);
  const signature = sign("sha256", Buffer.from(signContent, "utf8"), config.privateKey).toString("base64");
  const params = { ...unsigned, sign: signature };
  const separator = config.gatewayUrl.includes("?") ? "&" : "?";
  return {
    url: `${config.gatewayUrl}${separator}${new URLSearchParams(params).toString()}`,
    params,
    signContent,
  };
}

/**
 * Verifies an asynchronous notification (the decoded form fields Alipay POSTs to `notify_url`).
 * The caller must still check that `outTradeNo` is one of ours and that `totalAmount` equals the
 * order's amount, and process a notification idempotently (Alipay retries until it reads `success`,
 * and may send TRADE_FINISHED after TRADE_SUCCESS for the same trade).
 */
export function verifyNotification(
  config: Pick<AlipayConfig, "appId" | "alipayPublicKey">,
  params: Readonly<Record<string, string>>,
): AlipayVerification {
  const signature = params.sign;
  if (signature === undefined || !isBase64(signature)) return { ok: false, reason: "missing_signature" };
  if (params.sign_type !== undefined && params.sign_type !== "RSA2") {
    return { ok: false, reason: "unsupported_sign_type" };
  }
  const content = alipayNotificationSignContent(params);
  let valid = false;
  try {
    valid = verify(
      "sha256",
      Buffer.from(content, "utf8"),
      config.alipayPublicKey,
      Buffer.from(signature, "base64"),
    );
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "bad_signature" };
  if (params.app_id !== config.appId) return { ok: false, reason: "app_id_mismatch" };

  const {
    out_trade_no: outTradeNo,
    trade_no: tradeNo,
    total_amount: amount,
    trade_status: tradeStatus,
  } = params;
  if (!outTradeNo || !tradeNo || !amount || !tradeStatus) return { ok: false, reason: "missing_field" };
  const totalAmount = alipayAmount(amount);
  if (totalAmount === undefined) return { ok: false, reason: "bad_amount" };

  switch (tradeStatus) {
    case "TRADE_SUCCESS":
    case "TRADE_FINISHED":
      return { ok: true, outTradeNo, tradeNo, totalAmount, status: "paid" };
    case "TRADE_CLOSED":
      return { ok: true, outTradeNo, tradeNo, totalAmount, status: "cancelled" };
    case "WAIT_BUYER_PAY":
      return { ok: false, reason: "pending" };
    default:
      return { ok: false, reason: "unknown_status" };
  }
}
