// The client behaviour table of spec §8, row by row, against a fake fetch.
import { createHmac } from "node:crypto";
import { canonicalString, endpoints } from "@skyledger/contracts";
import { describe, expect, it, vi } from "vitest";
import { type ApiEnv, ApiError, type ClientText, createApiClient } from "../src/lib/api-client";

type Call = { url: string; init: RequestInit; headers: Record<string, string> };
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "hang" | "network";

const TEXTS: Record<ClientText, string> = {
  parameterException: "parameter exception",
  sessionExpired: "current session has expired, please log in again",
  interfaceNotFound: "sorry, interface does not exist",
  serverError: "sorry, request server error",
  timeout: "sorry, request server timed out",
  network: "network down",
};

function setup(
  replies: Reply[],
  options: { loggedIn?: boolean; cookie?: string | null; stepUp?: boolean; consoleVersion?: string } = {},
) {
  const calls: Call[] = [];
  const queue = [...replies];
  const store = {
    token: options.loggedIn === false ? null : "tok-1",
    secret: options.loggedIn === false ? null : "secret-1",
  };
  let counter = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init, headers: { ...(init.headers as Record<string, string>) } });
    const reply = queue.shift() ?? { status: 200, body: { code: 200, message: "", data: null } };
    if (reply === "network") throw new TypeError("Failed to fetch");
    if (reply === "hang") {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    return new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  });
  const env: ApiEnv = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    // Reports the body as sent in two steps, then answers through the same fake fetch.
    sendWithProgress: vi.fn(async (url, init, onProgress) => {
      onProgress(1, init.body.length);
      onProgress(init.body.length, init.body.length);
      return fetch(url, init as unknown as RequestInit);
    }),
    baseUrl: "/api",
    timeoutMs: 50,
    locale: () => "en-US",
    text: (key) => TEXTS[key],
    notify: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
    navigate: vi.fn(),
    confirmSessionExpired: vi.fn(async () => {}),
    stepUp: vi.fn(async () => options.stepUp ?? true),
    session: {
      token: () => store.token,
      signSecret: () => store.secret,
      save: ({ token, signSecret }) => {
        store.token = token;
        store.secret = signSecret;
      },
      clear: vi.fn(() => {
        store.token = null;
        store.secret = null;
      }),
    },
    cookie: vi.fn(() => (options.cookie === undefined ? "xsrf-123" : options.cookie)),
    ...(options.consoleVersion ? { consoleVersion: options.consoleVersion } : {}),
    now: () => 1_700_000_000_000,
    requestId: () => `req-${++counter}`,
    nonce: () => `nonce-${counter}-abcdefghijklmnop`,
  };
  return { client: createApiClient(env), env, calls, store };
}

