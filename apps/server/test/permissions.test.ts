// The permission matrix of spec §6, generated from the OpenAPI document so that every endpoint is
// covered: each operation's description states who may call it, and each demo user is tried.
import { readFileSync } from "node:fs";
import {
  BUILT_IN_PERMISSION_SETS,
  codesAllow,
  HPC_TERMINAL_SOCKET_PATH,
  OPERATOR_ROLE_SETS,
  PERMISSION_CODES,
  WEBSSH_SOCKET_PATH,
} from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../src/modules/iam/iam.repo";
import { userPermissionSets, users as userRows } from "../src/modules/iam/iam.schema";
import type { NoStateChange } from "../src/platform/http/route";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, TestClient } from "./support/client";
import { LONG_TEST_MS, startTestApp, type TestApp } from "./support/harness";
import { type Access, accessOf, markerOf, SAMPLE_PARAMS } from "./support/openapi";

type Operation = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  url: string;
  access: Access;
  /** The route's reviewed marker: a POST, PUT or DELETE that changes no business state. */
  noStateChange?: NoStateChange;
};

let t: TestApp;
let operations: Operation[];
type Caller = { client: TestClient; permissions: Set<string> };
const users: Record<"admin" | "tenant" | "reader", Caller> = {} as never;

// Spec §6's built-in sets a tenant can hand out (the platform administrator's set is the operators'):
// one sub-user of the demo organisation holds each, and nothing else.
const DEMO_ORG_ID = "00000000-0000-4000-8000-000000000001";
const TENANT_SETS = BUILT_IN_PERMISSION_SETS.filter((set) => set.codes.every((c) => c.startsWith("C")));
const bySet = new Map<string, Caller>();

/** A sub-user of the demo organisation holding only `setKey`, or (`operator`) an operator account. */
async function subUserHolding(setKey: string, index: number, operator = false): Promise<Caller> {
  const account = `set${String(index).padStart(2, "0")}${operator ? "ops" : "user"}`;
  const password = "Matrix@2026";
  const id = `00000000-0000-4000-8000-0000000${operator ? "b" : "a"}${String(index).padStart(4, "0")}`;
  const now = t.clock.now();
  await t.database.db.insert(userRows).values({
    id,
    account,
    passwordHash: await hashPassword(password),
    orgId: operator ? null : DEMO_ORG_ID,
    parentId: operator ? null : "00000000-0000-4000-8000-000000000102",
    roleId: operator ? ROLE.operator : ROLE.subUser,
    loginNotFirst: true,
    agreedAgreementVersion: 1,
    agreedPrivacyVersion: 1,
    pwdChangedAt: now,
    createdAt: now,
  });
  await t.database.db.insert(userPermissionSets).values({ userId: id, permissionSetId: `builtin:${setKey}` });
  const client = await signedIn(t.app, t.clock, { account, password });
  const me = await client.request<{ permissions: string[] }>("/api/users/token");
  return { client, permissions: new Set(me.body.data.permissions) };
}

beforeAll(async () => {
  t = await startTestApp();
  const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const { rest, marker } = markerOf(op.description);
      const access = accessOf(rest);
      if (!access)
        throw new Error(`${method.toUpperCase()} ${path}: unrecognised description "${op.description}"`);
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const sample = SAMPLE_PARAMS[name];
        if (!sample) throw new Error(`${path}: no sample value for the path parameter "${name}"`);
        return encodeURIComponent(sample);
      });
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        url,
        access,
        ...(marker ? { noStateChange: marker } : {}),
      });
    }
  }
  // Sign-out last: it ends the session the rest of the matrix uses.
  operations.sort((a, b) => Number(a.path === "/api/users/logout") - Number(b.path === "/api/users/logout"));
  for (const [name, who] of [
    ["admin", DEMO.admin],
    ["tenant", DEMO.tenant],
    ["reader", DEMO.reader],
  ] as const) {
    const client = await signedIn(t.app, t.clock, who);
    const me = await client.request<{ permissions: string[] }>("/api/users/token");
    users[name] = { client, permissions: new Set(me.body.data.permissions) };
  }
  for (const [i, set] of TENANT_SETS.entries()) bySet.set(set.key, await subUserHolding(set.key, i + 1));
  for (const [i, set] of OPERATOR_ROLE_SETS.entries())
    bySet.set(set.key, await subUserHolding(set.key, i + 1, true));
});
afterAll(() => t.close());

