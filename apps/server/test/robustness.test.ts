// Hostile input against every operation of the OpenAPI document, signed in as whoever may call it
// (the platform administrator for operator codes, the demo tenant otherwise, nobody for public
// ones): a valid-looking sample first, then type-confused bodies, nulls, NUL characters, lone
// UTF-16 surrogates, 100 000-character strings, huge and negative numbers and deep nesting. No
// answer may be a 5xx, and (the harness) no error may be logged. New operations are covered as
// soon as they are in the document.
import { createHmac, randomUUID } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { smsCodeFor } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { loadOperations, type Operation, sampleOf, sampleParam } from "./support/openapi";

type Caller = { token?: string; signSecret?: string; permissions: Set<string> };
type Request = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The JSON text sent (may hold what JSON.stringify cannot make, e.g. 60 000 levels). */
  bodyText?: string;
  /** The body as the signature sees it; unsigned (a wrong signature) when it cannot be signed. */
  signBody?: unknown;
};

let t: TestApp;
let operations: Operation[];
const callers: Record<"admin" | "tenant" | "anonymous", Caller> = {} as never;
let xsrf: string;
const IP = "10.9.9.9";

// Sign-out ends the session every other request here uses; it takes no input to mutate.
const SKIPPED = new Set(["POST /api/users/logout"]);

function callerFor(op: Operation): Caller {
  const a = op.access;
  if (a.kind === "public") return callers.anonymous;
  if (a.kind === "codes" && !a.tenantOnly && a.codes.some((c) => callers.admin.permissions.has(c)))
    return callers.admin;
  return callers.tenant;
}

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as the bytes of its code unit. */
function encode(text: string): string {
  let out = "";
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += Buffer.from([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)])
        .toString("hex")
        .replace(/../g, "%$&")
        .toUpperCase();
    } else out += encodeURIComponent(ch);
  }
  return out;
}

async function send(op: Operation, req: Request) {
  const caller = callerFor(op);
  const params = { ...Object.fromEntries(op.params.map((p) => [p.name, sampleParam(p)])), ...req.params };
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name] ?? "x"));
  const query = req.query ?? {};
  const search = Object.entries(query)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join("&");
  const headers: Record<string, string> = {
    "accept-language": "en-US",
    cookie: `XSRF-TOKEN=${xsrf}`,
    "x-xsrf-token": xsrf,
  };
  let payload: string | Buffer | undefined = req.bodyText;
  if (op.rawBody) {
    payload = Buffer.from("robustness");
    headers["content-type"] = op.rawBody;
  } else if (payload !== undefined) headers["content-type"] = "application/json";
  if (caller.token && caller.signSecret) {
    const timestamp = String(t.clock.now().getTime());
    const nonce = randomUUID();
    const requestId = randomUUID();
    let signature = "0".repeat(64);
    try {
      const canonical = canonicalString({
        method: op.method,
        path,
        query,
        body: op.rawBody ? new Uint8Array() : (req.signBody ?? {}),
        timestamp,
        nonce,
        requestId,
      });
      signature = createHmac("sha256", caller.signSecret).update(canonical).digest("hex");
    } catch {
      // Lone surrogates cannot be percent-encoded and deep nesting overflows the walk: a client could
      // not sign these, and the server must refuse them before it tries.
    }
    Object.assign(headers, {
      authorization: `Bearer ${caller.token}`,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-request-id": requestId,
      "x-sign": signature,
    });
  }
  const res = await t.app.inject({
    method: op.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: IP,
  });
  return res;
}

type Leaf = string | number | boolean | null;
type Mutation = (value: Leaf) => unknown;

/** The value with every leaf (string, number, boolean) that `pick` selects mapped by `change`. */
function mapLeaves(value: unknown, change: Mutation, pick: (leaf: Leaf, index: number) => boolean) {
  let index = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    const leaf = v as Leaf;
    return pick(leaf, index++) ? change(leaf) : leaf;
  };
  return walk(value);
}

function countLeaves(value: unknown, pick: (leaf: Leaf) => boolean): number {
  let n = 0;
  mapLeaves(
    value,
    (v) => v,
    (leaf) => {
      if (pick(leaf)) n++;
      return false;
    },
  );
  return n;
}

const sampleQuery = (op: Operation): Record<string, string> =>
  Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema))] as const),
  );
const sampleBody = (op: Operation): unknown => (op.body ? sampleOf(op.body) : undefined);
const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));

/** Every query parameter (required or not) at its sample value, with `name` changed. */
function queryWith(op: Operation, name: string, value: string): Record<string, string> {
  return { ...sampleQuery(op), [name]: value };
}

type Case = { label: string; request: Request };

/** One case per leaf of the body, query parameter or path parameter that `pick` selects. */
function oneAtATime(op: Operation, pick: (leaf: Leaf) => boolean, change: Mutation, text: string): Case[] {
  const cases: Case[] = [];
  const body = sampleBody(op);
  const n = countLeaves(body, pick);
  for (let i = 0; i < n; i++) {
    let seen = -1;
    const mutated = mapLeaves(body, change, (leaf) => pick(leaf) && ++seen === i);
    cases.push({ label: `body leaf ${i}`, request: { bodyText: json(mutated), signBody: mutated } });
  }
  for (const p of op.query) {
    const sample = sampleOf(p.schema) as Leaf;
    if (pick(sample))
      cases.push({ label: `query ${p.name}`, request: { query: queryWith(op, p.name, text) } });
  }
  for (const p of op.params) {
    cases.push({
      label: `path ${p.name}`,
      request: { params: { [p.name]: text }, bodyText: json(body), signBody: body },
    });
  }
  return cases;
}

