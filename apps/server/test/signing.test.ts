// Request signing (spec §7) and the double-submit anti-forgery token on signed-in calls.
import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, type Envelope, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let tenant: TestClient;
let reader: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  reader = await signedIn(t.app, t.clock, DEMO.reader);
});
afterAll(() => t.close());

const SIGNATURE_EN = "The request signature is invalid or has expired";
const SIGNATURE_ZH = "请求签名无效或已过期";

/** What the browser would sign, computed by hand so that the request sent can differ from it. */
function signature(
  secret: string,
  signed: { method: string; path: string; query?: Record<string, string>; body?: unknown },
  timestamp = String(t.clock.now().getTime()),
) {
  const nonce = randomUUID();
  const requestId = randomUUID();
  const canonical = canonicalString({ ...signed, timestamp, nonce, requestId });
  return {
    "x-timestamp": timestamp,
    "x-nonce": nonce,
    "x-request-id": requestId,
    "x-sign": createHmac("sha256", secret).update(canonical).digest("hex"),
  };
}

const csrf = { "x-xsrf-token": "csrf-token-for-tests", cookie: "XSRF-TOKEN=csrf-token-for-tests" };

async function send(
  client: TestClient,
  sent: { method: "GET" | "POST"; url: string; payload?: object },
  headers: Record<string, string>,
) {
  const res = await t.app.inject({
    method: sent.method,
    url: sent.url,
    ...(sent.payload ? { payload: sent.payload } : {}),
    headers: {
      authorization: `Bearer ${client.token}`,
      "accept-language": "en-US",
      ...csrf,
      ...headers,
    },
  });
  return { status: res.statusCode, body: res.json() as Envelope };
}

describe("signature headers", () => {
  it("accepts a correctly signed call", async () => {
    const res = await tenant.request("/api/users/isFreeze");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: "", data: { freezeStatus: false } });
  });

  it("refuses a signed-in call without signature headers, in both languages", async () => {
    const en = await tenant.request("/api/users/token", { unsigned: true });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(20009);
    expect(en.body.message).toBe(SIGNATURE_EN);
    const zh = await tenant.request("/api/users/token", { unsigned: true, locale: "zh-CN" });
    expect(zh.body.code).toBe(20009);
    expect(zh.body.message).toBe(SIGNATURE_ZH);
  });

  it("refuses a call when any one signing header is missing", async () => {
    for (const missing of ["x-sign", "x-timestamp", "x-nonce", "x-request-id"]) {
      const headers: Record<string, string> = signature(tenant.signSecret!, {
        method: "GET",
        path: "/api/users/isFreeze",
      });
      delete headers[missing];
      const res = await send(tenant, { method: "GET", url: "/api/users/isFreeze" }, headers);
      expect(res.status, missing).toBe(400);
      expect(res.body.code, missing).toBe(20009);
    }
  });

  it("refuses a signature made with another session's secret", async () => {
    const headers = signature(reader.signSecret!, { method: "GET", path: "/api/users/isFreeze" });
    const res = await send(tenant, { method: "GET", url: "/api/users/isFreeze" }, headers);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20009);
  });
});

