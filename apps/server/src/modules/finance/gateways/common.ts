// Helpers shared by the real payment-gateway adapters (Alipay, UnionPay): the sorted `k=v&…` content
// both schemes sign, yuan-amount conversion without floating point, and Asia/Shanghai clock fields.
// Pure functions, no network.
import { CHINA_TIME_ZONE, type LocalParts, localParts } from "../../../platform/time-zone";

/**
 * Joins `key=value` pairs sorted by key (UTF-16 code-unit order, as Java's TreeMap used by the
 * gateways' SDKs) with `&`. Values are taken verbatim, never URL-encoded.
 */
export function sortedContent(
  params: Readonly<Record<string, string>>,
  options: { exclude: readonly string[]; skipEmpty: boolean },
): string {
  return Object.keys(params)
    .filter((k) => !options.exclude.includes(k))
    .filter((k) => !options.skipEmpty || (params[k] !== undefined && params[k] !== ""))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

const YUAN = /^(\d{1,15})(?:\.(\d{1,20}))?$/;

/**
 * Converts a positive yuan string ("12", "0.01", "10.00000") to an integer count of fen (cents).
 * Returns undefined for anything else, including zero, negatives, exponents and amounts with
 * non-zero digits beyond the second decimal ("1.005"): a gateway charges whole fen and we never round.
 */
export function yuanToFen(text: string): bigint | undefined {
  const match = YUAN.exec(text);
  if (match === null) return undefined;
  const [, whole = "0", fraction = ""] = match;
  if (/[^0]/.test(fraction.slice(2))) return undefined;
  const fen = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  return fen > 0n ? fen : undefined;
}

/** Formats a count of fen as a yuan string with exactly two decimals ("0.01"). */
export function fenToYuan(fen: bigint): string {
  const whole = fen / 100n;
  const cents = (fen % 100n).toString().padStart(2, "0");
  return `${whole}.${cents}`;
}

/** Calendar fields of an instant in China's time zone, the one of the gateways' timestamp fields. */
export const shanghaiParts = (instant: Date): LocalParts => localParts(instant, CHINA_TIME_ZONE);

/** Strict base64 (standard alphabet, padded), so a signature with stray characters is refused early. */
export function isBase64(text: string): boolean {
  return text.length > 0 && text.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(text);
}

/** A payment request the gateway would refuse (bad amount, order number, URL…); a programming error. */
export class GatewayInputError extends Error {
  override name = "GatewayInputError";
}