/** One case with every string of the body, query and path changed at once. */
function allStrings(op: Operation, change: (s: string) => string): Case[] {
  const body = mapLeaves(
    sampleBody(op),
    (v) => change(v as string),
    (leaf) => typeof leaf === "string",
  );
  const query = Object.fromEntries(
    [...op.query.map((p) => [p.name, String(sampleOf(p.schema))] as const)].map(([k, v]) => [k, change(v)]),
  );
  const params = Object.fromEntries(op.params.map((p) => [p.name, change(sampleParam(p))]));
  return [{ label: "every string", request: { bodyText: json(body), signBody: body, query, params } }];
}

const isString = (leaf: Leaf) => typeof leaf === "string";
const isNumber = (leaf: Leaf) => typeof leaf === "number";
const nested = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}`;

const KINDS: Record<string, (op: Operation) => Case[]> = {
  "a valid-looking sample": (op) => {
    const body = sampleBody(op);
    return [{ label: "sample", request: { query: sampleQuery(op), bodyText: json(body), signBody: body } }];
  },
  "type-confused bodies and queries": (op) => {
    const body = sampleBody(op);
    const swapped = mapLeaves(
      body,
      (v) => (typeof v === "string" ? 12345 : typeof v === "number" ? "12345x" : ["yes"]),
      () => true,
    );
    const cases: Case[] = [
      { label: "leaves of the wrong type", request: { bodyText: json(swapped), signBody: swapped } },
      {
        label: "query values as arrays",
        request: { query: Object.fromEntries(op.query.map((p) => [`${p.name}[0]`, "1"])) },
      },
    ];
    if (op.body)
      cases.push(
        { label: "an array for the body", request: { bodyText: json([body]), signBody: [body] } },
        { label: "a string for the body", request: { bodyText: '"text"' } },
        { label: "a number for the body", request: { bodyText: "42" } },
      );
    return cases;
  },
  null: (op) => {
    const body = sampleBody(op);
    const nulls = mapLeaves(
      body,
      () => null,
      () => true,
    );
    return [
      { label: "null leaves", request: { bodyText: json(nulls), signBody: nulls } },
      ...(op.body ? [{ label: "a null body", request: { bodyText: "null" } }] : []),
    ];
  },
  "NUL characters": (op) => allStrings(op, (s) => `${s}\u0000`),
  "lone surrogates": (op) => allStrings(op, (s) => `${s}\uD800`),
  "100 000-character strings": (op) =>
    oneAtATime(op, isString, () => "x".repeat(100_000), "x".repeat(100_000)),
  "1e308": (op) => oneAtATime(op, isNumber, () => 1e308, "1e308"),
  "-1": (op) => oneAtATime(op, isNumber, () => -1, "-1"),
  "2**64": (op) => oneAtATime(op, isNumber, () => 2 ** 64, "18446744073709551616"),
  "deep nesting": (op) => {
    const body = sampleBody(op);
    const base = body !== null && typeof body === "object" && !Array.isArray(body) ? body : {};
    const prefix = JSON.stringify(base).replace(/}$/, Object.keys(base).length ? ',"deep":' : '"deep":');
    return [
      { label: "60 000 levels", request: { bodyText: `${prefix}${nested(60_000, "1")}}` } },
      {
        label: "each leaf 20 levels deep",
        request: {
          bodyText: json(
            mapLeaves(
              body,
              () => JSON.parse(nested(20, "1")),
              () => true,
            ),
          ),
        },
      },
    ];
  },
};

async function stepUp(client: TestClient, phone: string) {
  await client.request("/api/common/sms/send_code", { method: "POST", body: { purpose: "stepup" } });
  const code = await smsCodeFor(t, phone, "stepup");
  const res = await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  operations = (await loadOperations(t.app)).filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));
  const cookie = (await t.app.inject({ method: "GET", url: "/api/configs/nonAuth", remoteAddress: IP }))
    .headers["set-cookie"];
  xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(cookie))![1]!;
  callers.anonymous = { permissions: new Set() };
  for (const [name, who, phone] of [
    ["admin", DEMO.admin, "13800000001"],
    ["tenant", DEMO.tenant, "13800000002"],
  ] as const) {
    const client = await signedIn(t.app, t.clock, who);
    const me = await client.request<{ permissions: string[] }>("/api/users/token");
    callers[name] = {
      token: client.token!,
      signSecret: client.signSecret!,
      permissions: new Set(me.body.data.permissions),
    };
    // Sensitive operations answer 406 until SMS step-up; pass it so their input reaches the handler.
    await stepUp(client, phone);
  }
}, 120_000);
afterAll(() => t.close());

describe("the OpenAPI document", () => {
  it("lists the operations the sweep walks", () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(50);
  });
});

describe.each(Object.keys(KINDS))("every operation with %s", (kind) => {
  it("answers without a server error", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const { label, request } of KINDS[kind]!(op)) {
        const res = await send(op, request);
        sent++;
        if (res.statusCode >= 500)
          failures.push(`${op.method} ${op.path} (${label}) → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (op.path.startsWith("/api/") && !String(res.headers["cache-control"] ?? "").includes("no-store"))
          failures.push(`${op.method} ${op.path} (${label}): no Cache-Control: no-store`);
      }
    }
    expect(sent).toBeGreaterThan(operations.length / 4);
    expect(failures).toEqual([]);
    // Hundreds of requests one after another: on a loaded 2-core machine more than the default 30 s.
  }, 180_000);
});
