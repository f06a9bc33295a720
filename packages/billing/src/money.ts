import { BillingError } from "./errors";

// A count of 0.00001 yuan. Never a JS number: 2^53 units is only ~90 billion yuan and floats lose cents.
export type Money = bigint;

export const UNITS_PER_YUAN: Money = 100_000n;
export const YUAN_DECIMALS = 5;

// halfUp rounds a tie away from zero (-2.5 → -3, 2.5 → 3), so a refund and the charge it reverses
// round to the same magnitude. floor goes toward −∞, ceil toward +∞.
export type RoundingMode = "halfUp" | "floor" | "ceil";

export type ParseYuanResult = { ok: true; amount: Money } | { ok: false; code: "INVALID_AMOUNT" };

const YUAN_PATTERN = /^(-?)(\d+)(?:\.(\d{1,5}))?$/;

export function tryParseYuan(text: string): ParseYuanResult {
  const match = YUAN_PATTERN.exec(text);
  if (match === null) return { ok: false, code: "INVALID_AMOUNT" };
  const [, sign = "", whole = "0", fraction = ""] = match;
  const magnitude = BigInt(whole) * UNITS_PER_YUAN + BigInt(fraction.padEnd(YUAN_DECIMALS, "0"));
  return { ok: true, amount: sign === "-" ? -magnitude : magnitude };
}

// For trusted literals (configuration, tests); user input goes through tryParseYuan.
export function parseYuan(text: string): Money {
  const result = tryParseYuan(text);
  if (!result.ok) throw new BillingError("INVALID_AMOUNT", `not a yuan amount with ≤ 5 decimals: "${text}"`);
  return result.amount;
}

export function formatYuan(amount: Money): string {
  const magnitude = amount < 0n ? -amount : amount;
  const whole = magnitude / UNITS_PER_YUAN;
  const fraction = (magnitude % UNITS_PER_YUAN).toString().padStart(YUAN_DECIMALS, "0");
  return `${amount < 0n ? "-" : ""}${whole}.${fraction}`;
}

// Integer division of numerator / denominator with an explicit rounding mode.
export function divide(numerator: bigint, denominator: bigint, mode: RoundingMode = "halfUp"): bigint {
  if (denominator === 0n) throw new BillingError("INVALID_ARGUMENT", "division by zero");
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d; // truncates toward zero
  const remainder = n % d; // has the sign of n
  if (remainder === 0n) return quotient;
  switch (mode) {
    case "floor":
      return remainder < 0n ? quotient - 1n : quotient;
    case "ceil":
      return remainder > 0n ? quotient + 1n : quotient;
    case "halfUp": {
      const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
      if (twiceRemainder < d) return quotient;
      return n < 0n ? quotient - 1n : quotient + 1n;
    }
  }
}

// amount × numerator ÷ denominator, rounded once at the end so chained ratios do not accumulate error.
export function mulRatio(
  amount: Money,
  numerator: bigint,
  denominator: bigint,
  mode: RoundingMode = "halfUp",
): Money {
  return divide(amount * numerator, denominator, mode);
}

export function sum(amounts: readonly Money[]): Money {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

export function min(first: Money, ...rest: readonly Money[]): Money {
  let least = first;
  for (const amount of rest) if (amount < least) least = amount;
  return least;
}

export function max(first: Money, ...rest: readonly Money[]): Money {
  let greatest = first;
  for (const amount of rest) if (amount > greatest) greatest = amount;
  return greatest;
}

export function assertNonNegative(amount: Money, what: string): void {
  if (amount < 0n) throw new BillingError("INVALID_AMOUNT", `${what} must not be negative, got ${amount}`);
}
