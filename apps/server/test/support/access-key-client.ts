// An API client that signs with an access key (docs/api/access-keys.md): no token, no cookie, no
// anti-forgery header, the test's clock for timestamps.
import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import type { FastifyInstance } from "fastify";
import type { Envelope, Reply } from "./client";
import type { FakeClock } from "./fake-clock";

export type KeyRequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string>;
  body?: unknown;
  /** Override pieces of the signature to test the refusals. */
  nonce?: string;
  timestamp?: number;
  secret?: string;
  /** The body the signature covers, when it differs from the body sent (tampering). */
  signedBody?: unknown;
  ip?: string;
};

export class AccessKeyClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: FakeClock,
    readonly keyId: string,
    private readonly secret: string,
  ) {}

  async request<T = unknown>(url: string, options: KeyRequestOptions = {}): Promise<Reply<T>> {
    const res = await this.raw(url, options);
    return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
  }

  raw(url: string, options: KeyRequestOptions = {}) {
    const method = options.method ?? "GET";
    const timestamp = String(options.timestamp ?? this.clock.now().getTime());
    const nonce = options.nonce ?? randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method,
      path: url,
      query: options.query ?? {},
      body: options.signedBody ?? options.body ?? {},
      timestamp,
      nonce,
      requestId,
    });
    return this.app.inject({
      method,
      url,
      query: options.query,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      headers: {
        "accept-language": "en-US",
        "x-access-key": this.keyId,
        "x-timestamp": timestamp,
        "x-nonce": nonce,
        "x-request-id": requestId,
        "x-sign": createHmac("sha256", options.secret ?? this.secret)
          .update(canonical)
          .digest("hex"),
      },
      remoteAddress: options.ip ?? "203.0.113.7",
    });
  }
}
