// The real gateways as the top-up flow sees them: which are on, what the payer's browser needs to pay
// a pending top-up (Alipay's signed redirect URL, UnionPay's signed form), and a verified
// notification turned into the one shape the top-up service credits. No database, no network.
import { type Money, tryParseYuan } from "@skyledger/billing";
import type { PaymentsConfig } from "../../../platform/payments-config";
import * as alipay from "./alipay";
import * as unionpay from "./unionpay";

export type RealChannel = "alipay" | "unionpay";

/** A verified gateway notification, channel-neutral. `amount` is exact (whole fen). */
export type PaymentNotice = {
  channel: "sandbox" | RealChannel;
  rechargeNo: string;
  tradeNo: string;
  amount: Money;
  status: "paid" | "cancelled";
};

/**
 * `notice`: act on it. `ignore`: genuine and about nothing to do (Alipay's WAIT_BUYER_PAY, a declined
 * UnionPay card the payer may retry before the top-up expires). `refuse`: not provably the gateway's.
 */
export type ReadNotification =
  | { kind: "notice"; notice: PaymentNotice }
  | { kind: "ignore"; reason: string; rechargeNo: string | undefined }
  | { kind: "refuse"; reason: string; rechargeNo: string | undefined };

export type PendingTopUp = {
  rechargeNo: string;
  channel: string;
  amount: Money;
  createdAt: Date;
  expiresAt: Date;
};

export type PayForm = { action: string; fields: Record<string, string> };
export type Checkout = { payUrl: string | null; payForm: PayForm | null };

const UNITS_PER_FEN = 1_000n;

/** Skyledger amounts carry 5 decimals; the gateways take whole fen: "10.50000" → "10.50". */
export function gatewayYuan(amount: Money): string | undefined {
  if (amount <= 0n || amount % UNITS_PER_FEN !== 0n) return undefined;
  const fen = amount / UNITS_PER_FEN;
  return `${fen / 100n}.${(fen % 100n).toString().padStart(2, "0")}`;
}

function yuanMoney(text: string): Money | undefined {
  const parsed = tryParseYuan(text);
  return parsed.ok ? parsed.amount : undefined;
}

export type OnlineGateways = ReturnType<typeof createOnlineGateways>;

export function createOnlineGateways(payments: PaymentsConfig | undefined, publicUrl: string) {
  const alipayConfig = payments?.alipay;
  const unionpayConfig = payments?.unionpay;
  const returnUrl = (channel: RealChannel, rechargeNo: string) =>
    `${publicUrl}/gateway/${channel}/return/${encodeURIComponent(rechargeNo)}`;

  /** The request a channel would send for this top-up, or undefined when the amount cannot be paid. */
  function alipayRequest(row: PendingTopUp, now: Date) {
    const amount = gatewayYuan(row.amount);
    if (!alipayConfig || amount === undefined || alipay.alipayAmount(amount) === undefined) return undefined;
    return alipay.buildPagePayRequest(alipayConfig, {
      outTradeNo: row.rechargeNo,
      totalAmount: amount,
      subject: `Skyledger top-up ${row.rechargeNo}`,
      notifyUrl: `${publicUrl}/gateway/alipay/notify`,
      returnUrl: returnUrl("alipay", row.rechargeNo),
      timestamp: now,
      // Alipay closes the trade when the top-up expires, so no payment is taken for a dead top-up.
      timeExpire: row.expiresAt,
    });
  }

  function unionpayRequest(row: PendingTopUp) {
    const amount = gatewayYuan(row.amount);
    if (!unionpayConfig || amount === undefined || unionpay.unionpayTxnAmt(amount) === undefined)
      return undefined;
    // Every input comes from the row, so the form (signature included) is the same on every reading.
    return unionpay.buildFrontPayRequest(unionpayConfig, {
      orderId: row.rechargeNo,
      txnAmt: amount,
      txnTime: row.createdAt,
      backUrl: `${publicUrl}/gateway/unionpay/notify`,
      frontUrl: returnUrl("unionpay", row.rechargeNo),
      payTimeout: row.expiresAt,
    });
  }

  return {
    enabled: { alipay: alipayConfig !== undefined, unionpay: unionpayConfig !== undefined },

    /** Whether this channel can take this amount (configured, whole fen, within the gateway's limit). */
    canPay(channel: RealChannel, amount: Money): boolean {
      const yuan = gatewayYuan(amount);
      if (yuan === undefined) return false;
      if (channel === "alipay") return alipayConfig !== undefined && alipay.alipayAmount(yuan) !== undefined;
      return unionpayConfig !== undefined && unionpay.unionpayTxnAmt(yuan) !== undefined;
    },

    /** What the browser needs to pay a pending Alipay or UnionPay top-up. */
    checkout(row: PendingTopUp, now: Date): Checkout {
      if (row.channel === "alipay") {
        return { payUrl: alipayRequest(row, now)?.url ?? null, payForm: null };
      }
      if (row.channel === "unionpay") {
        const request = unionpayRequest(row);
        if (!request) return { payUrl: null, payForm: null };
        // The console's content policy only lets forms post to Skyledger: this page of ours posts it.
        return {
          payUrl: `/gateway/unionpay/pay/${encodeURIComponent(row.rechargeNo)}`,
          payForm: { action: request.action, fields: request.fields },
        };
      }
      return { payUrl: null, payForm: null };
    },

    /** The form our auto-submitting page posts to UnionPay. */
    unionpayForm(row: PendingTopUp): PayForm | undefined {
      const request = unionpayRequest(row);
      return request && { action: request.action, fields: request.fields };
    },

    readAlipay(fields: Readonly<Record<string, string>>): ReadNotification {
      const rechargeNo = fields.out_trade_no;
      if (!alipayConfig) return { kind: "refuse", reason: "channel_off", rechargeNo };
      const result = alipay.verifyNotification(alipayConfig, fields);
      if (!result.ok) {
        return result.reason === "pending"
          ? { kind: "ignore", reason: "pending", rechargeNo }
          : { kind: "refuse", reason: result.reason, rechargeNo };
      }
      const amount = yuanMoney(result.totalAmount);
      if (amount === undefined) return { kind: "refuse", reason: "bad_amount", rechargeNo };
      return {
        kind: "notice",
        notice: {
          channel: "alipay",
          rechargeNo: result.outTradeNo,
          tradeNo: result.tradeNo,
          amount,
          status: result.status,
        },
      };
    },

    readUnionpay(fields: Readonly<Record<string, string>>): ReadNotification {
      const rechargeNo = fields.orderId;
      if (!unionpayConfig) return { kind: "refuse", reason: "channel_off", rechargeNo };
      const result = unionpay.verifyNotification(unionpayConfig, fields);
      if (!result.ok) {
        return result.reason === "payment_failed"
          ? { kind: "ignore", reason: `payment_failed ${result.respCode}`, rechargeNo }
          : { kind: "refuse", reason: result.reason, rechargeNo };
      }
      const amount = yuanMoney(result.amount);
      if (amount === undefined) return { kind: "refuse", reason: "bad_amount", rechargeNo };
      return {
        kind: "notice",
        notice: {
          channel: "unionpay",
          rechargeNo: result.orderId,
          tradeNo: result.queryId,
          amount,
          status: "paid",
        },
      };
    },
  };
}
