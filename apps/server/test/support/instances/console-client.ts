// A client that talks to the balancer as the console does (docs/api/signing.md): the anti-forgery
// cookie and header, a signed call after sign-in (signed with the server's clock, X-Server-Time),
// an Idempotency-Key on money calls. A call the balancer answers 502/503/504, or whose connection
// fails, is sent again with the same key (a fresh nonce and signature), as the console's retry does.
import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";

export type Outcome = "ok" | "refused" | "failed";

export type Answer<T> = {
  outcome: Outcome;
  status: number;
  code: number;
  data: T | undefined;
  message: string;
  /** Attempts the call took; more than one means the first one met a connection error or a 5xx. */
  attempts: number;
};

export type CallOptions = {
  query?: Record<string, string>;
  body?: unknown;
  /** A money call's key: the call is retried with it after a connection error. */
  idempotencyKey?: string;
  /** Retried after a connection error without a key: reads and quotes, which change nothing. */
  safeToRetry?: boolean;
};

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const MAX_ATTEMPTS = 6;

export class ConsoleClient {
  private token = "";
  private secret = "";
  private skewMs = 0;
  private readonly xsrf = `inst-${randomUUID()}`;

  /** `forwardedFor`: the user's address, as a proxy in front of nginx would pass it on. */
  constructor(
    readonly base: string,
    private readonly forwardedFor?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      "x-xsrf-token": this.xsrf,
      "accept-language": "en-US",
      "x-source": "console",
      "x-module-type": "console",
      ...(this.forwardedFor ? { "x-forwarded-for": this.forwardedFor } : {}),
      ...extra,
    };
  }

  /** Signs in; the answer says whether it worked (a failed sign-in is retried like a read). */
  async login(account: string, password: string): Promise<Answer<{ token: string; signSecret: string }>> {
    const answer = await this.send<{ token: string; signSecret: string }>(
      "POST",
      "/api/users/login",
      { body: { account, password }, safeToRetry: true },
      false,
    );
    if (answer.outcome === "ok" && answer.data) {
      this.token = answer.data.token;
      this.secret = answer.data.signSecret;
    }
    return answer;
  }

  /** An unsigned call (before sign-in: codes, registration). */
  open<T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    return this.send<T>(method, path, options, false);
  }

  call<T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    return this.send<T>(method, path, options, true);
  }

  private signature(method: string, path: string, options: CallOptions): Record<string, string> {
    const timestamp = String(Date.now() + this.skewMs);
    const nonce = randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method,
      path,
      query: options.query ?? {},
      body: options.body ?? {},
      timestamp,
      nonce,
      requestId,
    });
    return {
      authorization: `Bearer ${this.token}`,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-request-id": requestId,
      "x-sign": createHmac("sha256", this.secret).update(canonical).digest("hex"),
    };
  }

  private async send<T>(
    method: string,
    path: string,
    options: CallOptions,
    signed: boolean,
  ): Promise<Answer<T>> {
    const retry = options.idempotencyKey !== undefined || options.safeToRetry === true;
    const qs = new URLSearchParams(options.query ?? {}).toString();
    let last: Answer<T> = {
      outcome: "failed",
      status: 0,
      code: 0,
      data: undefined,
      message: "",
      attempts: 0,
    };
    for (let attempt = 1; attempt <= (retry ? MAX_ATTEMPTS : 1); attempt++) {
      const extra: Record<string, string> = signed ? this.signature(method, path, options) : {};
      if (options.idempotencyKey) extra["idempotency-key"] = options.idempotencyKey;
      try {
        const res = await fetch(`${this.base}${path}${qs ? `?${qs}` : ""}`, {
          method,
          headers: this.headers(extra),
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const serverTime = Number(res.headers.get("x-server-time"));
        if (serverTime > 0) this.skewMs = serverTime - Date.now();
        const text = await res.text();
        if (RETRYABLE_STATUS.has(res.status)) {
          last = {
            outcome: "failed",
            status: res.status,
            code: 0,
            data: undefined,
            message: text.slice(0, 80),
            attempts: attempt,
          };
          continue;
        }
        const body = JSON.parse(text) as { code: number; data: T; message: string };
        const ok = res.status === 200 && body.code === 200;
        return {
          outcome: ok ? "ok" : "refused",
          status: res.status,
          code: body.code,
          data: ok ? body.data : undefined,
          message: body.message,
          attempts: attempt,
        };
      } catch (err) {
        last = {
          outcome: "failed",
          status: 0,
          code: 0,
          data: undefined,
          message: err instanceof Error ? err.message : String(err),
          attempts: attempt,
        };
      }
    }
    return last;
  }
}
