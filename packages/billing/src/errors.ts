// Codes for inputs that break a function's contract (a programming or validation error upstream).
// Business refusals (insufficient balance, alignment too long…) are returned as result unions instead,
// so callers are forced by the type checker to handle them.
export type BillingErrorCode =
  | "INVALID_AMOUNT"
  | "INVALID_ARGUMENT"
  | "INVALID_DISCOUNT"
  | "INVALID_PERIOD"
  | "INVALID_TIME_ZONE";

export class BillingError extends Error {
  readonly code: BillingErrorCode;

  constructor(code: BillingErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = "BillingError";
    this.code = code;
  }
}
