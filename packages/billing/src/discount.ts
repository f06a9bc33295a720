import { BillingError } from "./errors";
import { type Money, mulRatio } from "./money";

// A discount is the share of the price the customer pays (0.85 = pay 85 %, "8.5 折"), kept as integer
// hundredths 0–100 so that no float ever touches money.
export type Discount = { readonly hundredths: bigint };

export const NO_DISCOUNT: Discount = { hundredths: 100n };

export type DiscountResult = { ok: true; discount: Discount } | { ok: false; code: "INVALID_DISCOUNT" };

// Spec §5: between 0 and 1 with at most 2 decimals.
const DISCOUNT_PATTERN = /^(?:0(?:\.(\d{1,2}))?|1(?:\.0{1,2})?)$/;

export function parseDiscount(value: string | number): DiscountResult {
  // String(0.85) is "0.85"; a float that is not short in decimal (0.851, 1e-7) fails the pattern.
  const match = DISCOUNT_PATTERN.exec(String(value));
  if (match === null) return { ok: false, code: "INVALID_DISCOUNT" };
  const text = String(value);
  const hundredths = text.startsWith("1") ? 100n : BigInt((match[1] ?? "").padEnd(2, "0"));
  return { ok: true, discount: { hundredths } };
}

export function discountFromHundredths(hundredths: number | bigint): Discount {
  if (typeof hundredths === "number" && !Number.isSafeInteger(hundredths)) {
    throw new BillingError("INVALID_DISCOUNT", "hundredths must be an integer");
  }
  const discount = { hundredths: BigInt(hundredths) };
  assertDiscount(discount);
  return discount;
}

export function assertDiscount(discount: Discount): void {
  if (discount.hundredths < 0n || discount.hundredths > 100n) {
    throw new BillingError("INVALID_DISCOUNT", "hundredths must be 0–100");
  }
}

// price × discount, half-up at 0.00001 yuan.
export function applyDiscount(price: Money, discount: Discount): Money {
  assertDiscount(discount);
  return mulRatio(price, discount.hundredths, 100n, "halfUp");
}