describe("timestamp window (±5 minutes)", () => {
  it("accepts timestamps within the window on either side", async () => {
    const now = t.clock.now().getTime();
    for (const skew of [-4 * 60_000, 4 * 60_000, -5 * 60_000, 5 * 60_000]) {
      const res = await tenant.request("/api/users/isFreeze", { timestamp: now + skew });
      expect(res.status, `skew ${skew}`).toBe(200);
    }
  });

  it("refuses timestamps beyond the window on either side", async () => {
    const now = t.clock.now().getTime();
    for (const skew of [-5 * 60_000 - 1000, 5 * 60_000 + 1000, -60 * 60_000]) {
      const res = await tenant.request("/api/users/isFreeze", { timestamp: now + skew });
      expect(res.status, `skew ${skew}`).toBe(400);
      expect(res.body.code, `skew ${skew}`).toBe(20009);
    }
  });

  it("refuses a request signed before the server's clock moved on by more than 5 minutes", async () => {
    const signedAt = t.clock.now().getTime();
    const early = await tenant.request("/api/users/isFreeze", { timestamp: signedAt });
    expect(early.status).toBe(200);
    t.clock.advanceMinutes(6);
    const late = await tenant.request("/api/users/isFreeze", { timestamp: signedAt });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe(20009);
    // The session itself is still alive: a fresh signature goes through.
    const fresh = await tenant.request("/api/users/isFreeze");
    expect(fresh.status).toBe(200);
  });

  it("tells its clock on every answer, refusals included, so that a client whose clock is off can correct it", async () => {
    t.clock.advanceMinutes(47);
    const serverNow = t.clock.now().getTime();
    const wrongClock = serverNow - 40 * 60_000;
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/users/isFreeze",
      headers: {
        authorization: `Bearer ${tenant.token}`,
        ...signature(tenant.signSecret!, { method: "GET", path: "/api/users/isFreeze" }, String(wrongClock)),
      },
    });
    expect(refused.json().code).toBe(20009);
    expect(Number(refused.headers["x-server-time"])).toBe(serverNow);
    // Signed again with the time it was told, the same call goes through.
    const told = Number(refused.headers["x-server-time"]);
    const again = await tenant.request("/api/users/isFreeze", { timestamp: told });
    expect(again.status).toBe(200);
    const open = await t.app.inject({ method: "GET", url: "/api/configs/nonAuth" });
    expect(Number(open.headers["x-server-time"])).toBe(serverNow);
  });

  it("refuses a non-numeric timestamp", async () => {
    const headers = signature(tenant.signSecret!, { method: "GET", path: "/api/users/isFreeze" }, "soon");
    const res = await send(tenant, { method: "GET", url: "/api/users/isFreeze" }, headers);
    expect(res.body.code).toBe(20009);
  });
});

describe("nonces", () => {
  it("refuses a reused nonce the second time", async () => {
    const nonce = `nonce-${randomUUID()}`;
    const first = await tenant.request("/api/users/isFreeze", { nonce });
    expect(first.status).toBe(200);
    const replay = await tenant.request("/api/users/isFreeze", { nonce });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe(20009);
    // Even a different call by another user cannot reuse it.
    const other = await reader.request("/api/users/token", { nonce });
    expect(other.body.code).toBe(20009);
  });

  it("refuses an exact replay of a state-changing request", async () => {
    const headers = signature(tenant.signSecret!, {
      method: "POST",
      path: "/api/users/password/check",
      body: { password: "Abcd@1234" },
    });
    const sent = {
      method: "POST" as const,
      url: "/api/users/password/check",
      payload: { password: "Abcd@1234" },
    };
    const first = await send(tenant, sent, headers);
    expect(first.status).toBe(200);
    const replay = await send(tenant, sent, headers);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe(20009);
  });

  it("refuses nonces that are too short", async () => {
    const res = await tenant.request("/api/users/isFreeze", { nonce: "short" });
    expect(res.body.code).toBe(20009);
  });

  it("does not burn a nonce on a forged request", async () => {
    const nonce = `nonce-${randomUUID()}`;
    const forged = await send(
      tenant,
      { method: "GET", url: "/api/users/isFreeze" },
      {
        "x-timestamp": String(t.clock.now().getTime()),
        "x-nonce": nonce,
        "x-request-id": randomUUID(),
        "x-sign": "0".repeat(64),
      },
    );
    expect(forged.body.code).toBe(20009);
    const real = await tenant.request("/api/users/isFreeze", { nonce });
    expect(real.status).toBe(200);
  });
});

