// UnionPay online payment gateway adapter (ACP 5.1.0, signMethod 01 = RSA-SHA256): builds the signed
// front-end consumption form (`frontTransReq.do`, txnType 01) and verifies UnionPay's back-end
// notifications. Pure: no network, node:crypto only. See docs/api/payment-gateways.md.
//
// Signing, as the ACP 5.1.0 SDK does it: sort the fields except `signature` into `k=v&…`, take the
// lowercase hex SHA-256 digest of that string, sign the digest's hex TEXT with SHA256withRSA, base64.
import { createHash, sign, verify } from "node:crypto";
import type { UnionpayConfig } from "../../../platform/payments-config";
import { fenToYuan, GatewayInputError, isBase64, shanghaiParts, sortedContent, yuanToFen } from "./common";

export type UnionpayFrontPayInput = {
  /** Our order number (the recharge number): 8–40 letters or digits. */
  orderId: string;
  /** Yuan, converted to whole fen; non-zero digits beyond the second decimal are refused. */
  txnAmt: string;
  /** When the order was placed; sent as YYYYMMDDhhmmss in Asia/Shanghai. */
  txnTime: Date;
  /** Back-end notification URL. */
  backUrl: string;
  /** Where the payer's browser returns to. */
  frontUrl: string;
  /** When UnionPay stops accepting payment (`payTimeout`, Asia/Shanghai); left out when absent. */
  payTimeout?: Date;
};

export type UnionpayFrontPayRequest = {
  /** Where the auto-submitting form POSTs: the configured front transaction URL. */
  action: string;
  /** The form fields, `signature` included. */
  fields: Record<string, string>;
  /** The exact sorted string whose digest was signed. */
  signContent: string;
  /** Lowercase hex SHA-256 of `signContent`: the text actually signed. */
  digest: string;
};

export type UnionpayRefusal =
  | "missing_signature"
  | "unsupported_sign_method"
  | "bad_signature"
  | "mer_id_mismatch"
  | "missing_field"
  | "bad_amount"
  | "payment_failed";

export type UnionpayVerification =
  | {
      ok: true;
      orderId: string;
      /** UnionPay's transaction serial number. */
      queryId: string;
      /** Amount in fen, as UnionPay sends it. */
      txnAmt: string;
      /** The same amount in yuan, two decimals. */
      amount: string;
      respCode: string;
      status: "paid";
    }
  | { ok: false; reason: Exclude<UnionpayRefusal, "payment_failed"> }
  | { ok: false; reason: "payment_failed"; respCode: string; respMsg: string };

/** txnAmt is at most 12 digits of fen. */
const MAX_FEN = 999_999_999_999n;

/** YYYYMMDDhhmmss in Asia/Shanghai, the format of `txnTime`. */
export function unionpayTxnTime(instant: Date): string {
  const p = shanghaiParts(instant);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** A yuan string as UnionPay's `txnAmt` in fen ("0.01" → "1"), or undefined when not payable exactly. */
export function unionpayTxnAmt(yuan: string): string | undefined {
  const fen = yuanToFen(yuan);
  return fen !== undefined && fen <= MAX_FEN ? fen.toString() : undefined;
}

/** The sorted `k=v&…` string over every field except `signature` (empty ones dropped when building). */
export function unionpaySignContent(fields: Readonly<Record<string, string>>, skipEmpty = false): string {
  return sortedContent(fields, { exclude: ["signature"], skipEmpty });
}

/** Lowercase hex SHA-256 of the sign content: what signMethod 01 under version 5.1.0 signs. */
export function unionpayDigest(signContent: string): string {
  return createHash("sha256").update(signContent, "utf8").digest("hex");
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

export function buildFrontPayRequest(
  config: Pick<UnionpayConfig, "merId" | "certId" | "privateKey" | "frontUrl">,
  input: UnionpayFrontPayInput,
): UnionpayFrontPayRequest {
  if (!/^[A-Za-z0-9]{8,40}$/.test(input.orderId)) {
    throw new GatewayInputError("orderId must be 8–40 letters or digits");
  }
  const txnAmt = unionpayTxnAmt(input.txnAmt);
  if (txnAmt === undefined) {
    throw new GatewayInputError(`txnAmt "${input.txnAmt}" is not a payable amount in whole fen`);
  }
  requireUrl("backUrl", input.backUrl);
  requireUrl("frontUrl", input.frontUrl);

  const unsigned: Record<string, string> = {
    version: "5.1.0",
    encoding: "UTF-8",
    txnType: "01",
    txnSubType: "01",
    bizType: "000201",
    channelType: "07",
    accessType: "0",
    currencyCode: "156",
    merId: config.merId,
    certId: config.certId,
    signMethod: "01",
    orderId: input.orderId,
    txnTime: unionpayTxnTime(input.txnTime),
    txnAmt,
    backUrl: input.backUrl,
    frontUrl: input.frontUrl,
    ...(input.payTimeout ? { payTimeout: unionpayTxnTime(input.payTimeout) } : {}),
  };
  const signContent = unionpaySignContent(unsigned, true);
  const digest = unionpayDigest(signContent);
  const signature = sign("sha256", Buffer.from(digest, "utf8"), config.privateKey).toString("base64");
  return { action: config.frontUrl, fields: { ...unsigned, signature }, signContent, digest };
}

/**
 * Verifies a back-end notification (the decoded form fields UnionPay POSTs to `backUrl`) with the
 * configured UnionPay public key. The caller must still check that `orderId` is one of ours and that
 * `txnAmt` equals the order's amount, and process notifications idempotently.
 */
export function verifyNotification(
  config: Pick<UnionpayConfig, "merId" | "unionpayPublicKey">,
  fields: Readonly<Record<string, string>>,
): UnionpayVerification {
  const signature = fields.signature;
  if (signature === undefined || !isBase64(signature)) return { ok: false, reason: "missing_signature" };
  if (fields.signMethod !== "01") return { ok: false, reason: "unsupported_sign_method" };
  const digest = unionpayDigest(unionpaySignContent(fields));
  let valid = false;
  try {
    valid = verify(
      "sha256",
      Buffer.from(digest, "utf8"),
      config.unionpayPublicKey,
      Buffer.from(signature, "base64"),
    );
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "bad_signature" };
  if (fields.merId !== config.merId) return { ok: false, reason: "mer_id_mismatch" };

  const { orderId, queryId, txnAmt, respCode } = fields;
  if (!orderId || !queryId || !txnAmt || !respCode) return { ok: false, reason: "missing_field" };
  if (!/^\d{1,12}$/.test(txnAmt) || BigInt(txnAmt) === 0n) return { ok: false, reason: "bad_amount" };
  if (respCode !== "00" && respCode !== "A6") {
    return { ok: false, reason: "payment_failed", respCode, respMsg: fields.respMsg ?? "" };
  }
  return {
    ok: true,
    orderId,
    queryId,
    txnAmt: BigInt(txnAmt).toString(),
    amount: fenToYuan(BigInt(txnAmt)),
    respCode,
    status: "paid",
  };
}
