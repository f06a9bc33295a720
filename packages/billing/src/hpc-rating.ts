// Rating HPC jobs (docs/billing/rules.md §14): a job's usage is core-seconds (allocated CPUs ×
// elapsed seconds) and GPU-seconds (allocated GPUs × elapsed seconds), priced per core-hour and per
// GPU-hour with the contract discount. A running job is charged in spans (one per accounting run),
// and the amount of a span is always taken as a difference of cumulative amounts:
//   amount(usage so far) − amount(usage charged before),
// each rounded half-up once by the same rule. The sum over any split of a job's time therefore
// telescopes to amount(total usage): every job-second is charged once and rounding never drifts.
import { assertDiscount, type Discount, NO_DISCOUNT } from "./discount";
import { BillingError } from "./errors";
import { assertNonNegative, divide, type Money } from "./money";

export const SECONDS_PER_HOUR = 3600n;

/** A pool's prices: per core-hour and per GPU-hour in 0.00001-yuan units, and the contract discount. */
export type HpcPrices = { coreHour: Money; gpuHour: Money; discount?: Discount };

/** What a job has used, cumulatively: allocated CPUs × seconds and allocated GPUs × seconds. */
export type HpcUsage = { coreSeconds: bigint; gpuSeconds: bigint };

export const NO_USAGE: HpcUsage = { coreSeconds: 0n, gpuSeconds: 0n };

/** One span of a job: its allocation and the seconds it ran in the span. */
export type HpcSpan = { cpus: number; gpus: number; seconds: number };

export type HpcSpanCharge = {
  /** The job's cumulative usage after this span. */
  usage: HpcUsage;
  /** What this span added. */
  coreSeconds: bigint;
  gpuSeconds: bigint;
  /** This span's charge after the discount, and before it (the bill's original amount). */
  amount: Money;
  original: Money;
};

function count(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new BillingError("INVALID_ARGUMENT", `${what} must be a non-negative integer, got ${value}`);
  }
  return BigInt(value);
}

function assertUsage(usage: HpcUsage): void {
  if (usage.coreSeconds < 0n || usage.gpuSeconds < 0n) {
    throw new BillingError("INVALID_ARGUMENT", "usage must not be negative");
  }
}

/**
 * The amount for a cumulative usage: (core-seconds × core-hour price + GPU-seconds × GPU-hour
 * price) × discount ÷ 3600, half-up once for the whole, never per hour or per resource.
 */
export function hpcUsageAmount(usage: HpcUsage, prices: HpcPrices): Money {
  assertUsage(usage);
  assertNonNegative(prices.coreHour, "core-hour price");
  assertNonNegative(prices.gpuHour, "GPU-hour price");
  const discount = prices.discount ?? NO_DISCOUNT;
  assertDiscount(discount);
  const perHour = usage.coreSeconds * prices.coreHour + usage.gpuSeconds * prices.gpuHour;
  return divide(perHour * discount.hundredths, SECONDS_PER_HOUR * 100n, "halfUp");
}

/**
 * Charges one span of a job that has already used `before`: the span's usage is added and its
 * amount is the difference of the cumulative amounts, so charging a job in any number of spans
 * gives exactly the amount of charging it at once.
 */
export function rateJobSpan(before: HpcUsage, span: HpcSpan, prices: HpcPrices): HpcSpanCharge {
  assertUsage(before);
  const seconds = count(span.seconds, "seconds");
  const coreSeconds = count(span.cpus, "cpus") * seconds;
  const gpuSeconds = count(span.gpus, "gpus") * seconds;
  const usage = { coreSeconds: before.coreSeconds + coreSeconds, gpuSeconds: before.gpuSeconds + gpuSeconds };
  const list = { coreHour: prices.coreHour, gpuHour: prices.gpuHour };
  return {
    usage,
    coreSeconds,
    gpuSeconds,
    amount: hpcUsageAmount(usage, prices) - hpcUsageAmount(before, prices),
    original: hpcUsageAmount(usage, list) - hpcUsageAmount(before, list),
  };
}

/** The part of a job to rate now: from where it was charged to (or its start) to its end or `until`. */
export type RatingSpan = { from: Date; to: Date; seconds: number };

/**
 * The job-seconds not yet charged, up to `until` (the hour boundary a run rates to). Seconds are
 * whole seconds of the clock (sacct's resolution): a span's seconds are ⌊to⌋ − ⌊from⌋, so
 * consecutive spans add up to the job's elapsed seconds exactly. Null when there is nothing to rate:
 * the job has not started, or was charged up to its end or to `until` already.
 */
export function unratedSpan(
  job: { startedAt: Date | null; endedAt: Date | null },
  chargedUpTo: Date | null,
  until: Date,
): RatingSpan | null {
  if (!job.startedAt) return null;
  const from = chargedUpTo && chargedUpTo > job.startedAt ? chargedUpTo : job.startedAt;
  const to = job.endedAt && job.endedAt < until ? job.endedAt : until;
  const seconds = Math.floor(to.getTime() / 1000) - Math.floor(from.getTime() / 1000);
  return seconds > 0 ? { from, to, seconds } : null;
}