describe("tampering", () => {
  it("refuses a body that differs from the signed one", async () => {
    const headers = signature(tenant.signSecret!, {
      method: "POST",
      path: "/api/users/password/check",
      body: { password: "Abcd@1234" },
    });
    const res = await send(
      tenant,
      { method: "POST", url: "/api/users/password/check", payload: { password: "Abcd@12345" } },
      headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20009);
  });

  it("refuses an added body field", async () => {
    const headers = signature(tenant.signSecret!, {
      method: "POST",
      path: "/api/users/password/check",
      body: { password: "Abcd@1234" },
    });
    const res = await send(
      tenant,
      { method: "POST", url: "/api/users/password/check", payload: { password: "Abcd@1234", extra: "1" } },
      headers,
    );
    expect(res.body.code).toBe(20009);
  });

  it("refuses a query that differs from the signed one", async () => {
    const headers = signature(tenant.signSecret!, {
      method: "GET",
      path: "/api/configs/user/configType",
      query: { configType: "display" },
    });
    const ok = await send(
      tenant,
      { method: "GET", url: "/api/configs/user/configType?configType=display" },
      headers,
    );
    expect(ok.status).toBe(200);
    const again = signature(tenant.signSecret!, {
      method: "GET",
      path: "/api/configs/user/configType",
      query: { configType: "display" },
    });
    const res = await send(
      tenant,
      { method: "GET", url: "/api/configs/user/configType?configType=system" },
      again,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20009);
  });

  it("refuses a signature for another path or method", async () => {
    const otherPath = signature(tenant.signSecret!, { method: "GET", path: "/api/users/token" });
    const a = await send(tenant, { method: "GET", url: "/api/users/isFreeze" }, otherPath);
    expect(a.body.code).toBe(20009);
    const otherMethod = signature(tenant.signSecret!, { method: "GET", path: "/api/users/agree_policy" });
    const b = await send(
      tenant,
      { method: "POST", url: "/api/users/agree_policy", payload: {} },
      otherMethod,
    );
    expect(b.body.code).toBe(20009);
  });
});

describe("anti-forgery token", () => {
  const agreeSign = async (client: TestClient) =>
    (await client.request<{ policyAgreeSign: number }>("/api/users/token")).body.data.policyAgreeSign;

  it("refuses a signed POST without the anti-forgery header and changes nothing", async () => {
    expect(await agreeSign(reader)).toBe(0);
    const en = await reader.request("/api/users/agree_policy", { method: "POST", body: {}, noCsrf: true });
    expect(en.status).toBe(403);
    expect(en.body.code).toBe(403);
    expect(en.body.message).toBe("The anti-forgery token is missing or invalid");
    const zh = await reader.request("/api/users/agree_policy", {
      method: "POST",
      body: {},
      noCsrf: true,
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("防伪令牌缺失或无效");
    expect(await agreeSign(reader)).toBe(0);
  });

  it("refuses a header that does not match the cookie", async () => {
    const headers = signature(reader.signSecret!, {
      method: "POST",
      path: "/api/users/agree_policy",
      body: {},
    });
    const res = await send(
      reader,
      { method: "POST", url: "/api/users/agree_policy", payload: {} },
      { ...headers, "x-xsrf-token": "something-else" },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(await agreeSign(reader)).toBe(0);
  });

  it("refuses a public POST (sign-in) without the anti-forgery header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: DEMO.tenant,
      headers: { "accept-language": "en-US" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });

  it("lets GET requests through without it", async () => {
    const res = await reader.request("/api/users/token", { noCsrf: true });
    expect(res.status).toBe(200);
    const pub = await t.app.inject({ method: "GET", url: "/api/configs/nonAuth" });
    expect(pub.statusCode).toBe(200);
  });

  it("records the agreement once the header is present", async () => {
    const res = await reader.request("/api/users/agree_policy", { method: "POST", body: {} });
    expect(res.status).toBe(200);
    expect(await agreeSign(reader)).toBe(1);
  });
});
