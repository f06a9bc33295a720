import { ERRORS, type ErrorKey, type ErrorParam } from "@skyledger/contracts";

/** A business or protocol failure with a stable catalogue key; the envelope translates it. */
export class DomainError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, ErrorParam>;
  readonly data: unknown;

  constructor(key: ErrorKey, params: Record<string, ErrorParam> = {}, data: unknown = null) {
    super(key);
    this.key = key;
    this.params = params;
    this.data = data;
  }

  get httpStatus(): number {
    return ERRORS[this.key].http;
  }
}

/** RATE_LIMITED with the seconds the caller should wait, sent as `Retry-After`. */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super("RATE_LIMITED");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
