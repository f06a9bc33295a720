// System configuration (spec §3, §7): the public entries, the sign-up dictionaries, the policy
// documents, the operator's editing with validation, invitation codes and the outbox.

import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemConfigs } from "../src/modules/config/config.schema";
import { users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

type Entry = { configKey: string; configValue: string; configType: string };

let t: TestApp;
let admin: TestClient;
let tenant: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  visitor = new TestClient(t.app, t.clock);
});
afterAll(() => t.close());

const putConfig = (
  entries: { configKey: string; configValue: string }[],
  locale: "en-US" | "zh-CN" = "en-US",
) => admin.request<Entry[]>("/api/configs", { method: "PUT", body: { entries }, locale });

async function allConfig(): Promise<Record<string, string>> {
  const rows = await t.database.db.select().from(systemConfigs);
  return Object.fromEntries(rows.map((r) => [r.configKey, r.configValue]));
}

describe("public configuration", () => {
  it("serves only public entries to anonymous visitors", async () => {
    const res = await visitor.request<{ configs: Entry[]; agreementVersion: number; privacyVersion: number }>(
      "/api/configs/nonAuth",
    );
    expect(res.status).toBe(200);
    const keys = res.body.data.configs.map((c) => c.configKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        "system.name",
        "system.version",
        "system.contact.number",
        "register.enable",
        "captcha.open",
        "session.expire.time",
        "logo.small",
        "logo.large",
        "email.enable",
        "industry.type",
        // Sign-up and reset pages show the password rules before sign-in.
        "password.policy",
      ]),
    );
    for (const secret of [
      "lockout.policy",
      "finance.adjustment.approval.threshold",
      "audit.status.self.service",
      "sms.stepup.enable",
    ]) {
      expect(keys).not.toContain(secret);
    }
    const byKey = Object.fromEntries(res.body.data.configs.map((c) => [c.configKey, c]));
    expect(byKey["system.name"]).toMatchObject({ configValue: "Skyledger", configType: "system" });
    expect(byKey["session.expire.time"]).toMatchObject({ configValue: "60", configType: "security" });
    expect(byKey["register.enable"]?.configValue).toBe("true");
    expect(res.body.data.agreementVersion).toBe(1);
    expect(res.body.data.privacyVersion).toBe(1);
  });

  it("serves one type of public entries to signed-in users", async () => {
    const display = await tenant.request<Entry[]>("/api/configs/user/configType", {
      query: { configType: "display" },
    });
    expect(display.status).toBe(200);
    expect(display.body.data.map((e) => e.configKey).sort()).toEqual(["logo.large", "logo.small"]);
    const security = await tenant.request<Entry[]>("/api/configs/user/configType", {
      query: { configType: "security" },
    });
    expect(security.body.data.map((e) => e.configKey).sort()).toEqual([
      "password.policy",
      "session.expire.time",
    ]);
    const bad = await tenant.request("/api/configs/user/configType", { query: { configType: "secret" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    const anonymous = await visitor.request("/api/configs/user/configType", {
      query: { configType: "display" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("sign-up dictionaries", () => {
  it.each([
    ["INDUSTRY_TYPE", "ai", "人工智能", "Artificial intelligence", 10],
    ["APPLICATION_SCENARIO", "model_training", "模型训练", "Model training", 7],
    ["PERSONNEL_SIZE", "1-20", "1-20人", "1-20 people", 5],
  ])("serves %s with Chinese and English labels", async (category, code, zh, en, size) => {
    const res = await visitor.request<{ code: string; labelZh: string; labelEn: string; sort: number }[]>(
      `/api/sys/code/category/${category}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(size);
    expect(res.body.data).toContainEqual(expect.objectContaining({ code, labelZh: zh, labelEn: en }));
    const sorts = res.body.data.map((d) => d.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    for (const item of res.body.data) {
      expect(item.labelZh.length).toBeGreaterThan(0);
      expect(item.labelEn.length).toBeGreaterThan(0);
    }
  });

  it("answers 400 for an unknown category", async () => {
    const res = await visitor.request("/api/sys/code/category/COUNTRY");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.message).toBe("Parameter exception");
    expect((await visitor.request("/api/sys/code/category/COUNTRY", { locale: "zh-CN" })).body.message).toBe(
      "参数异常",
    );
  });
});

describe("policy documents", () => {
  it("serves the current user agreement and privacy statement", async () => {
    const agreement = await visitor.request<{
      kind: string;
      version: number;
      contentZh: string;
      contentEn: string;
    }>("/api/agreements/agreement");
    expect(agreement.status).toBe(200);
    expect(agreement.body.data).toMatchObject({ kind: "agreement", version: 1 });
    expect(agreement.body.data.contentEn).toContain("End User Agreement");
    expect(agreement.body.data.contentZh).toContain("最终用户协议");
    const privacy = await visitor.request<{ kind: string }>("/api/agreements/privacy");
    expect(privacy.body.data.kind).toBe("privacy");
    expect((await visitor.request("/api/agreements/cookies")).status).toBe(400);
  });
});

describe("operator configuration", () => {
  it("lists every entry, secret ones included, to operators only", async () => {
    const res = await admin.request<Entry[]>("/api/configs");
    expect(res.status).toBe(200);
    const keys = res.body.data.map((e) => e.configKey);
    expect(keys).toEqual(expect.arrayContaining(["password.policy", "lockout.policy", "sms.stepup.enable"]));
    expect(JSON.parse(res.body.data.find((e) => e.configKey === "lockout.policy")!.configValue)).toEqual({
      maxFailures: 5,
      windowMinutes: 15,
      lockMinutes: 30,
    });
    const refused = await tenant.request("/api/configs");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
    const refusedPut = await tenant.request("/api/configs", {
      method: "PUT",
      body: { entries: [{ configKey: "system.name", configValue: "Hacked" }] },
    });
    expect(refusedPut.status).toBe(403);
    expect((await allConfig())["system.name"]).toBe("Skyledger");
  });

  it.each([
    ["session.expire.time", "abc"],
    ["session.expire.time", "2"],
    ["session.expire.time", "1441"],
    ["session.expire.time", "7.5"],
    ["register.enable", "maybe"],
    ["captcha.open", "TRUE"],
    ["email.enable", ""],
    ["system.name", " "],
    ["logo.small", "https://example.com/logo.png"],
    ["password.policy", JSON.stringify({ minLength: 12, maxLength: 8, minDistinct: 4, expiryDays: 90 })],
    ["password.policy", JSON.stringify({ minLength: 2, maxLength: 8, minDistinct: 4, expiryDays: 90 })],
    ["password.policy", "{not json"],
    ["lockout.policy", JSON.stringify({ maxFailures: 0, windowMinutes: 15, lockMinutes: 30 })],
  ])("refuses %s = %j and changes nothing", async (configKey, configValue) => {
    const before = await allConfig();
    const res = await putConfig([{ configKey, configValue }]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20022);
    expect(res.body.message).toBe(`The value of ${configKey} has the wrong format`);
    expect(await allConfig()).toEqual(before);
  });

  it("refuses a whole batch when one entry is bad, in both languages", async () => {
    const before = await allConfig();
    const entries = [
      { configKey: "system.name", configValue: "Skyledger Cloud" },
      { configKey: "session.expire.time", configValue: "abc" },
    ];
    const res = await putConfig(entries);
    expect(res.body.code).toBe(20022);
    expect((await putConfig(entries, "zh-CN")).body.message).toBe(
      "配置项 session.expire.time 的值格式不正确",
    );
    expect(await allConfig()).toEqual(before);
  });

  it("refuses unknown keys and empty updates", async () => {
    const before = await allConfig();
    const unknown = await putConfig([{ configKey: "feature.secret", configValue: "true" }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(400);
    const empty = await putConfig([]);
    expect(empty.status).toBe(400);
    expect(await allConfig()).toEqual(before);
  });

  it("saves valid values", async () => {
    const res = await putConfig([
      { configKey: "system.name", configValue: "Skyledger Cloud" },
      {
        configKey: "password.policy",
        configValue: JSON.stringify({ minLength: 8, maxLength: 20, minDistinct: 4, expiryDays: 90 }),
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.find((e) => e.configKey === "system.name")?.configValue).toBe("Skyledger Cloud");
    const pub = await visitor.request<{ configs: Entry[] }>("/api/configs/nonAuth");
    expect(pub.body.data.configs.find((c) => c.configKey === "system.name")?.configValue).toBe(
      "Skyledger Cloud",
    );
    // The new policy applies at once: 15 characters are now allowed.
    const check = await tenant.request<{ valid: boolean }>("/api/users/password/check", {
      method: "POST",
      body: { password: "Abcdefg@1234567" },
    });
    expect(check.body.data.valid).toBe(true);
  });

  it("records who changed which setting from what to what, and nothing for a value left as it was", async () => {
    const changes = async () =>
      (await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, "config.updated"))).length;
    const before = await allConfig();
    const count = await changes();
    const res = await putConfig([
      { configKey: "system.name", configValue: "Skyledger Audit" },
      { configKey: "session.expire.time", configValue: before["session.expire.time"]! },
    ]);
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "config.updated"))
      .orderBy(desc(auditLogs.id));
    expect(rows).toHaveLength(count + 1);
    const [operator] = await t.database.db.select().from(users).where(eq(users.account, DEMO.admin.account));
    expect(rows[0]!.actorId).toBe(operator!.id);
    expect(rows[0]!.detail).toEqual({
      entries: [
        { configKey: "system.name", configValue: "Skyledger Audit", previousValue: before["system.name"] },
      ],
    });
    // Saving the same value again changes nothing and records nothing.
    expect((await putConfig([{ configKey: "system.name", configValue: "Skyledger Audit" }])).status).toBe(
      200,
    );
    expect(await changes()).toBe(count + 1);
  });

  it("applies a new session lifetime to new sessions", async () => {
    expect((await putConfig([{ configKey: "session.expire.time", configValue: "5" }])).status).toBe(200);
    try {
      const client = await signedIn(t.app, t.clock, DEMO.reader);
      t.clock.advance(5 * 60_000 - 1_000);
      // Untouched for 4:59 — still alive; but the touch slides it, so use a second session below.
      expect((await client.request("/api/users/isFreeze")).status).toBe(200);
      const idle = await signedIn(t.app, t.clock, DEMO.reader);
      t.clock.advanceMinutes(5);
      const expired = await idle.request("/api/users/token");
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe("Current session has expired, please log in again");
    } finally {
      admin = await signedIn(t.app, t.clock, DEMO.admin);
      expect((await putConfig([{ configKey: "session.expire.time", configValue: "60" }])).status).toBe(200);
      tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    }
  });
});

describe("invitation codes (operator)", () => {
  type Code = {
    code: string;
    status: string;
    maxUses: number;
    usedCount: number;
    remark: string;
    expiresAt: string | null;
    createdByAccount: string | null;
  };

  it("creates, lists and disables codes", async () => {
    const created = await admin.request<Code[]>("/api/ops/invitation_codes", {
      method: "POST",
      body: { count: 3, maxUses: 5, remark: "partners" },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toHaveLength(3);
    const codes = created.body.data.map((c) => c.code);
    expect(new Set(codes).size).toBe(3);
    for (const c of created.body.data) {
      expect(c.code).toMatch(/^SKY-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(c).toMatchObject({
        status: "enabled",
        maxUses: 5,
        usedCount: 0,
        remark: "partners",
        expiresAt: null,
        createdByAccount: "admin",
      });
    }

    const list = await admin.request<{ list: Code[]; total: number; pageNum: number; pageSize: number }>(
      "/api/ops/invitation_codes",
      { query: { pageNum: 1, pageSize: 2 } },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.total).toBeGreaterThanOrEqual(5);
    expect(list.body.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    const all = await admin.request<{ list: Code[] }>("/api/ops/invitation_codes", {
      query: { pageSize: 200 },
    });
    expect(all.body.data.list.map((c) => c.code)).toEqual(
      expect.arrayContaining([...codes, "SKY-DEMO-2026"]),
    );
    // The list names who created each code by account.
    expect(all.body.data.list.filter((c) => codes.includes(c.code)).map((c) => c.createdByAccount)).toEqual([
      "admin",
      "admin",
      "admin",
    ]);

    const target = codes[0]!;
    const disabled = await admin.request(`/api/ops/invitation_codes/${target}/disable`, {
      method: "POST",
      body: {},
    });
    expect(disabled.status).toBe(200);
    const again = await admin.request(`/api/ops/invitation_codes/${target}/disable`, {
      method: "POST",
      body: {},
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(20007);
    const after = await admin.request<{ list: Code[] }>("/api/ops/invitation_codes", {
      query: { pageSize: 200 },
    });
    expect(after.body.data.list.find((c) => c.code === target)?.status).toBe("disabled");
    expect(
      (await visitor.request<{ valid: boolean }>(`/api/users/validateInvitationCode/${target}`)).body.data
        .valid,
    ).toBe(false);
    expect(
      (await visitor.request<{ valid: boolean }>(`/api/users/validateInvitationCode/${codes[1]}`)).body.data
        .valid,
    ).toBe(true);

    const uses = await admin.request<unknown[]>(`/api/ops/invitation_codes/${codes[1]}/uses`);
    expect(uses.status).toBe(200);
    expect(uses.body.data).toEqual([]);
  });

  it("creates codes with an expiry", async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await admin.request<Code[]>("/api/ops/invitation_codes", {
      method: "POST",
      body: { count: 1, maxUses: 1, expiresAt },
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]?.expiresAt).toBe(expiresAt);
  });

  it.each([
    [{ count: 0, maxUses: 1 }, "Quantities are positive integers greater than 0"],
    [{ count: 101, maxUses: 1 }, "The quantity exceeds the limit"],
    [{ count: 1, maxUses: 0 }, "Quantities are positive integers greater than 0"],
    [{ count: 1.5, maxUses: 1 }, undefined],
    [{ count: 1, maxUses: 1, expiresAt: "tomorrow" }, undefined],
    [{ count: 1, maxUses: 1, remark: "x".repeat(257) }, "Descriptions are empty or 2 to 256 characters"],
  ])("refuses %j", async (body, message) => {
    const before = (await admin.request<{ total: number }>("/api/ops/invitation_codes")).body.data.total;
    const res = await admin.request("/api/ops/invitation_codes", { method: "POST", body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    if (message) expect(res.body.message).toBe(message);
    expect((await admin.request<{ total: number }>("/api/ops/invitation_codes")).body.data.total).toBe(
      before,
    );
  });

  it("refuses an expiry in the past", async () => {
    const before = (await admin.request<{ total: number }>("/api/ops/invitation_codes")).body.data.total;
    const res = await admin.request("/api/ops/invitation_codes", {
      method: "POST",
      body: { count: 1, maxUses: 1, expiresAt: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.message).toBe("Parameter exception");
    expect((await admin.request<{ total: number }>("/api/ops/invitation_codes")).body.data.total).toBe(
      before,
    );
  });

  it("is refused to tenants", async () => {
    const res = await tenant.request("/api/ops/invitation_codes", {
      method: "POST",
      body: { count: 1, maxUses: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });
});

describe("outbox (operator)", () => {
  type Outbox = {
    list: { channel: string; recipient: string; purpose: string; status: string; body: string }[];
    total: number;
  };

  it("lists SMS and e-mail and filters by channel and recipient", async () => {
    const phone = uniquePhone();
    const sent = await visitor.request("/api/common/sms/send_code", {
      method: "POST",
      body: { phone, purpose: "register" },
      locale: "zh-CN",
    });
    expect(sent.status).toBe(200);
    // No SMTP here: the reset mail is recorded in the outbox.
    expect(
      (
        await visitor.request("/api/users/forget_password/email", {
          method: "POST",
          body: { email: "owner@demo-ai-lab.example" },
        })
      ).status,
    ).toBe(200);

    // The delivery worker runs after each answer; run its pass so the final states are there to read.
    await t.app.outbox.deliverDue();
    const sms = await admin.request<Outbox>("/api/ops/outbox", { query: { channel: "sms" } });
    expect(sms.status).toBe(200);
    expect(sms.body.data.total).toBeGreaterThanOrEqual(1);
    expect(sms.body.data.list.every((m) => m.channel === "sms")).toBe(true);
    const mine = sms.body.data.list.find((m) => m.recipient === phone);
    expect(mine).toMatchObject({ purpose: "code:register", status: "recorded" });
    expect(mine?.body).toMatch(/注册验证码为 \d{6}/);

    const email = await admin.request<Outbox>("/api/ops/outbox", { query: { channel: "email" } });
    expect(email.body.data.list.length).toBeGreaterThanOrEqual(1);
    expect(email.body.data.list.every((m) => m.channel === "email")).toBe(true);
    expect(email.body.data.list[0]).toMatchObject({
      recipient: "owner@demo-ai-lab.example",
      purpose: "password.reset",
      status: "recorded",
    });

    const byRecipient = await admin.request<Outbox>("/api/ops/outbox", {
      query: { recipient: phone.slice(3) },
    });
    expect(byRecipient.body.data.list.map((m) => m.recipient)).toEqual([phone]);

    const all = await admin.request<Outbox>("/api/ops/outbox");
    expect(all.body.data.total).toBe(sms.body.data.total + email.body.data.total);

    const bad = await admin.request("/api/ops/outbox", { query: { channel: "fax" } });
    expect(bad.status).toBe(400);
    const refused = await tenant.request("/api/ops/outbox");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
  });
});
