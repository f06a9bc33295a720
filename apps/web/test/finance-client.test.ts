// The money-moving parts of the API client (Idempotency-Key, signed file downloads) and the
// finance helpers: amounts as strings, the three-month export limit.
import { createHmac } from "node:crypto";
import { canonicalString, errorText } from "@skyledger/contracts";
import { describe, expect, it, vi } from "vitest";
import {
  exportPeriodProblem,
  exportTooLongText,
  MAX_EXPORT_MONTHS,
  monthsBetween,
} from "../src/features/finance/export-period";
import { createActionKey } from "../src/lib/action-key";
import { type ApiEnv, ApiError, createApiClient, IDEMPOTENCY_HEADER } from "../src/lib/api-client";
import {
  amountSign,
  cleanAmount,
  formatSignedYuan,
  formatYuan,
  isAmount,
  isPositiveAmount,
  toFiveDecimals,
} from "../src/lib/money";

type Reply = { status: number; body: BodyInit | null; type?: string } | "network";
type Call = { url: string; headers: Record<string, string>; init: RequestInit };

const envelope = (data: unknown, code = 200, message = "") => ({
  status: code === 200 ? 200 : 400,
  body: JSON.stringify({ code, message, data }),
  type: "application/json",
});

function setup(replies: Reply[], stepUp = true) {
  const calls: Call[] = [];
  const queue = [...replies];
  let counter = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init, headers: { ...(init.headers as Record<string, string>) } });
    const reply = queue.shift() ?? envelope(null);
    if (reply === "network") throw new TypeError("Failed to fetch");
    return new Response(reply.body, {
      status: reply.status,
      headers: reply.type ? { "content-type": reply.type } : {},
    });
  });
  const env: ApiEnv = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    sendWithProgress: () => Promise.reject(new Error("no upload in these tests")),
    baseUrl: "/api",
    timeoutMs: 1000,
    locale: () => "en-US",
    text: (key) => key,
    notify: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
    navigate: vi.fn(),
    confirmSessionExpired: vi.fn(async () => {}),
    stepUp: vi.fn(async () => stepUp),
    session: { token: () => "tok-1", signSecret: () => "secret-1", save: vi.fn(), clear: vi.fn() },
    cookie: () => "xsrf-1",
    now: () => 1_700_000_000_000,
    requestId: () => `req-${++counter}`,
    nonce: () => `nonce-${counter}-abcdefghijklmnop`,
  };
  return { client: createApiClient(env), env, calls };
}

describe("Idempotency-Key", () => {
  it("is sent with a money-moving call and only when given", async () => {
    const { client, calls } = setup([envelope({}), envelope({})]);
    await client.post(
      "/online_recharge/create",
      { amount: "100", channel: "sandbox" },
      { idempotencyKey: "k-12345678" },
    );
    await client.post("/cashCoupon/check", { code: "CV-1" });
    expect(calls[0]!.headers[IDEMPOTENCY_HEADER]).toBe("k-12345678");
    expect(IDEMPOTENCY_HEADER).toBe("Idempotency-Key");
    expect(calls[1]!.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
  });

  it("stays the same when the client repeats the call after SMS verification", async () => {
    const { client, calls } = setup([
      {
        status: 406,
        body: JSON.stringify({ code: 406, message: "verify", data: null }),
        type: "application/json",
      },
      envelope({ id: "a", status: "applied" }),
    ]);
    await client.post(
      "/ops/adjustments",
      { orgId: "o", amount: "1", reason: "ok" },
      { idempotencyKey: "same-key-1" },
    );
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers[IDEMPOTENCY_HEADER]).toBe("same-key-1");
    expect(calls[1]!.headers[IDEMPOTENCY_HEADER]).toBe("same-key-1");
    // …while the signature is fresh.
    expect(calls[1]!.headers["x-nonce"]).not.toBe(calls[0]!.headers["x-nonce"]);
  });
});

