import {
  type AppliedCoupon,
  alignExpiry,
  allocateCharge,
  autoRenewDueDate,
  type Coupon,
  configurationChange,
  type DebtOrigin,
  daysBetweenCeil,
  daysInPeriod,
  evaluateCoupon,
  formatYuan,
  hourlyPrice,
  invoiceableSettled,
  monthlyPrice,
  mulRatio,
  NO_USAGE,
  obsUsageCharge,
  overdueCharge,
  type PaymentType,
  type PriceModel,
  parseDiscount,
  parseYuan,
  periodEnd,
  postpaidCharge,
  prepaidPrice,
  type RefundPolicy,
  type RoundingMode,
  rateJobSpan,
  renew,
  settleDebt,
  tryParseYuan,
  unsubscribeRefund,
} from "../../src/index";
import {
  type ExampleBlock,
  formatAllocations,
  Inputs,
  localTime,
  type Outputs,
  parseAllocations,
  parseVouchers,
  RuleError,
} from "./rules-doc-parse";
import { shanghai } from "./time";

const $ = formatYuan;

function couponOf(input: Inputs): Coupon {
  const [kind, amount = ""] = input.get("coupon").split(" ");
  const discount = parseDiscount(amount);
  const [from = "", until = ""] = input.get("valid").split(" .. ");
  return {
    id: "C",
    benefit:
      kind === "discount" && discount.ok
        ? { kind: "discount", discount: discount.discount }
        : { kind: "value", value: parseYuan(amount) },
    threshold: parseYuan(input.opt("threshold") ?? "0"),
    productCodes: input.list("products"),
    paymentTypes: input.list("payments") as PaymentType[],
    validFrom: shanghai(from),
    validUntil: shanghai(until),
    status: (input.opt("status") ?? "valid") as Coupon["status"],
  };
}