const call = async (client: TestClient, op: Operation) => {
  const res = await client.raw(op.url, { method: op.method, ...(op.method === "GET" ? {} : { body: {} }) });
  // A file (a CSV export) comes with its own content type; refusals are always the JSON envelope.
  const json = String(res.headers["content-type"] ?? "").includes("application/json");
  const body = json
    ? (res.json() as { code: number; message: string })
    : { code: res.statusCode, message: "" };
  return { status: res.statusCode, body };
};

describe("the OpenAPI document as the list of endpoints", () => {
  it("describes every /api operation in one of the three forms, with known codes", () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
    for (const op of operations) {
      expect(op.path.startsWith("/api/"), op.path).toBe(true);
      if (op.access.kind === "codes") {
        for (const code of op.access.codes)
          expect(Object.keys(PERMISSION_CODES), `${op.path}`).toContain(code);
      }
    }
  });

  it("contains the endpoints the console relies on", () => {
    const listed = operations.map((op) => `${op.method} ${op.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "POST /api/users/login",
        "GET /api/users/token",
        "PUT /api/configs",
        "POST /api/ops/users/{userSid}/unlock",
      ]),
    );
    const byPath = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path);
    expect(byPath("POST", "/api/users/login")?.access).toEqual({ kind: "public" });
    expect(byPath("GET", "/api/users/token")?.access).toEqual({ kind: "signedIn" });
    expect(byPath("PUT", "/api/configs")?.access).toEqual({
      kind: "codes",
      codes: ["BA01"],
      tenantOnly: false,
    });
    expect(byPath("GET", "/api/ops/outbox")?.access).toEqual({
      kind: "codes",
      codes: ["BA03"],
      tenantOnly: false,
    });
    expect(byPath("GET", "/api/bills")?.access).toEqual({ kind: "codes", codes: ["CC03"], tenantOnly: true });
  });

  it("lists every route the server answers under /api", () => {
    // Fastify's own route table, compared with the document: no route is hidden from the matrix.
    const all = routesFromTree(t.app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.includes(" /api/"),
    );
    // The routes outside the document: the terminals' WebSockets (the HPC login host's, a cloud
    // host's), whose authority is the one-time ticket minted by a documented, signed endpoint (a
    // browser cannot sign an upgrade).
    const sockets = [`GET ${HPC_TERMINAL_SOCKET_PATH}`, `GET ${WEBSSH_SOCKET_PATH}`];
    expect(all).toEqual(expect.arrayContaining(sockets));
    const routes = all.filter((r) => !sockets.includes(r));
    const documented = operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`);
    expect(routes.length).toBe(documented.length);
    expect([...routes].sort()).toEqual([...documented].sort());
  });
});

/** "METHOD /path" for every route of Fastify's printed route tree (HEAD is implied by GET). */
function routesFromTree(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of m[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push(`${method} ${stack.join("")}`);
    }
  }
  return routes;
}

describe("anonymous callers", () => {
  it("get 401 on every signed-in operation and are let through public ones", async () => {
    const anonymous = new TestClient(t.app, t.clock);
    for (const op of operations) {
      const res = await call(anonymous, op);
      const label = `${op.method} ${op.url}`;
      if (op.access.kind === "public") {
        expect([401, 403], label).not.toContain(res.status);
      } else {
        expect(res.status, label).toBe(401);
        expect(res.body.code, label).toBe(401);
      }
    }
  });
});

describe.each(["admin", "tenant", "reader"] as const)("as %s", (name) => {
  it(
    "is refused exactly the operations whose codes it lacks",
    async () => {
      const { client, permissions } = users[name];
      for (const op of operations) {
        const res = await call(client, op);
        const label = `${name}: ${op.method} ${op.url} → ${res.status} ${JSON.stringify(res.body)}`;
        const allowed =
          op.access.kind === "tenant"
            ? name !== "admin"
            : op.access.kind !== "codes" ||
              (op.access.codes.some((c) => permissions.has(c)) &&
                !(op.access.tenantOnly && name === "admin"));
        if (allowed) {
          // Any answer but a refusal: an empty body may well be a 400.
          expect([401, 403], label).not.toContain(res.status);
          expect([401, 403], label).not.toContain(res.body.code);
        } else {
          expect(res.status, label).toBe(403);
          expect(res.body.code, label).toBe(403);
          expect(res.body.message, label).toBe("No permission to operate");
        }
      }
    },
    LONG_TEST_MS,
  );
});

