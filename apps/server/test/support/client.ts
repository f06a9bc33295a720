// A test client that behaves like the browser: keeps the anti-forgery cookie, signs every call
// after sign-in (docs/api/signing.md) with the test's clock, and reads the envelope.
import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import type { FastifyInstance } from "fastify";
import type { FakeClock } from "./fake-clock";

export type Envelope<T = unknown> = { code: number; message: string; data: T };
export type Reply<T = unknown> = { status: number; body: Envelope<T>; headers: Record<string, unknown> };

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the signature, the anti-forgery header or the token to test the refusals. */
  unsigned?: boolean;
  noCsrf?: boolean;
  locale?: "zh-CN" | "en-US";
  /** Override pieces of the signature (skew, replay, tampering). */
  timestamp?: number;
  nonce?: string;
};

export const DEMO = {
  admin: { account: "admin", password: "Admin@2026" },
  tenant: { account: "demotenant", password: "Tenant@2026" },
  reader: { account: "demoreader", password: "Reader@2026" },
} as const;

export class TestClient {
  token: string | undefined;
  signSecret: string | undefined;
  /**
   * What the console's SMS dialog does on HTTP 406: when set, a 406 answer runs it (step-up of this
   * session) and the call is made once more. Unset, the 406 is answered as it is.
   */
  onStepUp: (() => Promise<void>) | undefined;
  private xsrf: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly clock: FakeClock,
    private readonly ip = "127.0.0.1",
  ) {}

  async request<T = unknown>(url: string, options: RequestOptions = {}): Promise<Reply<T>> {
    let res = await this.raw(url, options);
    if (res.statusCode === 406 && this.onStepUp) {
      await this.onStepUp();
      res = await this.raw(url, options);
    }
    return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
  }

  /** The same signed call, answered as is (files, HTML pages). */
  async raw(url: string, options: RequestOptions = {}) {
    const method = options.method ?? "GET";
    if (!this.xsrf) await this.fetchXsrf();
    const headers: Record<string, string> = {
      "accept-language": options.locale ?? "en-US",
      "x-source": "console",
      "x-module-type": "console",
      ...(options.noCsrf ? {} : { "x-xsrf-token": this.xsrf!, cookie: `XSRF-TOKEN=${this.xsrf}` }),
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.token && this.signSecret && !options.unsigned) {
      const timestamp = String(options.timestamp ?? this.clock.now().getTime());
      const nonce = options.nonce ?? randomUUID();
      const requestId = randomUUID();
      const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
      const canonical = canonicalString({
        method,
        path: url,
        query,
        body: options.body ?? {},
        timestamp,
        nonce,
        requestId,
      });
      headers["x-timestamp"] = timestamp;
      headers["x-nonce"] = nonce;
      headers["x-request-id"] = requestId;
      headers["x-sign"] = createHmac("sha256", this.signSecret).update(canonical).digest("hex");
    }
    return this.app.inject({
      method,
      url,
      query: options.query
        ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      headers: { ...headers, ...options.headers },
      remoteAddress: this.ip,
    });
  }

  private async fetchXsrf(): Promise<void> {
    const res = await this.app.inject({ method: "GET", url: "/api/configs/nonAuth", remoteAddress: this.ip });
    const cookie = String(res.headers["set-cookie"] ?? "");
    this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1];
  }

  async login(
    account: string,
    password: string,
  ): Promise<Reply<{ token: string; signSecret: string; landing: string; loginNotFirstFlag: boolean }>> {
    const res = await this.request<{
      token: string;
      signSecret: string;
      landing: string;
      loginNotFirstFlag: boolean;
    }>("/api/users/login", { method: "POST", body: { account, password } });
    if (res.status === 200) {
      this.token = res.body.data.token;
      this.signSecret = res.body.data.signSecret;
    }
    return res;
  }
}

export async function signedIn(
  app: FastifyInstance,
  clock: FakeClock,
  who: { account: string; password: string },
) {
  const client = new TestClient(app, clock);
  const res = await client.login(who.account, who.password);
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return client;
}