const ok = (data: unknown, message = "") => ({ status: 200, body: { code: 200, message, data } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("api client: 200", () => {
  it("resolves with data and shows no toast unless asked", async () => {
    const { client, env } = setup([ok({ a: 1 }, "saved")]);
    await expect(client.get("/x")).resolves.toEqual({ a: 1 });
    expect(env.notify.success).not.toHaveBeenCalled();
  });

  it("shows the server's message as a success toast when the caller asks", async () => {
    const { client, env } = setup([ok(null, "Password changed"), ok(null, "")]);
    await client.put("/users/password", {}, { successToast: true });
    expect(env.notify.success).toHaveBeenCalledWith("Password changed");
    await client.put("/users/password", {}, { successToast: true });
    expect(env.notify.success).toHaveBeenCalledTimes(1);
  });
});

describe("api client: business codes", () => {
  it.each([20001, 20008, 20013, 29999, 30001])(
    "code %i: message for 3 s, rejects with code and data",
    async (code) => {
      const { client, env } = setup([
        { status: 400, body: { code, message: "Wrong account or password", data: { n: 1 } } },
      ]);
      const error = await failure(client.post("/users/login", { account: "a", password: "b" }));
      expect(env.notify.error).toHaveBeenCalledWith("Wrong account or password", 3);
      expect(error.code).toBe(code);
      expect(error.kind).toBe("business");
      expect(error.data).toEqual({ n: 1 });
      expect(env.navigate).not.toHaveBeenCalled();
    },
  );
});

describe("api client: 400", () => {
  it("warns with the server's message and exposes the field errors", async () => {
    const fields = [{ path: "mobile", message: "The phone number entered is incorrect" }];
    const { client, env } = setup([
      { status: 400, body: { code: 400, message: "Bad input", data: { fields } } },
    ]);
    const error = await failure(client.post("/users/register", {}));
    expect(env.notify.warning).toHaveBeenCalledWith("Bad input");
    expect(error.code).toBe(400);
    expect(error.kind).toBe("validation");
    expect(error.fields).toEqual(fields);
  });

  it("falls back to 'parameter exception'", async () => {
    const { client, env } = setup([{ status: 400, body: { code: 400, message: "", data: null } }]);
    await failure(client.get("/x"));
    expect(env.notify.warning).toHaveBeenCalledWith("parameter exception");
  });

  it("goes to /403 instead on the token call", async () => {
    const { client, env } = setup([{ status: 400, body: { code: 400, message: "nope", data: null } }]);
    const error = await failure(client.get("/users/token"));
    expect(env.navigate).toHaveBeenCalledWith("/403");
    expect(env.notify.warning).not.toHaveBeenCalled();
    expect(error.kind).toBe("forbidden");
  });
});

describe("api client: 401", () => {
  it("clears the token, shows the session-expired dialog, then reloads /login", async () => {
    const { client, env, store } = setup([
      { status: 401, body: { code: 401, message: "expired", data: null } },
    ]);
    const error = await failure(client.get("/users/token"));
    expect(store.token).toBeNull();
    expect(env.confirmSessionExpired).toHaveBeenCalledWith(
      "current session has expired, please log in again",
    );
    expect(env.navigate).toHaveBeenCalledWith("/login", { reload: true });
    expect(error.code).toBe(401);
  });

  it("shows one dialog for concurrent expired calls", async () => {
    let acknowledge = () => {};
    const { client, env } = setup([
      { status: 401, body: { code: 401, message: "", data: null } },
      { status: 401, body: { code: 401, message: "", data: null } },
    ]);
    env.confirmSessionExpired = vi.fn(() => new Promise<void>((resolve) => (acknowledge = resolve)));
    client.configure({ confirmSessionExpired: env.confirmSessionExpired });
    const both = Promise.allSettled([client.get("/a"), client.get("/b")]);
    await vi.waitFor(() => expect(env.confirmSessionExpired).toHaveBeenCalledTimes(1));
    expect(env.navigate).not.toHaveBeenCalled();
    acknowledge();
    const results = await both;
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(env.confirmSessionExpired).toHaveBeenCalledTimes(1);
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });
});

describe("api client: navigation rows", () => {
  it("403 clears the token and goes to /403", async () => {
    const { client, env, store } = setup([
      { status: 403, body: { code: 403, message: "No permission", data: null } },
    ]);
    const error = await failure(client.get("/configs"));
    expect(store.token).toBeNull();
    expect(env.navigate).toHaveBeenCalledWith("/403");
    expect(error.kind).toBe("forbidden");
  });

  it("a 403 with a business code (a grant beyond one's own rights) keeps the session and shows the reason", async () => {
    const reason = "You can grant only permissions you hold yourself; you do not hold CC0101";
    const { client, env, store } = setup([
      { status: 403, body: { code: 24029, message: reason, data: null } },
    ]);
    const error = await failure(client.post("/res/subuser", {}));
    expect(store.token).toBe("tok-1");
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.notify.error).toHaveBeenCalledWith(reason, 3);
    expect(error.kind).toBe("business");
    expect(error.code).toBe(24029);
  });

  it.each([
    [426, "/426", "upgrade"],
    [429, "/429", "rateLimited"],
    [503, "/license", "unavailable"],
  ] as const)("%i goes to %s", async (status, path, kind) => {
    const { client, env, store } = setup([{ status, body: { code: status, message: "", data: null } }]);
    const error = await failure(client.get("/x"));
    expect(env.navigate).toHaveBeenCalledWith(path);
    expect(error.kind).toBe(kind);
    expect(store.token).toBe("tok-1");
    expect(env.notify.error).not.toHaveBeenCalled();
  });
});

describe("api client: maintenance and console version", () => {
  const maintenance = (mode: "closed" | "readOnly") => ({
    status: 503,
    body: {
      code: mode === "closed" ? 34403 : 34404,
      message: "The platform is under maintenance: Database upgrade",
      data: {
        mode,
        messageZh: "数据库升级",
        messageEn: "Database upgrade",
        endsAt: "2026-11-29T08:00:00.000Z",
      },
    },
  });

  it("closed maintenance goes to /unavailable", async () => {
    const { client, env } = setup([maintenance("closed")]);
    const error = await failure(client.get("/x"));
    expect(env.navigate).toHaveBeenCalledWith("/unavailable");
    expect(error.kind).toBe("unavailable");
  });

  it("read-only maintenance refuses the action with its message and leaves the page as it is", async () => {
    const { client, env } = setup([maintenance("readOnly")]);
    const error = await failure(client.post("/service/apply", {}));
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.notify.error).toHaveBeenCalledWith("The platform is under maintenance: Database upgrade");
    expect(error.message).toBe("The platform is under maintenance: Database upgrade");
  });

  it("sends the console's build version, unsigned, on every call when it has one", async () => {
    const built = setup([ok(null), ok(null)], { consoleVersion: "0.1.0+abc" });
    await built.client.get("/x");
    await built.client.post("/y", { a: 1 });
    expect(built.calls.map((c) => c.headers["x-console-version"])).toEqual(["0.1.0+abc", "0.1.0+abc"]);
    const dev = setup([ok(null)]);
    await dev.client.get("/x");
    expect(dev.calls[0]?.headers).not.toHaveProperty("x-console-version");
  });
});

