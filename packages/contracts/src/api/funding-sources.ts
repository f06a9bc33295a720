/**
 * Where the money of a payment came from, in the deduction order (packages/billing DEDUCTION_ORDER):
 * `arrears` is what postpaid hours used beyond everything the tenant held left owed.
 */
export const FUNDING_SOURCES = [
  "coupon",
  "deduction_voucher",
  "topup_voucher",
  "cash",
  "credit",
  "arrears",
] as const;
export type FundingSourceName = (typeof FUNDING_SOURCES)[number];
