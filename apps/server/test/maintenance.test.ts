// Platform maintenance and console versions (issue 19 item 8, spec §8's 503 and 426): a platform
// administrator closes the platform to tenants or makes it read-only, operators still get in, and
// a console of another build is told to reload.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MaintenanceState } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { CONSOLE_VERSION_FILE } from "../src/platform/http/console-version";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { LONG_TEST_MS, startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let admin: TestClient;
let tenant: TestClient;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  // Starting an app migrates and seeds an embedded database: slow on a loaded machine.
}, LONG_TEST_MS);
afterAll(() => t.close());

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
const message = { messageZh: "数据库升级", messageEn: "Database upgrade" };

const setMaintenance = (body: Record<string, unknown>, locale: "zh-CN" | "en-US" = "en-US") =>
  admin.request<MaintenanceState>("/api/ops/maintenance", { method: "PUT", body, locale });

const publicState = async () => (await tenant.request<MaintenanceState>("/api/maintenance")).body.data;
const maintenanceAudits = () =>
  t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "maintenance.updated"));

// Any order body: the maintenance answer comes before validation; with service normal the same
// call reaches validation and is refused for its body (400), never 503.
const applyOrder = (locale: "zh-CN" | "en-US" = "en-US") =>
  tenant.request("/api/service/apply", { method: "POST", body: {}, locale });

describe("bad input changes nothing", () => {
  it("refuses a message in one language only, a missing end and an end in the past", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { mode: "closed", messageZh: "维护", messageEn: "", endsAt: inHours(2) },
        34400,
        "both Chinese and English",
      ],
      [{ mode: "readOnly", messageZh: "", messageEn: "Upgrade", endsAt: inHours(2) }, 34400, "both"],
      [{ mode: "closed", ...message }, 34401, "expected end"],
      [{ mode: "closed", ...message, endsAt: inHours(-1) }, 34402, "must be in the future"],
    ];
    for (const [body, code, text] of cases) {
      const res = await setMaintenance(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toContain(text);
    }
    const zh = await setMaintenance({ mode: "closed", ...message, endsAt: inHours(-1) }, "zh-CN");
    expect(zh.body.message).toBe("预计结束时间须晚于当前时间");
    expect((await publicState()).mode).toBe("off");
    expect(await maintenanceAudits()).toHaveLength(0);
    expect((await tenant.request("/api/users/token")).status).toBe(200);
  });

  it("lets only the platform administrator set maintenance", async () => {
    const res = await tenant.request("/api/ops/maintenance", {
      method: "PUT",
      body: { mode: "closed", ...message, endsAt: inHours(2) },
    });
    expect(res.status).toBe(403);
    expect((await publicState()).mode).toBe("off");
  });
});

describe("closed", () => {
  let endsAt: string;
  beforeAll(async () => {
    endsAt = inHours(2);
    const res = await setMaintenance({ mode: "closed", ...message, endsAt });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mode: "closed", ...message, endsAt });
  });

  it("answers every tenant call 503 with the message in the reader's language and the expected end", async () => {
    const en = await tenant.request<MaintenanceState>("/api/users/token", { locale: "en-US" });
    expect(en.status).toBe(503);
    expect(en.body.code).toBe(34403);
    expect(en.body.message).toBe(
      `The platform is under maintenance: Database upgrade (expected to end ${endsAt.slice(0, 16).replace("T", " ")} UTC)`,
    );
    expect(en.body.data).toEqual({ mode: "closed", ...message, endsAt });
    const zh = await tenant.request("/api/users/token", { locale: "zh-CN" });
    expect(zh.status).toBe(503);
    expect(zh.body.message).toContain("平台维护中：数据库升级");
    expect((await applyOrder()).status).toBe(503);
  });

  it("keeps public writes closed but the public maintenance state readable", async () => {
    expect(await publicState()).toEqual({ mode: "closed", ...message, endsAt });
    const register = await tenant.request("/api/users/register", { method: "POST", body: {} });
    expect(register.status).toBe(503);
    // A gateway's notice of money already paid reaches its own checks (here: an empty body, 400).
    const notice = await tenant.request("/api/payments/notify/sandbox", { method: "POST", body: {} });
    expect(notice.status).toBe(400);
  });

  it("lets operators in: their calls work and an operator can sign in", async () => {
    expect((await admin.request("/api/configs")).status).toBe(200);
    const fresh = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await fresh.request("/api/users/token")).status).toBe(200);
  });

  it("records who changed the mode, from what to what", async () => {
    const [row] = await maintenanceAudits();
    expect(row?.detail).toMatchObject({ maintenanceMode: { from: "off", to: "closed" }, ...message, endsAt });
  });
});

describe("read-only", () => {
  beforeAll(async () => {
    expect((await setMaintenance({ mode: "readOnly", ...message, endsAt: inHours(1) })).status).toBe(200);
  });

  it("serves tenants' reads and refuses their actions with the read-only message", async () => {
    expect((await tenant.request("/api/users/token")).status).toBe(200);
    const res = await applyOrder();
    expect(res.status).toBe(503);
    expect(res.body.code).toBe(34404);
    expect(res.body.message).toContain("read-only");
    expect(res.body.message).toContain("Database upgrade");
  });
});

describe("ending maintenance", () => {
  it("opens everything again and clears the message", async () => {
    const res = await setMaintenance({ mode: "off" });
    expect(res.body.data).toEqual({ mode: "off", messageZh: "", messageEn: "", endsAt: null });
    expect((await tenant.request("/api/users/token")).status).toBe(200);
    // The order call reaches its validation again: refused for its empty body, not for maintenance.
    expect((await applyOrder()).status).toBe(400);
    expect(await maintenanceAudits()).toHaveLength(3);
  });
});

describe("console versions", () => {
  let v: TestApp;
  let dist: string;
  let client: TestClient;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "skyledger-dist-"));
    writeFileSync(path.join(dist, CONSOLE_VERSION_FILE), JSON.stringify({ version: "0.1.0+b2" }));
    v = await startTestApp({ WEB_DIST_DIR: dist });
    client = await signedIn(v.app, v.clock, DEMO.tenant);
  }, LONG_TEST_MS);
  afterAll(async () => {
    await v.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const token = (headers: Record<string, string>) => client.request("/api/users/token", { headers });

  it("answers an outdated console 426, and the current console or a client without the header 200", async () => {
    const old = await token({ "X-Console-Version": "0.1.0+b1" });
    expect(old.status).toBe(426);
    expect(old.body.code).toBe(426);
    expect((await token({ "X-Console-Version": "0.1.0+b2" })).status).toBe(200);
    expect((await token({})).status).toBe(200);
  });

  it("checks public calls too, so a stale sign-in page reloads before it signs in", async () => {
    const res = await client.request("/api/maintenance", { headers: { "X-Console-Version": "0.0.9+a" } });
    expect(res.status).toBe(426);
  });
});
