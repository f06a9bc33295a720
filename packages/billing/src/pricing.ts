import { applyDiscount, assertDiscount, type Discount, NO_DISCOUNT } from "./discount";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, mulRatio } from "./money";
import { assertPrepaidPeriod } from "./periods";

export type PaymentType = "prepaid" | "postpaid";

// One strategy per price model (Lago charge_models). All prices are per month. The configuration fee
// is part of the spec's price formula, so it is a monthly component too, not a one-off setup fee.
export type UnitPriceModel = { model: "unit"; unitPrice: Money; configurationFee?: Money };
export type BasePlusUnitPriceModel = {
  model: "base_plus_unit";
  basePrice: Money;
  unitPrice: Money;
  configurationFee?: Money;
};
export type PriceModel = UnitPriceModel | BasePlusUnitPriceModel;

export type PriceNotCalculableReason = "INVALID_QUANTITY" | "NEGATIVE_PRICE" | "UNKNOWN_MODEL";
export type PriceResult =
  | { ok: true; amount: Money }
  | { ok: false; code: "PRICE_NOT_CALCULABLE"; reason: PriceNotCalculableReason };

// Postpaid resources are billed by the hour from the same monthly price list: a month is 30 × 24 hours.
export const HOURS_PER_MONTH = 720n;

function unitModel(model: UnitPriceModel, quantity: bigint): Money[] {
  return [model.unitPrice * quantity];
}

function basePlusUnitModel(model: BasePlusUnitPriceModel, quantity: bigint): Money[] {
  return [model.basePrice, model.unitPrice * quantity];
}

function components(model: PriceModel, quantity: bigint): Money[] | undefined {
  switch (model.model) {
    case "unit":
      return unitModel(model, quantity);
    case "base_plus_unit":
      return basePlusUnitModel(model, quantity);
    default:
      // Price models come from stored configuration, so an unknown name is possible at run time.
      return undefined;
  }
}

// Monthly list price for N units (spec §9: unit × N, or base + unit × N, plus a configuration fee).
export function monthlyPrice(model: PriceModel, quantity: number): PriceResult {
  // Spec §5: quantities are positive integers.
  if (!Number.isSafeInteger(quantity) || quantity <= 0) {
    return { ok: false, code: "PRICE_NOT_CALCULABLE", reason: "INVALID_QUANTITY" };
  }
  const parts = components(model, BigInt(quantity));
  if (parts === undefined) return { ok: false, code: "PRICE_NOT_CALCULABLE", reason: "UNKNOWN_MODEL" };
  parts.push(model.configurationFee ?? 0n);
  if (parts.some((part) => part < 0n)) {
    return { ok: false, code: "PRICE_NOT_CALCULABLE", reason: "NEGATIVE_PRICE" };
  }
  return { ok: true, amount: parts.reduce((total, part) => total + part, 0n) };
}

// Prepaid price for M months = monthly × M, then × discount rounded half-up once.
export function prepaidPrice(monthly: Money, months: number, discount: Discount = NO_DISCOUNT): Money {
  assertNonNegative(monthly, "monthly price");
  return applyDiscount(monthly * BigInt(assertPrepaidPeriod(months)), discount);
}

export function quotePrepaid(
  model: PriceModel,
  quantity: number,
  months: number,
  discount: Discount = NO_DISCOUNT,
): PriceResult {
  const monthly = monthlyPrice(model, quantity);
  return monthly.ok ? { ok: true, amount: prepaidPrice(monthly.amount, months, discount) } : monthly;
}

// Displayed hourly price = monthly × discount ÷ 720, half-up. Only for display: charges use postpaidCharge.
export function hourlyPrice(monthly: Money, discount: Discount = NO_DISCOUNT): Money {
  return postpaidCharge(monthly, 1, discount);
}

// Charge for H hours = monthly × H × discount ÷ 720, rounded half-up once for the whole charge, so a
// rounded hourly price is never multiplied (which would scale the rounding error by H).
export function postpaidCharge(monthly: Money, hours: number, discount: Discount = NO_DISCOUNT): Money {
  assertNonNegative(monthly, "monthly price");
  if (!Number.isSafeInteger(hours) || hours < 0) {
    throw new BillingError("INVALID_ARGUMENT", "hours must be a non-negative integer");
  }
  assertDiscount(discount);
  return mulRatio(monthly * discount.hundredths, BigInt(hours), HOURS_PER_MONTH * 100n);
}
