// HTTP-level behaviour: security headers, rate limits (per IP for sign-in, per account for
// signed-in calls), malformed bodies and the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

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