describe("api client: error toasts", () => {
  it("404 says the interface does not exist", async () => {
    const { client, env } = setup([{ status: 404, body: { code: 404, message: "Not Found", data: null } }]);
    const error = await failure(client.get("/nope"));
    expect(env.notify.error).toHaveBeenCalledWith("sorry, interface does not exist");
    expect(error.kind).toBe("notFound");
  });

  it("500 says request server error, even without a JSON body", async () => {
    const { client, env } = setup([{ status: 500 }]);
    const error = await failure(client.get("/x"));
    expect(env.notify.error).toHaveBeenCalledWith("sorry, request server error");
    expect(error.kind).toBe("server");
    expect(error.transient).toBe(true);
  });

  it("a timeout says request server timed out", async () => {
    const { client, env } = setup(["hang"]);
    const error = await failure(client.get("/slow"));
    expect(env.notify.error).toHaveBeenCalledWith("sorry, request server timed out");
    expect(error.kind).toBe("timeout");
  });

  it("the default timeout is the spec's 50 seconds", async () => {
    const { DEFAULT_TIMEOUT_MS } = await import("../src/lib/api-client");
    expect(DEFAULT_TIMEOUT_MS).toBe(50_000);
  });

  it("a network failure is reported, and quiet calls stay silent", async () => {
    const { client, env } = setup(["network", "network"]);
    expect((await failure(client.get("/x"))).kind).toBe("network");
    expect(env.notify.error).toHaveBeenCalledTimes(1);
    await failure(client.get("/x", { quiet: true }));
    expect(env.notify.error).toHaveBeenCalledTimes(1);
  });
});

