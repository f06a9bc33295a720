// Money is yuan as decimal strings with at most 5 decimals ("12.30000"): shown as the server sent
// it, never through floating point, and entered as strings checked with the contracts' patterns.
import { positiveYuan, yuan } from "@skyledger/contracts";

export const CURRENCY = "¥";
const DECIMALS = 5;
const PATTERN = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Pads the decimals to five ("12.3" → "12.30000"); never rounds. Non-numbers come back as given. */
export function toFiveDecimals(value: string): string {
  const match = PATTERN.exec(value.trim());
  if (!match) return value;
  const [, sign = "", whole, fraction = ""] = match;
  const padded = fraction.length >= DECIMALS ? fraction : fraction.padEnd(DECIMALS, "0");
  return `${sign === "-" ? "-" : ""}${whole}.${padded}`;
}

/** -1, 0 or 1, read from the text. */
export function amountSign(value: string | null | undefined): -1 | 0 | 1 {
  const match = PATTERN.exec((value ?? "").trim());
  if (!match || !/[1-9]/.test(`${match[2]}${match[3] ?? ""}`)) return 0;
  return match[1] === "-" ? -1 : 1;
}

const unsigned = (value: string) => toFiveDecimals(value.trim().replace(/^[+-]/, ""));

/** "12.30000" → "¥12.30000", "-3" → "-¥3.00000"; empty → "-". */
export function formatYuan(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return "-";
  if (!PATTERN.test(value.trim())) return value;
  return `${amountSign(value) < 0 ? "-" : ""}${CURRENCY}${unsigned(value)}`;
}

/** Like formatYuan with an explicit "+" on amounts above zero (ledger movements). */
export function formatSignedYuan(value: string | null | undefined): string {
  const text = formatYuan(value);
  return amountSign(value) > 0 ? `+${text}` : text;
}

/** A decimal amount with at most 5 decimals (may be negative or zero). */
export const isAmount = (value: string): boolean => yuan.safeParse(value).success;

/** An amount above zero with at most 5 decimals. */
export const isPositiveAmount = (value: string): boolean => positiveYuan.safeParse(value).success;

/** What the user typed, ready to send: trimmed, without a leading "+". */
export const cleanAmount = (value: string | null | undefined): string =>
  (value ?? "").trim().replace(/^\+/, "");

/** The amount in 0.00001-yuan units, exactly (no floating point); null for anything else. */
export function toUnits(value: string | null | undefined): bigint | null {
  const match = PATTERN.exec((value ?? "").trim());
  if (!match || (match[3] ?? "").length > DECIMALS) return null;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const units = BigInt(whole) * 100_000n + BigInt(fraction.padEnd(DECIMALS, "0") || "0");
  return sign === "-" ? -units : units;
}
