// Access keys: the per-user limit, the secret shown once, and keys as API credentials that carry
// exactly their user's permissions and stop working the moment they are disabled or deleted.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import {
  ACCESS_KEY_ID_PATTERN,
  type AccessKeyCreated,
  type AccessKeyRow,
  canonicalString,
  type Page,
} from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessKeys, userPermissionSets, users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { AccessKeyClient } from "./support/access-key-client";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant, smsCodeFor, userIdOf } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function stepUp(client: TestClient, mobile: string) {
  const sent = await client.request("/api/common/sms/send_code", {
    method: "POST",
    body: { purpose: "stepup" },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await smsCodeFor(t, mobile, "stepup");
  const ok = await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: code } });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}

/** A freshly signed-up tenant administrator, signed in and past SMS step-up. */
async function newTenantAdmin() {
  const tenant = await registerTenant(t, await signedIn(t.app, t.clock, DEMO.admin));
  const client = await signedIn(t.app, t.clock, tenant);
  await stepUp(client, tenant.mobile);
  return { tenant, client };
}

async function createKey(client: TestClient, description?: string): Promise<AccessKeyCreated> {
  const res = await client.request<AccessKeyCreated>("/api/users/accesskey", {
    method: "POST",
    body: description === undefined ? {} : { description },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const keyClient = (key: AccessKeyCreated) =>
  new AccessKeyClient(t.app, t.clock, key.accessKeyId, key.secretAccessKey);

describe("managing keys", () => {
  it("needs SMS step-up to create, shows the secret once and keeps at most two keys per user", async () => {
    const tenant = await registerTenant(t, await signedIn(t.app, t.clock, DEMO.admin));
    const client = await signedIn(t.app, t.clock, tenant);
    const refused = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(refused.status).toBe(406);
    await stepUp(client, tenant.mobile);

    const first = await createKey(client, "CI pipeline");
    expect(first.accessKeyId).toMatch(ACCESS_KEY_ID_PATTERN);
    expect(first.secretAccessKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(first).toMatchObject({ description: "CI pipeline", status: "enabled", lastUsedAt: null });
    const second = await createKey(client);
    expect(second.accessKeyId).not.toBe(first.accessKeyId);

    const third = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(third.status).toBe(400);
    expect(third.body.code).toBe(24040);
    expect(third.body.message).toBe("A user can have at most 2 access keys");

    const list = await client.request<Page<AccessKeyRow>>("/api/users/accesskey");
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((k) => k.accessKeyId).sort()).toEqual(
      [first.accessKeyId, second.accessKeyId].sort(),
    );
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(first.secretAccessKey);
    expect(text).not.toContain("secret");

    // Deleting one makes room again.
    const del = await client.request(`/api/users/accesskey/${second.accessKeyId}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    await createKey(client);
  });

  it("downloads the caller's keys as CSV without the secrets", async () => {
    const { client } = await newTenantAdmin();
    const key = await createKey(client, '=cmd, "quoted"');
    const res = await client.raw("/api/users/accesskey/download");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("access-keys.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("AccessKeyId,Description,Status,CreatedAt,LastUsedAt");
    expect(lines).toHaveLength(2);
    // A formula-looking description is neutralised and quoted.
    expect(lines[1]).toBe(`${key.accessKeyId},"'=cmd, ""quoted""",enabled,${key.createdAt},`);
    expect(res.body).not.toContain(key.secretAccessKey);
  });

  it("refuses another user's key id with 404 and changes nothing", async () => {
    const a = await newTenantAdmin();
    const b = await newTenantAdmin();
    const key = await createKey(a.client);
    for (const [method, url] of [
      ["POST", `/api/users/accesskey/${key.accessKeyId}/disable`],
      ["POST", `/api/users/accesskey/${key.accessKeyId}/enable`],
      ["DELETE", `/api/users/accesskey/${key.accessKeyId}`],
    ] as const) {
      const res = await b.client.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.database.db.select().from(accessKeys).where(eq(accessKeys.id, key.accessKeyId));
    expect(row?.status).toBe("enabled");
    expect((await keyClient(key).request("/api/users/token")).status).toBe(200);
  });

  it("is refused to a sub-user without the access-key permission (CH06)", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    for (const [method, url] of [
      ["GET", "/api/users/accesskey"],
      ["POST", "/api/users/accesskey"],
      ["GET", "/api/users/accesskey/download"],
    ] as const) {
      const res = await reader.request(url, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(res.status, url).toBe(403);
    }
  });

  it("records who created, disabled, enabled and deleted a key", async () => {
    const { tenant, client } = await newTenantAdmin();
    const key = await createKey(client);
    await client.request(`/api/users/accesskey/${key.accessKeyId}/disable`, { method: "POST", body: {} });
    await client.request(`/api/users/accesskey/${key.accessKeyId}/enable`, { method: "POST", body: {} });
    await client.request(`/api/users/accesskey/${key.accessKeyId}`, { method: "DELETE" });
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, key.accessKeyId))
      .orderBy(auditLogs.id);
    expect(rows.map((r) => r.action)).toEqual([
      "accessKey.created",
      "accessKey.disabled",
      "accessKey.enabled",
      "accessKey.deleted",
    ]);
    expect(rows.every((r) => r.actorId === tenant.userSid && r.ip === "127.0.0.1")).toBe(true);
  });
});

describe("a key as API credentials", () => {
  it("acts with exactly its user's permissions, without cookies or anti-forgery token", async () => {
    const { tenant, client } = await newTenantAdmin();
    const key = await createKey(client);
    const api = keyClient(key);
    const me = await api.request<{ account: string; permissions: string[] }>("/api/users/token");
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data.account).toBe(tenant.account);
    const browserMe = await client.request<{ permissions: string[] }>("/api/users/token");
    expect(me.body.data.permissions).toEqual(browserMe.body.data.permissions);

    expect((await api.request("/api/billing_account")).status).toBe(200);
    // A state-changing call needs no XSRF token from an API client.
    expect((await api.request("/api/users/agree_policy", { method: "POST", body: {} })).status).toBe(200);
    // Operator endpoints stay closed to a tenant.
    const ops = await api.request("/api/ops/users");
    expect(ops.status).toBe(403);
    expect(ops.body.code).toBe(403);
    // Sensitive calls need SMS step-up, which only a browser session can pass.
    expect((await api.request("/api/users/accesskey", { method: "POST", body: {} })).status).toBe(406);
  });

  it("gives a sub-user's key only the sub-user's codes and stops when CH06 is taken away", async () => {
    const readerId = await userIdOf(t, DEMO.reader.account);
    await t.database.db
      .insert(userPermissionSets)
      .values({ userId: readerId, permissionSetId: "builtin:fileServiceAccessKey" });
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    await stepUp(reader, "13800000003");
    const key = await createKey(reader);
    const api = keyClient(key);
    const me = await api.request<{ permissions: string[] }>("/api/users/token");
    expect(me.body.data.permissions).toEqual(["CA", "CB05", "CB0502", "CB20", "CC03", "CH06"]);
    expect((await api.request("/api/bills")).status).toBe(200);
    const deals = await api.request("/api/account_deals");
    expect(deals.status).toBe(403);

    await t.database.db
      .delete(userPermissionSets)
      .where(
        and(
          eq(userPermissionSets.userId, readerId),
          eq(userPermissionSets.permissionSetId, "builtin:fileServiceAccessKey"),
        ),
      );
    const after = await api.request("/api/bills");
    expect(after.status).toBe(403);
  });

  it("refuses a wrong signature, an unknown key, a replayed nonce and a stale timestamp", async () => {
    const { client } = await newTenantAdmin();
    const key = await createKey(client);
    const api = keyClient(key);

    const wrong = await api.request("/api/users/token", { secret: "not-the-secret" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(20009);

    const unknown = await new AccessKeyClient(
      t.app,
      t.clock,
      "SKAKAAAAAAAAAAAAAAAA",
      key.secretAccessKey,
    ).request("/api/users/token");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(24041);
    const malformed = await new AccessKeyClient(t.app, t.clock, "not-a-key", key.secretAccessKey).request(
      "/api/users/token",
    );
    expect(malformed.body.code).toBe(24041);

    const nonce = "replayed-nonce-0001";
    expect((await api.request("/api/users/token", { nonce })).status).toBe(200);
    const replay = await api.request("/api/users/token", { nonce });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe(20009);

    const stale = await api.request("/api/users/token", { timestamp: t.clock.now().getTime() - 6 * 60_000 });
    expect(stale.body.code).toBe(20009);

    // A body changed on the way no longer matches its signature.
    const tampered = await api.request("/api/users/password/check", {
      method: "POST",
      body: { password: "changed" },
      signedBody: { password: "original" },
    });
    expect(tampered.body.code).toBe(20009);
  });

  it("stops at once when disabled or deleted, and works again when re-enabled", async () => {
    const { client } = await newTenantAdmin();
    const key = await createKey(client);
    const api = keyClient(key);
    expect((await api.request("/api/users/token")).status).toBe(200);

    await client.request(`/api/users/accesskey/${key.accessKeyId}/disable`, { method: "POST", body: {} });
    const disabled = await api.request("/api/users/token");
    expect(disabled.status).toBe(400);
    expect(disabled.body.code).toBe(24041);
    expect(disabled.body.message).toBe("The access key does not exist or is disabled");

    await client.request(`/api/users/accesskey/${key.accessKeyId}/enable`, { method: "POST", body: {} });
    expect((await api.request("/api/users/token")).status).toBe(200);

    await client.request(`/api/users/accesskey/${key.accessKeyId}`, { method: "DELETE" });
    expect((await api.request("/api/users/token")).body.code).toBe(24041);
  });

  it("stops when its user is disabled or locked", async () => {
    const { tenant, client } = await newTenantAdmin();
    const key = await createKey(client);
    const api = keyClient(key);
    await t.database.db.update(users).set({ status: "disabled" }).where(eq(users.id, tenant.userSid));
    expect((await api.request("/api/users/token")).body.code).toBe(20003);
    await t.database.db
      .update(users)
      .set({ status: "enabled", lockedUntil: new Date(t.clock.now().getTime() + 10 * 60_000) })
      .where(eq(users.id, tenant.userSid));
    expect((await api.request("/api/users/token")).body.code).toBe(20002);
    await t.database.db.update(users).set({ lockedUntil: null }).where(eq(users.id, tenant.userSid));
    expect((await api.request("/api/users/token")).status).toBe(200);
  });

  it("records the last use and its address at most once a minute", async () => {
    const { client } = await newTenantAdmin();
    const key = await createKey(client);
    const api = keyClient(key);
    const lastUse = async () => {
      const list = await client.request<Page<AccessKeyRow>>("/api/users/accesskey");
      return list.body.data.list.find((k) => k.accessKeyId === key.accessKeyId);
    };
    const firstAt = t.clock.now().toISOString();
    await api.request("/api/users/token", { ip: "198.51.100.1" });
    expect(await lastUse()).toMatchObject({ lastUsedAt: firstAt, lastUsedIp: "198.51.100.1" });

    t.clock.advance(30_000);
    await api.request("/api/users/token", { ip: "198.51.100.2" });
    expect(await lastUse()).toMatchObject({ lastUsedAt: firstAt, lastUsedIp: "198.51.100.1" });

    t.clock.advance(31_000);
    const laterAt = t.clock.now().toISOString();
    await api.request("/api/users/token", { ip: "198.51.100.3" });
    expect(await lastUse()).toMatchObject({ lastUsedAt: laterAt, lastUsedIp: "198.51.100.3" });

    // A refused signature is not a use.
    t.clock.advance(61_000);
    await api.request("/api/users/token", { secret: "wrong", ip: "198.51.100.4" });
    expect((await lastUse())?.lastUsedIp).toBe("198.51.100.3");
  });
});

describe("the documentation", () => {
  it("signs the worked example of docs/api/access-keys.md as the page says", () => {
    const page = readFileSync(path.resolve(import.meta.dirname, "../../../docs/api/access-keys.md"), "utf8");
    const canonical = canonicalString({
      method: "GET",
      path: "/api/bills",
      query: { pageNum: "1", pageSize: "5", billingCycle: "2026-10" },
      body: {},
      timestamp: "1795312800000",
      nonce: "9d4c1b7e2f6a4e03",
      requestId: "7c1e2b3a-4d5f-4e6a-8b9c-0d1e2f3a4b5c",
    });
    expect(page).toContain(`\`\`\`text\n${canonical}\n\`\`\``);
    const signature = createHmac("sha256", "q8Zr3vT1xW5yK9mN2pL7sD4fG6hJ0aB1cE3uI5oP")
      .update(canonical)
      .digest("hex");
    expect(page).toContain(`Signature: \`${signature}\``);
  });

  it("runs against a listening server and prints the user and the account", async () => {
    const { tenant, client } = await newTenantAdmin();
    const key = await createKey(client, "example script");
    // The script signs with the real clock; the test clock is brought to it.
    t.clock.advance(Date.now() - t.clock.now().getTime());
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const script = path.resolve(import.meta.dirname, "../../../docs/api/examples/access-key-client.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: {
        PATH: process.env.PATH ?? "",
        SKYLEDGER_URL: `http://127.0.0.1:${port}`,
        SKYLEDGER_ACCESS_KEY_ID: key.accessKeyId,
        SKYLEDGER_ACCESS_KEY_SECRET: key.secretAccessKey,
      },
      timeout: 30_000,
    });
    const results = JSON.parse(stdout) as {
      request: string;
      status: number;
      body: { code: number; data: never };
    }[];
    expect(results.map((r) => [r.request, r.status, r.body.code])).toEqual([
      ["GET /api/users/token", 200, 200],
      ["GET /api/billing_account", 200, 200],
    ]);
    expect((results[0]!.body.data as { account: string }).account).toBe(tenant.account);
    expect(results[1]!.body.data).toHaveProperty("balance");
  });
});