describe("action keys", () => {
  const keys = () => {
    let n = 0;
    return createActionKey(() => `key-${++n}`);
  };

  it("reuses the key while the same action is retried after a failure", async () => {
    const action = keys();
    const seen: string[] = [];
    const failing = async (key: string) => {
      seen.push(key);
      throw new ApiError("network", 0, "down");
    };
    await expect(action.run({ amount: "100", channel: "sandbox" }, failing)).rejects.toThrow("down");
    // The same parameters, written in another order, are the same action.
    await expect(action.run({ channel: "sandbox", amount: "100" }, failing)).rejects.toThrow("down");
    await action.run({ amount: "100", channel: "sandbox" }, async (key) => seen.push(key));
    expect(seen).toEqual(["key-1", "key-1", "key-1"]);
  });

  it("takes a fresh key once the action went through", async () => {
    const action = keys();
    const seen: string[] = [];
    await action.run({ amount: "100" }, async (key) => seen.push(key));
    await action.run({ amount: "100" }, async (key) => seen.push(key));
    expect(seen).toEqual(["key-1", "key-2"]);
  });

  it("takes a fresh key when the parameters change", async () => {
    const action = keys();
    expect(action.keyFor({ amount: "100" })).toBe("key-1");
    expect(action.keyFor({ amount: "100" })).toBe("key-1");
    expect(action.keyFor({ amount: "200" })).toBe("key-2");
    action.reset();
    expect(action.keyFor({ amount: "200" })).toBe("key-3");
  });

  it("uses UUIDs by default, which the server accepts (8 to 128 of [\\w.:-])", () => {
    const key = createActionKey().keyFor({});
    expect(key).toMatch(/^[\w.:-]{8,128}$/);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("download", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  it("signs the GET and returns the file as a Blob", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const { client, calls } = setup([{ status: 200, body: bytes, type: XLSX }]);
    const blob = await client.download("/download/file/7d3c1a52-0d7e-4d7a-9d8e-3a2b1c0d9e8f");
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    const call = calls[0]!;
    expect(call.url).toBe("/api/download/file/7d3c1a52-0d7e-4d7a-9d8e-3a2b1c0d9e8f");
    expect(call.init.method).toBe("GET");
    const h = call.headers;
    expect(h.Authorization).toBe("Bearer tok-1");
    const expected = createHmac("sha256", "secret-1")
      .update(
        canonicalString({
          method: "GET",
          path: "/api/download/file/7d3c1a52-0d7e-4d7a-9d8e-3a2b1c0d9e8f",
          query: {},
          body: {},
          timestamp: h["x-timestamp"]!,
          nonce: h["x-nonce"]!,
          requestId: h["x-request-id"]!,
        }),
      )
      .digest("hex");
    expect(h["x-sign"]).toBe(expected);
  });

  it("reads a refusal as the JSON envelope and reports it like any call", async () => {
    const { client, env } = setup([envelope(null, 23016, "The file is not ready yet")]);
    const error = await client.download("/download/file/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(23016);
    expect(env.notify.error).toHaveBeenCalledWith("The file is not ready yet", 3);
  });

  it("returns ordinary JSON answers of other calls unchanged", async () => {
    const { client } = setup([envelope({ ok: true })]);
    expect(await client.get("/download/list")).toEqual({ ok: true });
  });
});

describe("amounts", () => {
  it("are shown as written, with five decimals and the yuan sign, never through floats", () => {
    expect(formatYuan("12.30000")).toBe("¥12.30000");
    expect(formatYuan("12.3")).toBe("¥12.30000");
    expect(formatYuan("100")).toBe("¥100.00000");
    expect(formatYuan("-3.5")).toBe("-¥3.50000");
    expect(formatYuan("0.00000")).toBe("¥0.00000");
    // Beyond float precision: 0.1 + 0.2 style errors cannot happen.
    expect(formatYuan("9007199254740993.00001")).toBe("¥9007199254740993.00001");
    expect(formatYuan(null)).toBe("-");
    expect(formatYuan("")).toBe("-");
    expect(toFiveDecimals("1.123456")).toBe("1.123456");
  });

  it("carry a sign for ledger movements", () => {
    expect(formatSignedYuan("12.5")).toBe("+¥12.50000");
    expect(formatSignedYuan("-12.5")).toBe("-¥12.50000");
    expect(formatSignedYuan("0")).toBe("¥0.00000");
    expect(amountSign("0.00001")).toBe(1);
    expect(amountSign("-0.00000")).toBe(0);
    expect(amountSign("-7")).toBe(-1);
  });

  it("are validated with the contracts' patterns: at most 5 decimals, positive where needed", () => {
    expect(isPositiveAmount("100")).toBe(true);
    expect(isPositiveAmount("0.00001")).toBe(true);
    expect(isPositiveAmount("1.123456")).toBe(false);
    expect(isPositiveAmount("0")).toBe(false);
    expect(isPositiveAmount("-5")).toBe(false);
    expect(isPositiveAmount("1e3")).toBe(false);
    expect(isPositiveAmount("12,5")).toBe(false);
    expect(isAmount("-20.5")).toBe(true);
    expect(isAmount("abc")).toBe(false);
    expect(cleanAmount(" +12.5 ")).toBe("12.5");
  });
});

describe("bill export period", () => {
  it("counts billing cycles with both ends included", () => {
    expect(monthsBetween("2026-01", "2026-03")).toBe(3);
    expect(monthsBetween("2025-11", "2026-01")).toBe(3);
    expect(monthsBetween("2026-05", "2026-05")).toBe(1);
    expect(MAX_EXPORT_MONTHS).toBe(3);
  });

  it("refuses more than three months, a reversed period and a missing end", () => {
    expect(exportPeriodProblem("2026-01", "2026-03")).toBeNull();
    expect(exportPeriodProblem("2025-12", "2026-02")).toBeNull();
    expect(exportPeriodProblem("2026-01", "2026-04")).toBe("tooLong");
    expect(exportPeriodProblem("2025-11", "2026-02")).toBe("tooLong");
    expect(exportPeriodProblem("2026-03", "2026-01")).toBe("order");
    expect(exportPeriodProblem("2026-03", null)).toBe("missing");
  });

  it("says so with the server's own words", () => {
    expect(exportTooLongText("en-US")).toBe("The selected billing period exceeds three months");
    expect(exportTooLongText("zh-CN")).toBe(errorText("EXPORT_PERIOD_TOO_LONG", "zh-CN"));
  });
});
