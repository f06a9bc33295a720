// Object storage usage (docs/billing/rules.md, "Object storage usage"): a bucket costs nothing by
// itself; each accounting run charges the hours since its last run for
//   storage  = bytes × price per GB-month × hours ÷ (2^30 × 720)   (a GB is 2^30 bytes, a month 720 h)
//   requests = requests × price per 10 000 ÷ 10 000
// each with the contract discount and rounded half-up to 0.00001 yuan once, on its own. The bytes
// are the bucket's size measured at the run and applied to all the hours it charges; a run rounds
// once per part, so splitting a span into two runs moves each part by at most one unit.
import { assertDiscount, type Discount, NO_DISCOUNT } from "./discount";
import { BillingError } from "./errors";
import { assertNonNegative, type Money, mulRatio } from "./money";
import { HOURS_PER_MONTH } from "./pricing";

export const BYTES_PER_GB = 1n << 30n;
export const OBS_REQUESTS_PER_PRICE_UNIT = 10_000n;

export type ObsPrices = {
  /** The storage class's price per GB-month, in 0.00001-yuan units. */
  storagePerGbMonth: Money;
  /** The price per 10 000 requests. */
  requestsPer10k: Money;
  discount?: Discount;
};

export type ObsUsage = {
  /** Bytes stored (measured at the run). */
  bytes: bigint;
  /** Whole hours the bytes are charged for. */
  hours: number;
  /** Requests the store served in those hours. */
  requests: bigint;
};

export type ObsUsageCharge = {
  /** After the discount: what is charged. */
  storage: Money;
  requests: Money;
  amount: Money;
  /** Before it (the bill's original amount). */
  original: Money;
};

function nonNegative(value: bigint, what: string): void {
  if (value < 0n) throw new BillingError("INVALID_ARGUMENT", `${what} must not be negative`);
}

function parts(usage: ObsUsage, prices: ObsPrices, hundredths: bigint) {
  const storage = mulRatio(
    usage.bytes * prices.storagePerGbMonth * hundredths,
    BigInt(usage.hours),
    BYTES_PER_GB * HOURS_PER_MONTH * 100n,
  );
  const requests = mulRatio(
    usage.requests * prices.requestsPer10k,
    hundredths,
    OBS_REQUESTS_PER_PRICE_UNIT * 100n,
  );
  return { storage, requests };
}

/** The charge of one accounting run of a bucket. */
export function obsUsageCharge(usage: ObsUsage, prices: ObsPrices): ObsUsageCharge {
  if (!Number.isSafeInteger(usage.hours) || usage.hours < 0)
    throw new BillingError("INVALID_ARGUMENT", "hours must be a non-negative integer");
  nonNegative(usage.bytes, "bytes");
  nonNegative(usage.requests, "requests");
  assertNonNegative(prices.storagePerGbMonth, "storage price");
  assertNonNegative(prices.requestsPer10k, "request price");
  const discount = prices.discount ?? NO_DISCOUNT;
  assertDiscount(discount);
  const charged = parts(usage, prices, discount.hundredths);
  const list = parts(usage, prices, 100n);
  return {
    storage: charged.storage,
    requests: charged.requests,
    amount: charged.storage + charged.requests,
    original: list.storage + list.requests,
  };
}