describe.each(TENANT_SETS.map((set) => set.key))("as a sub-user holding only the built-in set %s", (key) => {
  it("holds exactly the set's codes and is refused exactly the operations needing others", async () => {
    const caller = bySet.get(key)!;
    const set = TENANT_SETS.find((s) => s.key === key)!;
    expect([...caller.permissions].sort()).toEqual([...new Set(set.codes)].sort());
    for (const op of operations) {
      const res = await call(caller.client, op);
      const label = `${key}: ${op.method} ${op.url} → ${res.status} ${JSON.stringify(res.body)}`;
      const allowed = op.access.kind !== "codes" || op.access.codes.some((c) => caller.permissions.has(c));
      if (set.readOnly && changesState(op)) {
        // A read-only set is refused every endpoint that may change business state.
        expect(res.status, label).toBe(403);
      } else if (allowed) {
        expect([401, 403], label).not.toContain(res.status);
        expect([401, 403], label).not.toContain(res.body.code);
      } else {
        expect(res.status, label).toBe(403);
        expect(res.body.code, label).toBe(403);
      }
    }
  });
});

// Issue 19: an operator holding one built-in operator role alone reaches exactly what its codes
// open (the auditor's BR: every operator read, no action), never a tenant's own endpoints.
describe.each(OPERATOR_ROLE_SETS.map((set) => set.key))(
  "as an operator holding only the role set %s",
  (key) => {
    it(
      "holds exactly the role's codes and is refused exactly the operations needing others",
      async () => {
        const caller = bySet.get(key)!;
        const set = OPERATOR_ROLE_SETS.find((s) => s.key === key)!;
        expect([...caller.permissions].sort()).toEqual([...set.codes].sort());
        let reached = 0;
        for (const op of operations) {
          const res = await call(caller.client, op);
          const label = `${key}: ${op.method} ${op.url} → ${res.status} ${JSON.stringify(res.body)}`;
          const allowed =
            op.access.kind === "public" ||
            op.access.kind === "signedIn" ||
            (op.access.kind === "codes" &&
              !op.access.tenantOnly &&
              codesAllow(op.access.codes, caller.permissions, !changesState(op)));
          if (set.readOnly && changesState(op) && op.access.kind === "codes") {
            expect(res.status, label).toBe(403);
          } else if (allowed) {
            if (op.access.kind === "codes") reached += 1;
            expect([401, 403], label).not.toContain(res.status);
            expect([401, 403], label).not.toContain(res.body.code);
          } else {
            expect(res.status, label).toBe(403);
            expect(res.body.code, label).toBe(403);
          }
        }
        expect(reached, key).toBeGreaterThan(0);
      },
      LONG_TEST_MS,
    );
  },
);

/** A signed-in POST, PUT or DELETE without the reviewed no-state-change marker. */
const changesState = (op: Operation) =>
  op.method !== "GET" && op.access.kind !== "public" && op.noStateChange === undefined;

/** Whether a holder of exactly `codes` passes the operation's permission check. */
const reaches = (op: Operation, codes: readonly string[]) =>
  op.access.kind !== "public" &&
  (op.access.kind !== "codes" || op.access.codes.some((c) => codes.includes(c)));