describe("api client: 406 step-up", () => {
  it("opens the SMS dialog, then retries the call and resolves with its result", async () => {
    const { client, env, calls } = setup([
      { status: 406, body: { code: 406, message: "SMS needed", data: null } },
      ok({ done: true }),
    ]);
    const body = { oldPassword: "a", newPassword: "b", confirmPassword: "b" };
    await expect(client.put("/users/password", body)).resolves.toEqual({ done: true });
    expect(env.stepUp).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.url).toBe("/api/users/password");
    expect(calls[1]!.init.body).toBe(JSON.stringify(body));
    // The retry is a new request: fresh id and nonce, so the server does not see a replay.
    expect(calls[1]!.headers["x-request-id"]).not.toBe(calls[0]!.headers["x-request-id"]);
    expect(calls[1]!.headers["x-nonce"]).not.toBe(calls[0]!.headers["x-nonce"]);
  });

  it("rejects when the user cancels the dialog", async () => {
    const { client, calls } = setup(
      [{ status: 406, body: { code: 406, message: "SMS needed", data: null } }],
      {
        stepUp: false,
      },
    );
    const error = await failure(client.put("/users/password", {}));
    expect(error.kind).toBe("stepUp");
    expect(error.code).toBe(406);
    expect(calls).toHaveLength(1);
  });
});

describe("api client: step-up asked before a guarded action (no 406 logged by the browser)", () => {
  const create = endpoints.accessKeys.create;
  const needed = (value: boolean) => ok({ needed: value });

  it("opens the SMS dialog first when the session needs it, then sends the action once", async () => {
    const { client, env, calls } = setup([needed(true), ok({ accessKeyId: "AK1" })]);
    await expect(client.call(create, { body: {} })).resolves.toEqual({ accessKeyId: "AK1" });
    expect(env.stepUp).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      "GET /api/users/2FA/needed",
      `POST ${create.path}`,
    ]);
  });

  it("asks about an operator's money action by its own kind", async () => {
    const adjust = endpoints.financeOps.requestAdjustment;
    const { client, calls } = setup([needed(false), ok({ id: "a-1" })]);
    await client.call(adjust, { body: { orgId: "o-1", amount: "1", reason: "x" } });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      "GET /api/users/2FA/needed?kind=operatorMoney",
      `POST ${adjust.path}`,
    ]);
  });

  it("sends the action straight away when no code is needed, and asks nothing for an unguarded call", async () => {
    const { client, env, calls } = setup([needed(false), ok({ accessKeyId: "AK1" }), ok({ list: [] })]);
    await client.call(create, { body: {} });
    await client.call(endpoints.accessKeys.list, { query: { pageNum: 1, pageSize: 10 } });
    expect(env.stepUp).not.toHaveBeenCalled();
    expect(calls).toHaveLength(3);
  });

  it("does not send the action when the user cancels the dialog", async () => {
    const { client, calls } = setup([needed(true)], { stepUp: false });
    const error = await failure(client.call(create, { body: {} }));
    expect(error.kind).toBe("stepUp");
    expect(calls).toHaveLength(1);
  });

  it("falls back on the action's own 406 when the question cannot be answered", async () => {
    const { client, env, calls } = setup([
      { status: 500, body: { code: 500, message: "boom", data: null } },
      { status: 406, body: { code: 406, message: "SMS needed", data: null } },
      ok({ accessKeyId: "AK1" }),
    ]);
    await expect(client.call(create, { body: {} })).resolves.toEqual({ accessKeyId: "AK1" });
    expect(env.stepUp).toHaveBeenCalledTimes(1);
    expect(env.notify.error).not.toHaveBeenCalled();
    expect(calls).toHaveLength(3);
  });
});

