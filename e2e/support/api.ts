// Talks to the running server the way an operator's console would, to read what a person would
// read elsewhere (the SMS code in the outbox) and to prepare data.
import { createHash, createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { uniquePhone } from "./ui";

/** The demo seed's second platform administrator, who approves what `admin` asks above the threshold. */
export const APPROVER = { account: "approver", password: "Approver@2026" } as const;

/** A 1×1 PNG: the smallest bank slip the uploads accept. */
export const BANK_SLIP_PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  ),
);

export class OperatorApi {
  private token = "";
  private secret = "";
  private readonly xsrf = `e2e-${randomUUID()}`;
  /** The server's clock minus ours (X-Server-Time): a server started with CLOCK_START_AT runs ahead. */
  private skewMs = 0;

  constructor(private readonly baseURL: string) {}

  private headers(extra: Record<string, string> = {}) {
    return {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      "x-xsrf-token": this.xsrf,
      "accept-language": "en-US",
      ...extra,
    };
  }

  async login(account = "admin", password = "Admin@2026"): Promise<void> {
    const res = await fetch(`${this.baseURL}/api/users/login`, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify({ account, password }),
    });
    this.skewMs = Number(res.headers.get("x-server-time")) - Date.now();
    const body = (await res.json()) as { data: { token: string; signSecret: string } };
    this.token = body.data.token;
    this.secret = body.data.signSecret;
  }

  async call<T>(
    method: string,
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const timestamp = String(Date.now() + this.skewMs);
    const nonce = randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method,
      path,
      query: opts.query ?? {},
      body: opts.body ?? {},
      timestamp,
      nonce,
      requestId,
    });
    const qs = new URLSearchParams(opts.query ?? {}).toString();
    const res = await fetch(`${this.baseURL}${path}${qs ? `?${qs}` : ""}`, {
      method,
      headers: this.headers({
        authorization: `Bearer ${this.token}`,
        "x-timestamp": timestamp,
        "x-nonce": nonce,
        "x-request-id": requestId,
        "x-sign": createHmac("sha256", this.secret).update(canonical).digest("hex"),
        ...opts.headers,
      }),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const body = (await res.json()) as { code: number; data: T; message: string };
    if (body.code !== 200) throw new Error(`${method} ${path}: ${body.code} ${body.message}`);
    return body.data;
  }

  /**
   * Uploads a file as the browser does: the bytes as the body, purpose, name and their SHA-256 in
   * the signed query (a file's bytes are not signed parameters).
   */
  async upload(purpose: string, name: string, bytes: Uint8Array): Promise<string> {
    const query = { purpose, name, sha256: createHash("sha256").update(bytes).digest("hex") };
    const timestamp = String(Date.now() + this.skewMs);
    const nonce = randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method: "POST",
      path: "/api/files",
      query,
      timestamp,
      nonce,
      requestId,
    });
    const res = await fetch(`${this.baseURL}/api/files?${new URLSearchParams(query)}`, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/octet-stream",
        authorization: `Bearer ${this.token}`,
        "x-timestamp": timestamp,
        "x-nonce": nonce,
        "x-request-id": requestId,
        "x-sign": createHmac("sha256", this.secret).update(canonical).digest("hex"),
      }),
      body: new Blob([bytes as BlobPart]),
    });
    const body = (await res.json()) as { code: number; data: { id: string }; message: string };
    if (body.code !== 200) throw new Error(`upload ${name}: ${body.code} ${body.message}`);
    return body.data.id;
  }

  /**
   * Funds a tenant as an operator would: a manual recharge with its evidence (a bank slip), approved
   * by the demo's second administrator when the four-eyes threshold asks for it.
   */
  async manualRecharge(orgId: string, amount: string, remark: string): Promise<void> {
    const evidenceFileId = await this.upload("rechargeEvidence", "bank-slip.png", BANK_SLIP_PNG);
    const record = await this.call<{ id: string; status: string }>("POST", "/api/billing_account/recharge", {
      body: { orgId, amount, remark, evidenceFileId },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    if (record.status !== "pending_approval") return;
    const approver = new OperatorApi(this.baseURL);
    await approver.login(APPROVER.account, APPROVER.password);
    await approver.call("POST", `/api/ops/manual_recharges/${record.id}/approve`, {
      body: { remark: "e2e" },
    });
  }

  /**
   * Passes SMS step-up on this session (an operator's own credential paths need it), the code read
   * from the outbox.
   */
  async stepUp(mobile: string): Promise<void> {
    await this.sendStepUpCode();
    await this.call("POST", "/api/users/2FA/verify", { body: { smsCode: await this.latestSmsCode(mobile) } });
  }

  /**
   * Asks for a step-up code. Specs of one shard share the demo operators' phones, and the server
   * sends a phone one code a minute (20011, "retry in N seconds"): the real clock of the shared
   * server is waited out, as a person would, and the code asked for once more.
   */
  private async sendStepUpCode(): Promise<void> {
    try {
      await this.call("POST", "/api/common/sms/send_code", { body: { purpose: "stepup" } });
    } catch (err) {
      const wait = / 20011 .*?(\d+)/.exec(String(err))?.[1];
      if (!wait) throw err;
      await new Promise((resolve) => setTimeout(resolve, (Number(wait) + 1) * 1000));
      await this.call("POST", "/api/common/sms/send_code", { body: { purpose: "stepup" } });
    }
  }

  /** The newest SMS code sent to a phone, read from the outbox as an operator would. */
  async latestSmsCode(phone: string): Promise<string> {
    const page = await this.call<{ list: { body: string }[] }>("GET", "/api/ops/outbox", {
      query: { channel: "sms", recipient: phone, pageNum: "1", pageSize: "1" },
    });
    const code = /\b(\d{6})\b/.exec(page.list[0]?.body ?? "")?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  }
}

/** Signs a new tenant up through the public API (the sign-up page has its own spec). */
export async function registerTenantViaApi(
  baseURL: string,
  ops: OperatorApi,
  suffix: string,
): Promise<{ account: string; password: string; mobile: string }> {
  const xsrf = `e2e-${randomUUID()}`;
  const headers = {
    "content-type": "application/json",
    cookie: `XSRF-TOKEN=${xsrf}`,
    "x-xsrf-token": xsrf,
    "accept-language": "en-US",
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseURL}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string };
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.message}`);
  };
  const account = `e2e${suffix}`;
  const password = "Start@2026";
  const phone = uniquePhone();
  await post("/api/common/sms/send_code", { phone, purpose: "register" });
  await post("/api/users/register", {
    account,
    companyName: `星河测试${suffix}`,
    email: `${account}@example.com`,
    mobile: phone,
    smsCode: await ops.latestSmsCode(phone),
    industry: "ai",
    applicationScenario: "model_training",
    personnelSize: "21-100",
    invitationCode: "SKY-DEMO-2026",
    address: "Shanghai",
    password,
    confirmPassword: password,
    agreement: true,
  });
  return { account, password, mobile: phone };
}