describe("read-only built-in permission sets (issue 11 §1)", () => {
  const readOnly = BUILT_IN_PERMISSION_SETS.filter((set) => set.readOnly);

  it("are spec §6's read-only variants, each within its administrator set", () => {
    const pairs: Record<string, string> = {
      costCentreReadOnly: "costCentreAdmin",
      ticketReadOnly: "ticketAdmin",
      iamReadOnly: "iamAdmin",
      messageReadOnly: "messageAdmin",
      fileServiceReadOnly: "fileServiceAdmin",
    };
    expect(readOnly.map((set) => set.key).sort()).toEqual(Object.keys(pairs).sort());
    for (const set of readOnly) {
      const admin = BUILT_IN_PERMISSION_SETS.find((s) => s.key === pairs[set.key])!;
      expect(admin.codes, set.key).toEqual(expect.arrayContaining([...set.codes]));
      // The administrator set holds a management code the read-only one lacks (or, for tickets
      // and messages, will once their endpoints exist).
      expect(admin.codes.length, set.key).toBeGreaterThan(set.codes.length);
    }
  });

  it("reach no POST, PUT or DELETE operation of the document that changes state", () => {
    const reached = readOnly.flatMap((set) =>
      operations
        .filter((op) => changesState(op) && reaches(op, set.codes))
        .map((op) => `${set.key}: ${op.method} ${op.path}`),
    );
    expect(reached).toEqual([]);
  });

  it("mark exactly the operations docs/api/permissions.md lists, and the document explains every code", () => {
    const doc = readFileSync(new URL("../../../docs/api/permissions.md", import.meta.url), "utf8");
    const section = doc.split("## Endpoints that change no business state")[1]?.split("\n## ")[0] ?? "";
    const listed = [...section.matchAll(/^\| `(GET|POST|PUT|DELETE) ([^`]+)` \| `(\w+)` \|/gm)].map(
      (m) => `${m[1]} ${m[2]} ${m[3]}`,
    );
    const marked = operations
      .filter((op) => op.noStateChange)
      .map((op) => `${op.method} ${op.path} ${op.noStateChange}`);
    expect(listed.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual([...marked].sort());
    // Every code of the table is explained in the document's code list.
    const codeList = doc.split("## Every code")[1]?.split("\n## ")[0] ?? "";
    const explained = new Set([...codeList.matchAll(/`([A-Z][A-Z0-9]*)`/g)].map((m) => m[1]));
    expect(Object.keys(PERMISSION_CODES).filter((code) => !explained.has(code))).toEqual([]);
    // A GET needs no marker: it changes nothing by definition.
    expect(operations.filter((op) => op.noStateChange && op.method === "GET")).toEqual([]);
  });
});

describe("expected permissions of the demo users", () => {
  it("lets only the platform administrator reach operator endpoints", () => {
    const operator = operations.filter(
      (op) => op.access.kind === "codes" && op.access.codes.every((c) => c.startsWith("B")),
    );
    expect(operator.length).toBeGreaterThan(0);
    for (const op of operator) {
      const codes = (op.access as { codes: string[] }).codes;
      expect(
        codes.some((c) => users.admin.permissions.has(c)),
        op.path,
      ).toBe(true);
      expect(
        codes.some((c) => users.tenant.permissions.has(c)),
        op.path,
      ).toBe(false);
      expect(
        codes.some((c) => users.reader.permissions.has(c)),
        op.path,
      ).toBe(false);
    }
    expect([...users.reader.permissions].sort()).toEqual(["CA", "CC03"]);
  });

  it("opens signing in as support to after-sales engineers and the platform administrator alone", () => {
    const op = operations.find(
      (o) => o.method === "POST" && o.path === "/api/ops/tenants/{orgId}/support_session",
    );
    if (!op) throw new Error("no support sign-in endpoint in the document");
    expect(op.access).toEqual({ kind: "codes", codes: ["BT"], tenantOnly: false });
    const codes = (op.access as { codes: string[] }).codes;
    // The auditor's BR does not count: the call changes state (it opens a session).
    expect(changesState(op)).toBe(true);
    const reaching = OPERATOR_ROLE_SETS.filter((set) =>
      codesAllow(codes, bySet.get(set.key)!.permissions, false),
    ).map((set) => set.key);
    expect(reaching).toEqual(["opAfterSales"]);
    // The platform administrator (the demo admin) holds every code.
    expect(codes.some((c) => users.admin.permissions.has(c))).toBe(true);
    expect(codes.some((c) => users.tenant.permissions.has(c))).toBe(false);
  });

  it("keeps tenant cost-centre endpoints to tenant users", () => {
    const tenantOnly = operations.filter((op) => op.access.kind === "codes" && op.access.tenantOnly);
    expect(tenantOnly.map((op) => op.path)).toContain("/api/billing_account");
    for (const op of tenantOnly) {
      const codes = (op.access as { codes: string[] }).codes;
      expect(
        codes.every((c) => c.startsWith("C")),
        op.path,
      ).toBe(true);
      expect(
        codes.some((c) => users.tenant.permissions.has(c)),
        op.path,
      ).toBe(true);
    }
  });
});

describe("unknown endpoints", () => {
  it("answer 404 with the catalogue message", async () => {
    const anonymous = new TestClient(t.app, t.clock);
    for (const [method, url] of [
      ["GET", "/api/does-not-exist"],
      ["POST", "/api/users/does-not-exist"],
      ["DELETE", "/api/configs"],
    ] as const) {
      const res = await anonymous.request(url, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe(404);
      expect(res.body.message).toBe("Sorry, the interface does not exist");
    }
    const zh = await anonymous.request("/api/nothing", { locale: "zh-CN" });
    expect(zh.body.message).toBe("抱歉，接口不存在");
    const signed = await users.tenant.client.request("/api/nothing/here");
    expect(signed.status).toBe(404);
    expect(signed.body.code).toBe(404);
  });
});
