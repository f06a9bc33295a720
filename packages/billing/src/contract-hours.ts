// The contract discount over time (decision 0029, docs/billing/contracts.md): which rules apply at an
// instant, and what a postpaid charge of whole hours loses to the discount when a contract starts or
// ends inside the hours charged. An hour is in execution when it begins in execution (from the
// contract's start, inclusive, to its end or termination, exclusive), as a price asked at that
// instant would be.
import { type ContractDiscountRule, contractDiscountAmount, contractDiscountFor } from "./contracts";
import type { Discount } from "./discount";
import { type Money, min } from "./money";
import { postpaidCharge } from "./pricing";

const HOUR_MS = 3_600_000;

/** The discount rules of one contract and the instants it is in execution: [from, until). */
export type ContractWindow = { from: Date; until: Date; rules: readonly ContractDiscountRule[] };

/** The contract discount for a product at an instant: the rules of every contract then in execution. */
export function contractDiscountAt(
  windows: readonly ContractWindow[],
  product: { code: string; categoryCode: string | null },
  at: Date,
): Discount | null {
  const t = at.getTime();
  const rules = windows.filter((w) => w.from.getTime() <= t && t < w.until.getTime()).flatMap((w) => w.rules);
  return contractDiscountFor(rules, product);
}

export type HourlyContractCharge = {
  /** The hours at the monthly price after the product's discount (postpaidCharge, rounded once). */
  gross: Money;
  /** Its own line: never negative, never more than the gross. */
  contractDiscount: Money;
  net: Money;
};

/**
 * A postpaid charge of `hours` whole hours from `from`. Consecutive hours under the same contract
 * rate form a run; each run's own charge is discounted (half-up at 0.00001 yuan, as a quote's
 * contract line) and the runs' discounts add up, capped at the gross. Hours outside every contract
 * are charged in full.
 */
export function hourlyContractCharge(input: {
  monthly: Money;
  productDiscount: Discount;
  from: Date;
  hours: number;
  discountAt: (at: Date) => Discount | null;
}): HourlyContractCharge {
  const gross = postpaidCharge(input.monthly, input.hours, input.productDiscount);
  let off = 0n;
  let run: { discount: Discount | null; hours: number } = { discount: null, hours: 0 };
  const close = () => {
    if (run.discount && run.hours > 0) {
      off += contractDiscountAmount(
        postpaidCharge(input.monthly, run.hours, input.productDiscount),
        run.discount,
      );
    }
  };
  for (let h = 0; h < input.hours; h++) {
    const d = input.discountAt(new Date(input.from.getTime() + h * HOUR_MS));
    if ((d?.hundredths ?? null) === (run.discount?.hundredths ?? null)) {
      run.hours += 1;
    } else {
      close();
      run = { discount: d, hours: 1 };
    }
  }
  close();
  const contractDiscount = min(off, gross);
  return { gross, contractDiscount, net: gross - contractDiscount };
}

/**
 * For usage rated over a span at once (HPC job-seconds, object storage): the longest part of
 * [from, until) from `from` whose hours all have the same contract discount, and that discount.
 * The rater charges that part alone and rates the rest apart, so each charge has one contract rate.
 */
export function uniformContractSpan(
  from: Date,
  until: Date,
  discountAt: (at: Date) => Discount | null,
): { until: Date; discount: Discount | null } {
  const discount = discountAt(from);
  const rate = discount?.hundredths ?? null;
  for (let t = from.getTime() + HOUR_MS; t < until.getTime(); t += HOUR_MS) {
    if ((discountAt(new Date(t))?.hundredths ?? null) !== rate) return { until: new Date(t), discount };
  }
  return { until, discount };
}