describe("api client: headers and signature", () => {
  it("sends the console headers and no credentials when logged out", async () => {
    const { client, calls } = setup([ok([])], { loggedIn: false });
    await client.get("/sys/code/category/INDUSTRY_TYPE");
    const h = calls[0]!.headers;
    expect(h["Accept-Language"]).toBe("en-US");
    expect(h["x-source"]).toBe("console");
    expect(h["x-module-type"]).toBe("console");
    expect(h["x-request-id"]).toBe("req-1");
    expect(h.Authorization).toBeUndefined();
    expect(h["x-sign"]).toBeUndefined();
    expect(h["x-xsrf-token"]).toBeUndefined();
  });

  it("signs with HMAC-SHA256 over the canonical form, query and body included", async () => {
    const { client, calls } = setup([ok(null)]);
    await client.post(
      "/ops/invitation_codes",
      { count: 2, remark: "trial" },
      { query: { a: "1", b: "", c: undefined } },
    );
    const call = calls[0]!;
    const h = call.headers;
    expect(call.url).toBe("/api/ops/invitation_codes?a=1");
    expect(h.Authorization).toBe("Bearer tok-1");
    expect(h["x-timestamp"]).toBe("1700000000000");
    expect(h["x-nonce"]!.length).toBeGreaterThanOrEqual(16);
    const expected = createHmac("sha256", "secret-1")
      .update(
        canonicalString({
          method: "POST",
          path: "/api/ops/invitation_codes",
          query: { a: "1" },
          body: { count: 2, remark: "trial" },
          timestamp: h["x-timestamp"]!,
          nonce: h["x-nonce"]!,
          requestId: h["x-request-id"]!,
        }),
      )
      .digest("hex");
    expect(h["x-sign"]).toBe(expected);
  });

  it("sends public calls without the stored session, so a stale one cannot break them", async () => {
    const { client, calls } = setup([ok({ token: "new" })]);
    await client.post("/users/login", { account: "a", password: "b" }, { anonymous: true });
    const h = calls[0]!.headers;
    expect(h.Authorization).toBeUndefined();
    expect(h["x-sign"]).toBeUndefined();
    expect(h["x-xsrf-token"]).toBe("xsrf-123");
  });

  it("best-effort calls report failures to the caller only", async () => {
    const { client, env, store } = setup([
      { status: 401, body: { code: 401, message: "expired", data: null } },
    ]);
    await failure(client.post("/users/logout", {}, { bestEffort: true }));
    expect(env.confirmSessionExpired).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.notify.error).not.toHaveBeenCalled();
    expect(store.token).toBe("tok-1");
  });

  it("sends the anti-forgery cookie on state-changing calls only", async () => {
    const { client, calls } = setup([ok(null), ok(null)]);
    await client.get("/x");
    await client.post("/y", {});
    expect(calls[0]!.headers["x-xsrf-token"]).toBeUndefined();
    expect(calls[1]!.headers["x-xsrf-token"]).toBe("xsrf-123");
  });

  it("reads the public config first when the anti-forgery cookie is missing", async () => {
    const { client, calls, env } = setup([ok({ configs: [] }), ok(null)], { cookie: null });
    let primed = false;
    env.cookie = () => (primed ? "fresh" : null);
    client.configure({
      cookie: () => env.cookie("XSRF-TOKEN"),
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({
          url: String(input),
          init: init ?? {},
          headers: { ...(init?.headers as Record<string, string>) },
        });
        if (String(input).endsWith("/configs/nonAuth")) primed = true;
        return new Response(JSON.stringify({ code: 200, message: "", data: null }), { status: 200 });
      }) as typeof fetch,
    });
    await client.post("/users/logout", {});
    expect(calls.map((c) => c.url)).toEqual(["/api/configs/nonAuth", "/api/users/logout"]);
    expect(calls[1]!.headers["x-xsrf-token"]).toBe("fresh");
  });
});

