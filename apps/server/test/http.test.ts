// HTTP-level behaviour: security headers, rate limits (per IP for sign-in, per account for
// signed-in calls), malformed bodies and the OpenAPI document.

import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, TestClient } from "./support/client";
import { LogCollector, startTestApp, type TestApp } from "./support/harness";

let t: TestApp;

// Low limits for the rate-limit tests; every other test here uses an IP and account of its own.
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "3", RATE_LIMIT_ACCOUNT_PER_MINUTE: "5" });
});
afterAll(() => t.close());

describe("security headers", () => {
  it("sends them on API answers, errors included", async () => {
    for (const url of ["/api/configs/nonAuth", "/api/nothing-here", "/api/users/token"]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: "10.0.1.1" });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-request-id"], url).toBeTruthy();
    }
  });

  it("sets the anti-forgery cookie once", async () => {
    const first = await t.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      remoteAddress: "10.0.1.2",
    });
    const cookie = String(first.headers["set-cookie"]);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Strict$/);
    const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)![1];
    const second = await t.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      headers: { cookie: `XSRF-TOKEN=${token}` },
      remoteAddress: "10.0.1.2",
    });
    expect(second.headers["set-cookie"]).toBeUndefined();
  });

  it("echoes a well-formed request id and replaces a malformed one", async () => {
    const good = await t.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      headers: { "x-request-id": "req-12345678" },
      remoteAddress: "10.0.1.3",
    });
    expect(good.headers["x-request-id"]).toBe("req-12345678");
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      headers: { "x-request-id": "<script>" },
      remoteAddress: "10.0.1.3",
    });
    expect(bad.headers["x-request-id"]).not.toBe("<script>");
  });
});

describe("rate limits", () => {
  it("limits sign-in attempts per IP (RATE_LIMIT_AUTH_PER_MINUTE=3)", async () => {
    const client = new TestClient(t.app, t.clock, "10.0.2.1");
    for (let i = 0; i < 3; i++) {
      expect((await client.login("demoreader", "Wrong@2026x")).body.code).toBe(20001);
    }
    const limited = await client.login(DEMO.reader.account, DEMO.reader.password);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.body.message).toBe("Too many requests; please try again later");
    // The window is one minute from the first of the three attempts, which were all at this time.
    expect(limited.headers["retry-after"]).toBe("60");
    const zh = await client.request("/api/users/login", {
      method: "POST",
      body: DEMO.reader,
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("请求过于频繁，请稍后再试");
    // The limit covers the other sign-up and code endpoints of the same IP.
    const code = await client.request("/api/common/sms/send_code", {
      method: "POST",
      body: { phone: "13912340000", purpose: "register" },
    });
    expect(code.status).toBe(429);
    t.clock.advance(45_500);
    const later = await client.login(DEMO.reader.account, DEMO.reader.password);
    expect(later.status).toBe(429);
    expect(later.headers["retry-after"]).toBe("15");

    // Another IP is not affected.
    const other = new TestClient(t.app, t.clock, "10.0.2.2");
    expect((await other.login(DEMO.reader.account, DEMO.reader.password)).status).toBe(200);

    t.clock.advanceMinutes(1);
    const again = await client.login(DEMO.reader.account, DEMO.reader.password);
    expect(again.status).toBe(200);
  });

  it("does not let a rate-limited request count as a failed login", async () => {
    const client = new TestClient(t.app, t.clock, "10.0.2.3");
    for (let i = 0; i < 10; i++) await client.login("demotenant", "Wrong@2026x");
    // Only three wrong passwords reached the server: the account is not locked.
    t.clock.advanceMinutes(1);
    expect((await client.login(DEMO.tenant.account, DEMO.tenant.password)).status).toBe(200);
  });

  it("limits signed-in calls per account (RATE_LIMIT_ACCOUNT_PER_MINUTE=5)", async () => {
    const a = await signedIn(t.app, t.clock, DEMO.admin);
    // A second session of the same account, from another address, shares the budget.
    const b = new TestClient(t.app, t.clock, "10.0.3.2");
    expect((await b.login(DEMO.admin.account, DEMO.admin.password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await a.request("/api/users/isFreeze")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await b.request("/api/users/isFreeze")).status).toBe(200);
    const limited = await a.request("/api/users/token");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.headers["retry-after"]).toBe("60");
    expect((await b.request("/api/users/token")).status).toBe(429);

    // Other accounts are not affected.
    const other = new TestClient(t.app, t.clock, "10.0.3.3");
    expect((await other.login(DEMO.reader.account, DEMO.reader.password)).status).toBe(200);
    expect((await other.request("/api/users/token")).status).toBe(200);

    t.clock.advanceMinutes(1);
    expect((await a.request("/api/users/token")).status).toBe(200);
  });
});

describe("malformed requests", () => {
  it("answers 400 with body code 400 for malformed JSON", async () => {
    const client = new TestClient(t.app, t.clock, "10.0.4.1");
    await client.request("/api/configs/nonAuth");
    const xsrf = "csrf-malformed";
    for (const payload of ["{not json", '{"account": "admin",', "[1, 2"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload,
        headers: {
          "content-type": "application/json",
          "accept-language": "en-US",
          "x-xsrf-token": xsrf,
          cookie: `XSRF-TOKEN=${xsrf}`,
        },
        remoteAddress: "10.0.4.1",
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: "Parameter exception", data: null });
    }
  });

  it("answers 400 for an unsupported content type and an oversized body", async () => {
    const headers = { "x-xsrf-token": "x", cookie: "XSRF-TOKEN=x" };
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: "<login/>",
      headers: { ...headers, "content-type": "application/xml" },
      remoteAddress: "10.0.4.2",
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json().code).toBe(400);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: JSON.stringify({ account: "a", password: "x".repeat(1_100_000) }),
      headers: { ...headers, "content-type": "application/json" },
      remoteAddress: "10.0.4.3",
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe(400);
  });
});