const evaluators: Record<string, (input: Inputs) => Outputs> = {
  "money-parse": (input): Outputs => {
    const result = tryParseYuan(input.get("input"));
    if (!result.ok) return { error: result.code };
    return { units: String(result.amount), yuan: $(result.amount) };
  },
  "money-round": (input): Outputs => {
    const [numerator = "", denominator = ""] = input.get("ratio").split("/");
    const mode = input.get("mode") as RoundingMode;
    return { result: $(mulRatio(input.yuan("amount"), BigInt(numerator), BigInt(denominator), mode)) };
  },
  discount: (input): Outputs => ({ discounted: $(prepaidPrice(input.yuan("price"), 1, input.discount())) }),
  "monthly-price": (input): Outputs => {
    const common = {
      unitPrice: input.yuan("unit-price"),
      configurationFee: parseYuan(input.opt("fee") ?? "0"),
    };
    const model: PriceModel =
      input.get("model") === "unit"
        ? { model: "unit", ...common }
        : { model: "base_plus_unit", basePrice: input.yuan("base-price"), ...common };
    const result = monthlyPrice(model, input.int("quantity"));
    return result.ok ? { monthly: $(result.amount) } : { error: result.code, reason: result.reason };
  },
  "prepaid-price": (input): Outputs => ({
    price: $(prepaidPrice(input.yuan("monthly"), input.int("months"), input.discount())),
  }),
  "postpaid-charge": (input): Outputs => {
    const discount = input.discount();
    return {
      "hourly-price": $(hourlyPrice(input.yuan("monthly"), discount)),
      charge: $(postpaidCharge(input.yuan("monthly"), input.int("hours"), discount)),
    };
  },
  period: (input): Outputs => {
    const end = periodEnd(input.time("start"), input.int("months"));
    return { end: localTime(end), days: String(daysInPeriod(input.time("start"), end)) };
  },
  "days-ceil": (input): Outputs => ({ days: String(daysBetweenCeil(input.time("from"), input.time("to"))) }),
  coupon: (input): Outputs => {
    const order = {
      amount: input.yuan("order"),
      productCode: input.get("order-product"),
      paymentType: input.get("order-payment") as PaymentType,
    };
    const result = evaluateCoupon(couponOf(input), order, input.time("now"));
    if (!result.applicable) return { applicable: "no", reason: result.reason };
    return { applicable: "yes", deduction: $(result.deduction), forfeited: $(result.forfeited) };
  },
  deduction: (input): Outputs => {
    const [couponId, couponAmount] = (input.opt("coupon") ?? "").split(" ");
    const coupon: AppliedCoupon | undefined =
      couponId && couponAmount ? { couponId, deduction: parseYuan(couponAmount) } : undefined;
    const result = allocateCharge({
      charge: input.yuan("charge"),
      coupon,
      deductionVouchers: parseVouchers(input.opt("deduction-vouchers")),
      topUpVouchers: parseVouchers(input.opt("topup-vouchers")),
      cashBalance: parseYuan(input.opt("cash") ?? "0"),
      availableCredit: parseYuan(input.opt("credit") ?? "0"),
      now: input.time("now"),
    });
    if (!result.ok) return { error: result.code, shortfall: $(result.shortfall) };
    return { allocations: formatAllocations(result.allocations) };
  },
  unsubscribe: (input): Outputs => {
    const result = unsubscribeRefund({
      policy: input.get("policy") as RefundPolicy,
      periodStart: input.time("start"),
      months: input.int("months"),
      paid: parseAllocations(input.get("paid")),
      at: input.time("at"),
    });
    return {
      "money-paid": $(result.moneyPaid),
      used: $(result.used),
      refund: $(result.refund),
      "refund-to": formatAllocations(result.refundAllocations),
    };
  },
  overdue: (input): Outputs => {
    const result = overdueCharge(
      input.yuan("price"),
      input.time("start"),
      input.time("expiry"),
      input.time("at"),
    );
    return { days: String(result.overdueDays), amount: $(result.amount) };
  },
  change: (input): Outputs => {
    const result = configurationChange({
      newMonthlyPrice: input.yuan("new-monthly"),
      oldPeriodPrice: input.yuan("old-price"),
      periodStart: input.time("start"),
      expiry: input.time("expiry"),
      at: input.time("at"),
    });
    if (!result.ok) return { error: result.code };
    return {
      "remaining-days": String(result.remainingDays),
      "new-remaining": $(result.newRemainingPrice),
      "old-remaining": $(result.oldRemainingPrice),
      difference: $(result.difference),
      direction: result.direction,
    };
  },
  alignment: (input): Outputs => {
    const result = alignExpiry({
      periodStart: input.time("start"),
      expiry: input.time("expiry"),
      periodPrice: input.yuan("price"),
      targetExpiry: input.time("target"),
    });
    if (!result.ok) return { error: result.code };
    return {
      days: String(result.extraDays),
      amount: $(result.amount),
      "new-expiry": localTime(result.newExpiry),
    };
  },
  "auto-renew": (input): Outputs => ({ due: localTime(autoRenewDueDate(input.time("expiry"))) }),
  renewal: (input): Outputs => {
    const result = renew({
      currentPeriodStart: input.time("start"),
      expiry: input.time("expiry"),
      currentPeriodPrice: input.yuan("period-price"),
      monthlyPrice: input.yuan("monthly"),
      months: input.int("months"),
      discount: input.discount(),
      at: input.time("at"),
    });
    return {
      price: $(result.price),
      "overdue-days": String(result.overdue.overdueDays),
      overdue: $(result.overdue.amount),
      total: $(result.total),
      "new-start": localTime(result.newStart),
      "new-expiry": localTime(result.newExpiry),
    };
  },
  "hpc-rating": (input): Outputs => {
    const prices = {
      coreHour: input.yuan("core-hour"),
      gpuHour: parseYuan(input.opt("gpu-hour") ?? "0"),
      discount: input.discount(),
    };
    const job = { cpus: input.int("cpus"), gpus: Number.parseInt(input.opt("gpus") ?? "0", 10) };
    const spans = input.list("spans").map((s) => Number.parseInt(s, 10));
    let usage = NO_USAGE;
    const amounts: bigint[] = [];
    for (const seconds of spans) {
      const charge = rateJobSpan(usage, { ...job, seconds }, prices);
      amounts.push(charge.amount);
      usage = charge.usage;
    }
    const seconds = spans.reduce((s, n) => s + n, 0);
    const once = rateJobSpan(NO_USAGE, { ...job, seconds }, prices);
    return {
      "span-amounts": amounts.map($).join(", "),
      total: $(amounts.reduce((s, a) => s + a, 0n)),
      once: $(once.amount),
      "core-hours": (Number(usage.coreSeconds) / 3600).toString(),
      "gpu-hours": (Number(usage.gpuSeconds) / 3600).toString(),
    };
  },
  "arrears-settlement": (input): Outputs => {
    // origins: "bill B1 100, withdrawal W1 50" oldest first; settlement: "voucher 50, money 30" in
    // the order the parts pay.
    const origins = input.list("origins").map((o): DebtOrigin => {
      const [kind = "", ref = "", amount = ""] = o.split(" ");
      return {
        kind: kind === "withdrawal" ? "creditWithdrawal" : "billArrears",
        ref,
        amount: parseYuan(amount),
      };
    });
    const parts = input.list("settlement").map((p) => {
      const [kind = "", amount = ""] = p.split(" ");
      return { amount: parseYuan(amount), paid: kind === "money" };
    });
    const allocations = settleDebt(origins, input.yuan("debt"), parts);
    return {
      allocations: allocations
        .map((a) => `${a.ref} ${$(a.amount)} ${a.paid ? "money" : "no money"}`)
        .join(", "),
      invoiceable:
        [...invoiceableSettled(allocations)].map(([bill, amount]) => `${bill}=${$(amount)}`).join(", ") ||
        "none",
    };
  },
  "obs-usage": (input): Outputs => {
    // Bytes are written as GB (2^30 bytes, decimals allowed) to keep the examples readable.
    const [whole = "0", fraction = ""] = input.get("gb").split(".");
    const scale = 10n ** BigInt(fraction.length);
    const bytes = ((BigInt(whole) * scale + BigInt(fraction || "0")) * 2n ** 30n) / scale;
    const charge = obsUsageCharge(
      { bytes, hours: input.int("hours"), requests: BigInt(input.opt("requests") ?? "0") },
      {
        storagePerGbMonth: input.yuan("storage-price"),
        requestsPer10k: parseYuan(input.opt("request-price") ?? "0"),
        discount: input.discount(),
      },
    );
    return {
      storage: $(charge.storage),
      requests: $(charge.requests),
      amount: $(charge.amount),
      original: $(charge.original),
    };
  },
};

export const RULES = Object.keys(evaluators);

// Runs one example; thrown BillingErrors and RuleErrors become an `error` output.
export function evaluate(block: ExampleBlock): { outputs: Outputs; unknownKeys: string[] } {
  const rule = block.fields.get("rule") ?? "";
  const evaluator = evaluators[rule];
  if (evaluator === undefined) throw new Error(`line ${block.line}: unknown rule "${rule}"`);
  const input = new Inputs(block.fields);
  let outputs: Outputs;
  try {
    outputs = evaluator(input);
  } catch (error) {
    const code = error instanceof RuleError ? error.message : (error as { code?: string }).code;
    if (code === undefined) throw error;
    outputs = { error: code };
  }
  return { outputs, unknownKeys: input.unknownKeys() };
}