describe("a computer whose clock is off", () => {
  const NOW = 1_700_000_000_000;
  const serverAt = (ms: number) => ({ "x-server-time": String(ms) });
  const staleSignature = (ms: number) => ({
    status: 400,
    body: { code: 20009, message: "The request signature is invalid or has expired", data: null },
    headers: serverAt(ms),
  });

  it("signs with the server's time learnt from an earlier answer", async () => {
    const { client, calls } = setup([{ ...ok(1), headers: serverAt(NOW + 20 * 60_000) }, ok(2)]);
    await client.get("/configs/nonAuth", { anonymous: true });
    await client.get("/users/me");
    expect(calls[1]?.headers["x-timestamp"]).toBe(String(NOW + 20 * 60_000));
  });

  it("signs again, once, when a refusal for a stale signature tells the server's time", async () => {
    const { client, calls } = setup([staleSignature(NOW - 45 * 60_000), ok("done")]);
    await expect(client.post("/things", { a: 1 }, { idempotencyKey: "k-1" })).resolves.toBe("done");
    expect(calls.map((c) => c.headers["x-timestamp"])).toEqual([String(NOW), String(NOW - 45 * 60_000)]);
    // A new nonce and request id, the same action.
    expect(calls[1]?.headers["x-nonce"]).not.toBe(calls[0]?.headers["x-nonce"]);
    expect(calls[1]?.headers["Idempotency-Key"]).toBe("k-1");
  });

  it("does not sign again when the refusal teaches nothing new, nor twice", async () => {
    const same = setup([staleSignature(NOW)]);
    expect((await failure(same.client.get("/users/me"))).code).toBe(20009);
    expect(same.calls).toHaveLength(1);

    const moving = setup([staleSignature(NOW + 30 * 60_000), staleSignature(NOW + 60 * 60_000)]);
    expect((await failure(moving.client.get("/users/me"))).code).toBe(20009);
    expect(moving.calls).toHaveLength(2);
  });

  it("ignores differences of a few seconds (network delay, not a wrong clock)", async () => {
    const { client, calls } = setup([{ ...ok(1), headers: serverAt(NOW + 4_000) }, ok(2)]);
    await client.get("/users/me");
    await client.get("/users/me");
    expect(calls[1]?.headers["x-timestamp"]).toBe(String(NOW));
  });
});

describe("uploads with progress", () => {
  const bytes = new Uint8Array([104, 101, 108, 108, 111]);
  const SHA256_HELLO = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

  it("go through sendWithProgress signed as any upload, the SHA-256 in the query, and report progress", async () => {
    const { client, env, calls } = setup([ok({ key: "a/hello.txt" })]);
    const seen: [number, number][] = [];
    const answer = await client.callUpload(endpoints.obs.upload, bytes, {
      params: { id: "b-1" },
      query: { key: "a/hello.txt" },
      onProgress: (sent, total) => seen.push([sent, total]),
    });
    expect(answer).toEqual({ key: "a/hello.txt" });
    expect(seen).toEqual([
      [1, 5],
      [5, 5],
    ]);
    expect(env.sendWithProgress).toHaveBeenCalledTimes(1);
    const call = calls[0]!;
    expect(call.url).toBe(`/api/res/obs/b-1/objects?key=a%2Fhello.txt&sha256=${SHA256_HELLO}`);
    const h = call.headers;
    expect(h["Content-Type"]).toBe("application/octet-stream");
    const expected = createHmac("sha256", "secret-1")
      .update(
        canonicalString({
          method: "POST",
          path: "/api/res/obs/b-1/objects",
          query: { key: "a/hello.txt", sha256: SHA256_HELLO },
          body: bytes,
          timestamp: h["x-timestamp"]!,
          nonce: h["x-nonce"]!,
          requestId: h["x-request-id"]!,
        }),
      )
      .digest("hex");
    expect(h["x-sign"]).toBe(expected);
  });

  it("without progress use fetch, and a refusal follows the behaviour table", async () => {
    const { client, env } = setup([{ status: 400, body: { code: 29999, message: "Refused", data: null } }]);
    await expect(
      client.callUpload(endpoints.obs.upload, bytes, { params: { id: "b-1" }, query: { key: "x" } }),
    ).rejects.toMatchObject({ kind: "business", message: "Refused" });
    expect(env.sendWithProgress).not.toHaveBeenCalled();
    expect(env.notify.error).toHaveBeenCalledWith("Refused", 3);
  });
});
