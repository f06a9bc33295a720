export {
  allocateSettlement,
  type DebtOrigin,
  invoiceableSettled,
  type OutstandingOrigin,
  outstandingOrigins,
  type SettlementAllocation,
  type SettlementPart,
  settleDebt,
} from "./arrears-settlement";
export { daysOfBalanceLeft, FORECAST_WINDOW_DAYS } from "./balance-forecast";
export {
  BUDGET_THRESHOLDS,
  type BudgetThreshold,
  budgetPercent,
  budgetThresholdsCrossed,
} from "./budgets";
export {
  type ConfigurationChange,
  type ConfigurationChangeInput,
  configurationChange,
  DAYS_PER_MONTH_FOR_CHANGE,
} from "./change";
export {
  type ContractWindow,
  contractDiscountAt,
  type HourlyContractCharge,
  hourlyContractCharge,
  uniformContractSpan,
} from "./contract-hours";
export {
  type ContractDiscountRule,
  type ContractState,
  type ContractTimes,
  contractDiscountAmount,
  contractDiscountFor,
  contractStateAt,
  creditOverflow,
  effectiveCreditLimit,
} from "./contracts";
export {
  type Coupon,
  type CouponBenefit,
  type CouponEvaluation,
  type CouponOrder,
  type CouponRejection,
  type CouponStatus,
  evaluateCoupon,
} from "./coupons";
export {
  type Allocation,
  type AllocationResult,
  type AppliedCoupon,
  allocateCharge,
  allocateChargesInTurn,
  type ChargeInput,
  type ChargesInTurnInput,
  DEDUCTION_ORDER,
  type FundingSource,
  orderVouchers,
  type Voucher,
} from "./deduction";
export {
  applyDiscount,
  type Discount,
  type DiscountResult,
  discountFromHundredths,
  NO_DISCOUNT,
  parseDiscount,
} from "./discount";
export { BillingError, type BillingErrorCode } from "./errors";
export {
  billableSpanAmount,
  coverWithPackages,
  type HpcCover,
  type HpcCoverSpan,
  type HpcPackage,
  type HpcPackageDimension,
  unitHoursOf,
  unitSecondsOf,
} from "./hpc-packages";
export {
  type HpcPrices,
  type HpcSpan,
  type HpcSpanCharge,
  type HpcUsage,
  hpcUsageAmount,
  NO_USAGE,
  type RatingSpan,
  rateJobSpan,
  SECONDS_PER_HOUR,
  unratedSpan,
} from "./hpc-rating";
export {
  allocateInvoice,
  type InvoiceAllocation,
  type InvoiceableItem,
  type InvoiceShare,
  invoiceableItems,
  isOnOrAfter,
  type LocalDate,
  type PaidBill,
  POSTPAID_INVOICE_DAY,
  postpaidOpensOn,
} from "./invoiceable";
export {
  divide,
  formatYuan,
  type Money,
  max,
  min,
  mulRatio,
  type ParseYuanResult,
  parseYuan,
  type RoundingMode,
  sum,
  tryParseYuan,
  UNITS_PER_YUAN,
  YUAN_DECIMALS,
} from "./money";
export {
  BYTES_PER_GB,
  OBS_REQUESTS_PER_PRICE_UNIT,
  type ObsPrices,
  type ObsUsage,
  type ObsUsageCharge,
  obsUsageCharge,
} from "./obs-usage";
export {
  addDays,
  addMonths,
  assertPrepaidPeriod,
  daysBetweenCeil,
  daysInPeriod,
  isPrepaidPeriod,
  PREPAID_PERIOD_MONTHS,
  type PrepaidPeriodMonths,
  type PrepaidPeriodResult,
  parsePrepaidPeriod,
  periodEnd,
} from "./periods";
export {
  type BasePlusUnitPriceModel,
  HOURS_PER_MONTH,
  hourlyPrice,
  monthlyPrice,
  type PaymentType,
  type PriceModel,
  type PriceNotCalculableReason,
  type PriceResult,
  postpaidCharge,
  prepaidPrice,
  quotePrepaid,
  type UnitPriceModel,
} from "./pricing";
export {
  distributeRefund,
  type OverdueCharge,
  overdueCharge,
  type RefundPolicy,
  refundableBase,
  type UnsubscribeInput,
  type UnsubscribeRefund,
  unsubscribeRefund,
} from "./refunds";
export {
  type AlignmentInput,
  type AlignmentResult,
  AUTO_RENEW_DAYS_BEFORE_EXPIRY,
  alignExpiry,
  autoRenewDueDate,
  isAutoRenewDue,
  MAX_ALIGNMENT_DAYS,
  type Renewal,
  type RenewalInput,
  renew,
  renewPrice,
} from "./renewal";
export {
  checkScalingWindows,
  checkStorageScaling,
  checkStorageSize,
  DEFAULT_STORAGE_LIMITS,
  nextFreeSlot,
  type StorageLimits,
  type StorageRefusal,
  type StorageScaling,
  type StorageVerdict,
} from "./storage-capacity";
export { evenShares, splitAllocations, type TermRefundInput, termRefund } from "./terms";
export { DEFAULT_TIME_ZONE, fromLocal, type Instant, type LocalDateTime, toLocal } from "./time-zone";