describe("OpenAPI document", () => {
  it("is an OpenAPI 3 document with the sign-in operation", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json", remoteAddress: "10.0.5.1" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { requestBody?: unknown; description?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Skyledger API");
    expect(doc.paths["/api/users/login"]?.post?.requestBody).toBeDefined();
    expect(doc.paths["/api/users/login"]?.post?.description).toBe("Public: no sign-in needed.");
    expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/ops/users", "/api/users/token"]));
  });

  it("serves the documentation page with a CSP that still forbids framing", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/docs/static/swagger-initializer.js",
      remoteAddress: "10.0.5.2",
    });
    expect(res.statusCode).toBe(200);
    // Swagger UI needs its inline bootstrap; the console's pages do not get that allowance.
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self' 'unsafe-inline'");
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("hostile input answers 400, never 500", () => {
  const post = (url: string, payload: string, headers: Record<string, string> = {}, ip = "10.0.6.1") =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: {
        "content-type": "application/json",
        "accept-language": "en-US",
        "x-xsrf-token": "hostile-input-token",
        cookie: "XSRF-TOKEN=hostile-input-token",
        ...headers,
      },
      remoteAddress: ip,
    });

  it("serves every URL with a malformed anti-forgery cookie, and replaces the cookie", async () => {
    for (const [i, cookie] of ["%E0%A4%A", "%", "%ZZ", "a%00b"].entries()) {
      for (const url of ["/api/configs/nonAuth", "/api/users/token", "/api/nothing-here", "/docs/json"]) {
        const res = await t.app.inject({
          method: "GET",
          url,
          headers: { cookie: `XSRF-TOKEN=${cookie}` },
          remoteAddress: "10.0.6.2",
        });
        expect(res.statusCode, `${cookie} ${url}`).toBeLessThan(500);
        expect(String(res.headers["set-cookie"]), `${cookie} ${url}`).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
      }
      // A state-changing call with it is refused as a missing token, not a crash.
      const login = await post(
        "/api/users/login",
        JSON.stringify(DEMO.reader),
        { cookie: `XSRF-TOKEN=${cookie}`, "x-xsrf-token": cookie },
        `10.0.6.${10 + i}`,
      );
      expect(login.statusCode, cookie).toBe(403);
      expect(login.json().message).toBe("The anti-forgery token is missing or invalid");
    }
  });

  it("answers pages and API calls as usual beside a malformed session or other cookie", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.reader);
    // A well-formed anti-forgery pair sent with the broken cookie: the call must go through.
    const token = "malformed-cookie-test-token";
    for (const [i, bad] of [
      "SESSION=%E0%A4%A",
      "session=%",
      "token=%ZZ; JSESSIONID=%E0%A4%A",
      "%E0%A4%A=1",
      "xsrf-token=%E0%A4%A; XSRF=%",
    ].entries()) {
      const ip = `10.0.6.${30 + i}`;
      for (const url of [
        "/",
        "/login",
        "/finance/online-recharge",
        "/api/configs/nonAuth",
        "/api/nothing-here",
      ]) {
        const res = await t.app.inject({ method: "GET", url, headers: { cookie: bad }, remoteAddress: ip });
        expect(res.statusCode, `${bad} ${url}`).toBeLessThan(500);
      }
      const headers = { cookie: `${bad}; XSRF-TOKEN=${token}`, "x-xsrf-token": token };
      const me = await client.request<{ account: string }>("/api/users/token", { headers });
      expect(me.status, bad).toBe(200);
      const check = await client.request<{ valid: boolean }>("/api/users/password/check", {
        method: "POST",
        body: { password: "Abcdefg@1234" },
        headers,
      });
      expect(check.status, bad).toBe(200);
      // Without a good anti-forgery cookie beside it, a state-changing call is refused, not a crash.
      const refused = await post("/api/users/login", JSON.stringify(DEMO.reader), { cookie: bad }, ip);
      expect(refused.statusCode, bad).toBe(403);
      // Two signed calls per cookie: a new minute keeps the reader under this file's account limit.
      t.clock.advance(60_000);
    }
  });

  it("refuses a NUL character in any string, signed in or not", async () => {
    const login = await post("/api/users/login", JSON.stringify({ account: "admin\u0000", password: "x" }));
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      code: 400,
      message:
        "The input contains a character that is not allowed (a NUL character or a broken Unicode character); remove it and try again",
      data: null,
    });
    const exists = await t.app.inject({
      method: "GET",
      url: "/api/users/validation/exists?field=account&value=a%00b",
      headers: { "accept-language": "zh-CN" },
      remoteAddress: "10.0.6.1",
    });
    expect(exists.statusCode).toBe(400);
    expect(exists.json().message).toBe("输入中含有不允许的字符（空字符或不完整的Unicode字符），请删除后重试");
    const inPath = await t.app.inject({
      method: "GET",
      url: "/api/agreements/a%00",
      remoteAddress: "10.0.6.1",
    });
    expect(inPath.statusCode).toBe(400);
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const signed = await client.request("/api/res/keypairs", { query: { keyword: "a\u0000" } });
    expect(signed.status).toBe(400);
    expect(signed.body.code).toBe(400);
  });

  // A signed call whose body the client could not even sign: the server must refuse it before it
  // walks the body for the signature.
  async function signedRaw(client: TestClient, url: string, payload: string) {
    const timestamp = String(t.clock.now().getTime());
    return post(url, payload, {
      authorization: `Bearer ${client.token}`,
      "x-timestamp": timestamp,
      "x-nonce": randomUUID(),
      "x-request-id": randomUUID(),
      "x-sign": createHmac("sha256", client.signSecret!)
        .update(
          canonicalString({ method: "POST", path: url, body: {}, timestamp, nonce: "n", requestId: "r" }),
        )
        .digest("hex"),
    });
  }

  it("refuses a body nested 60 000 levels deep on a signed route", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const deep = `{"name":${'{"a":'.repeat(60_000)}1${"}".repeat(60_000)}}`;
    const res = await signedRaw(client, "/api/res/keypairs", deep);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "The request body is nested too deeply", data: null });
    // Ordinary nesting is untouched: a real body still reaches the route (and its signature check).
    const shallow = await signedRaw(
      client,
      "/api/res/keypairs",
      `{"name":${'{"a":'.repeat(10)}1${"}".repeat(10)}}`,
    );
    expect(shallow.json().message).not.toBe("The request body is nested too deeply");
  });

  it("refuses a lone UTF-16 surrogate in a signed body", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    for (const text of ["\\ud800", "a\\udfffb", "\\udc00\\ud800"]) {
      const res = await signedRaw(client, "/api/res/keypairs", `{"name":"${text}"}`);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().message).toMatch(/^The input contains a character that is not allowed/);
    }
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await signedRaw(client, "/api/res/keypairs", '{"name":"\\ud83d\\ude00"}');
    expect(emoji.json().message ?? "").not.toMatch(/not allowed/);
  });

  it("answers a path that is not UTF-8 or too long in the envelope, without echoing it", async () => {
    for (const url of [
      "/api/agreements/%ED%A0%80",
      "/api/agreements/%E0%A4%A",
      `/api/agreements/${"x".repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url, remoteAddress: "10.0.6.3" });
      expect(res.statusCode, url.slice(0, 40)).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.body).not.toContain("agreements");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("caching", () => {
  it("forbids caching answers that carry a token or a secret", async () => {
    const client = new TestClient(t.app, t.clock, "10.0.7.1");
    const login = await client.login(DEMO.tenant.account, DEMO.tenant.password);
    expect(login.status).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    const refresh = await client.request("/api/users/token/refresh", { method: "POST", body: {} });
    expect(refresh.status).toBe(200);
    expect(refresh.headers["cache-control"]).toBe("no-store");
  });
});

describe("over https", () => {
  let proxied: TestApp;
  let tls: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ TRUST_PROXY: "true" });
    tls = await startTestApp({ PUBLIC_URL: "https://console.example.com" });
  });
  afterAll(async () => {
    await proxied.close();
    await tls.close();
  });

  it("sends HSTS and a Secure anti-forgery cookie behind a trusted proxy that says https", async () => {
    const https = await proxied.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(https.headers["set-cookie"])).toMatch(
      /^XSRF-TOKEN=[\w-]{20,}; Path=\/; Secure; SameSite=Strict$/,
    );
    const http = await proxied.app.inject({ method: "GET", url: "/api/configs/nonAuth" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    expect(String(http.headers["set-cookie"])).not.toContain("Secure");
  });

  it("does not believe X-Forwarded-Proto without TRUST_PROXY", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/configs/nonAuth",
      headers: { "x-forwarded-proto": "https" },
      remoteAddress: "10.0.8.1",
    });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(String(res.headers["set-cookie"])).not.toContain("Secure");
  });

  it("sends both when PUBLIC_URL is an https address", async () => {
    const res = await tls.app.inject({ method: "GET", url: "/" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(res.headers["set-cookie"])).toContain("; Secure;");
  });
});

describe("the server's log in tests", () => {
  it("collects error-level lines, and fails on any no test declared", () => {
    const log = new LogCollector();
    log.logger.stream.write(`${JSON.stringify({ level: 30, msg: "request completed" })}\n`);
    log.check();
    log.logger.stream.write(
      `${JSON.stringify({ level: 50, msg: "payment notification could not be applied" })}\n`,
    );
    expect(() => log.check()).toThrow(/1 error-level line\(s\) that no test expected/);
    log.expect(/payment notification could not be applied/);
    log.check();
    log.logger.stream.write(
      `${JSON.stringify({ level: 50, msg: "unhandled error", err: { message: "boom" } })}\n`,
    );
    expect(() => log.check()).toThrow(/boom/);
  });

  it("is the application's own log: what it logs at error level reaches the test", () => {
    t.expectErrorLog(/a failure this test logs on purpose/);
    t.app.log.error("a failure this test logs on purpose");
    expect(t.errorLogs().map((line) => line.msg)).toContain("a failure this test logs on purpose");
  });
});
