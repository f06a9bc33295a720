// Responses are serialised against their declared schema, so a field the schema does not declare
// never reaches the client — also when a route reuses the serialised text of an unchanged answer
// (`reuseSerialized`, the current-user document of GET /users/token).
import { currentUser, defineEndpoint } from "@skyledger/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sendError } from "../src/platform/http/error-handler";
import type { HttpGuards } from "../src/platform/http/guards";
import { publicRoute } from "../src/platform/http/route";
import { DEMO, signedIn } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

describe("reuseSerialized routes", () => {
  let app: FastifyInstance;
  // What the handler answers next; the same object again means "unchanged".
  let answer: unknown;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
    // Public GET routes without the auth rate limit use no guard but maintenance (which lets GETs by).
    const guards = { maintenance: async () => {} } as unknown as HttpGuards;
    const reused = defineEndpoint({
      access: "public",
      method: "GET",
      path: "/reused",
      summary: "test",
      tags: ["test"],
      response: z.object({
        name: z.string(),
        items: z.array(z.object({ id: z.number() })),
        owner: z.object({ id: z.string() }).nullable(),
      }),
      reuseSerialized: true,
    });
    publicRoute(app, guards, reused, async () => answer);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async () => {
    const res = await app.inject({ method: "GET", url: "/reused" });
    return { status: res.statusCode, type: res.headers["content-type"], text: res.body };
  };

  it("drops undeclared fields at every depth, on the first and on every reused answer", async () => {
    const doc = {
      name: "a",
      secret: "top-level leak",
      items: [{ id: 1, secret: "nested leak" }],
      owner: { id: "o1", passwordHash: "owner leak" },
    };
    answer = doc;
    const first = await get();
    const again = await get();
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.type).toBe("application/json; charset=utf-8");
      expect(res.text).not.toMatch(/leak|secret|passwordHash/);
      expect(JSON.parse(res.text)).toEqual({
        code: 200,
        message: "",
        data: { name: "a", items: [{ id: 1 }], owner: { id: "o1" } },
      });
    }
    expect(again.text).toBe(first.text);
  });

  it("freezes an answer once sent, so it cannot change behind its kept text", async () => {
    const doc = { name: "b", items: [{ id: 2 }], owner: null };
    answer = doc;
    await get();
    expect(Object.isFrozen(doc)).toBe(true);
    expect(Object.isFrozen(doc.items[0])).toBe(true);
    expect(() => {
      (doc as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(JSON.parse((await get()).text).data.name).toBe("b");
  });

  it("serialises a new object afresh", async () => {
    answer = { name: "c", items: [], owner: null };
    expect(JSON.parse((await get()).text).data.name).toBe("c");
    answer = { name: "d", items: [], owner: null, extra: true };
    const text = (await get()).text;
    expect(JSON.parse(text).data).toEqual({ name: "d", items: [], owner: null });
  });

  it("still refuses an answer that does not match the schema", async () => {
    answer = { name: 42, items: [], owner: null };
    const res = await get();
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({ code: 500, data: null });
  });
});

describe("GET /users/token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // Every key of an object in the answer is one the schema declares (menus are nested).
  const declared = new Set(Object.keys(currentUser.shape));
  const menuKeys = new Set(["key", "labelKey", "path", "children"]);
  function undeclaredMenuKeys(menus: unknown[]): string[] {
    return menus.flatMap((m) => {
      const item = m as Record<string, unknown>;
      return [
        ...Object.keys(item).filter((k) => !menuKeys.has(k)),
        ...undeclaredMenuKeys((item.children as unknown[] | undefined) ?? []),
      ];
    });
  }

  it("answers exactly the declared fields, the same on a reused answer, for every kind of user", async () => {
    for (const who of [DEMO.tenant, DEMO.admin, DEMO.reader]) {
      const client = await signedIn(t.app, t.clock, who);
      const first = await client.raw("/api/users/token");
      const again = await client.raw("/api/users/token");
      expect(first.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      const data = (JSON.parse(first.body) as { data: Record<string, unknown> }).data;
      expect(Object.keys(data).sort()).toEqual([...declared].sort());
      expect(undeclaredMenuKeys(data.menus as unknown[])).toEqual([]);
      expect(Object.keys(data.currentOrg ?? {}).every((k) => k === "orgSid" || k === "orgName")).toBe(true);
    }
  });

  it("follows the session's expiry when a refresh moves it", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const before = (await client.request<{ sessionExpiresAt: string }>("/api/users/token")).body.data;
    t.clock.advance(2 * 60_000);
    const refreshed = await client.request<{ expiresAt: string }>("/api/users/token/refresh", {
      method: "POST",
    });
    expect(refreshed.status).toBe(200);
    const after = (await client.request<{ sessionExpiresAt: string }>("/api/users/token")).body.data;
    expect(after.sessionExpiresAt).toBe(refreshed.body.data.expiresAt);
    expect(after.sessionExpiresAt).not.toBe(before.sessionExpiresAt);
  });
});
