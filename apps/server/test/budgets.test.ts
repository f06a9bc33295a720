// Monthly budgets (issue 19 item 5): thresholds of 50 %, 80 % and 100 % notified once per calendar
// month (business time zone, Asia/Shanghai) by the lifecycle step, again in a new month; the
// "balance runs out within N days" notice; bad amounts refused in both languages with nothing
// stored. The clock starts at 2026-11-28 12:00 in Shanghai (04:00 UTC); December begins at
// 2026-11-30 16:00 UTC. A test host costs 100 yuan a month, prepaid.
import type { BudgetOverview, BudgetRecord } from "@skyledger/contracts";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgets } from "../src/modules/budgets/budgets.schema";
import { inboxMessages } from "../src/platform/outbox/inbox.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { stepUp } from "./support/iam";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let product: string;

beforeAll(async () => {
  t = await startTestApp({}, { clockStart: new Date("2026-11-28T04:00:00Z") });
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator, { monthly: "100" });
});
afterAll(() => t.close());

const overviewOf = async (client: TestClient) => {
  const res = await client.request<BudgetOverview>("/api/budgets");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const setBudget = (client: TestClient, body: Record<string, unknown>, locale: "zh-CN" | "en-US" = "en-US") =>
  client.request<BudgetRecord>("/api/budgets", { method: "POST", body, locale });

async function newProject(client: TestClient): Promise<{ id: string; name: string }> {
  const name = `proj-${unique()}`;
  const res = await client.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name, description: "", contact: "Alice", phone: uniquePhone() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.projectId, name };
}

/** A one-month prepaid host (100 yuan), charged at once, then the lifecycle step. */
async function buyHost(client: TestClient, projectId?: string) {
  const res = await apply(client, applyBody(product, projectId ? { projectId } : {}));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 60);
}

/** The budget notices in the user's message centre, oldest first: their purposes. */
async function noticesOf(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ purpose: inboxMessages.purpose, createdAt: inboxMessages.createdAt })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.type, "budget")))
    .orderBy(inboxMessages.createdAt);
  return rows.map((r) => r.purpose);
}

describe("budgets across a month boundary", () => {
  const s = {} as {
    client: TestClient;
    tenant: { account: string; password: string };
    userSid: string;
    email: string;
    project: { id: string; name: string };
    orgBudget: BudgetRecord;
    projectBudget: BudgetRecord;
  };

  beforeAll(async () => {
    const { tenant, client } = await verifiedTenant(t, operator, "1000");
    s.client = client;
    s.tenant = tenant;
    s.userSid = tenant.userSid;
    s.email = tenant.email;
    await stepUp(t, client, tenant.mobile);
    s.project = await newProject(client);
  });

  it("sets a budget for the organisation and one for a project, and refuses a second of either", async () => {
    const org = await setBudget(s.client, { amount: "200" });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
    s.orgBudget = org.body.data;
    expect(s.orgBudget).toMatchObject({ projectId: null, amount: "200.00000", spent: "0.00000", percent: 0 });
    const proj = await setBudget(s.client, { projectId: s.project.id, amount: "150.5" });
    expect(proj.status, JSON.stringify(proj.body)).toBe(200);
    s.projectBudget = proj.body.data;
    expect(s.projectBudget).toMatchObject({ projectName: s.project.name, amount: "150.50000" });

    const again = await setBudget(s.client, { amount: "300" }, "zh-CN");
    expect(again.body).toMatchObject({ code: 34200, message: "已设置整个租户的月度预算，请修改现有预算" });
    const twice = await setBudget(s.client, { projectId: s.project.id, amount: "1" });
    expect(twice.body).toMatchObject({
      code: 34201,
      message: `Project ${s.project.name} already has a monthly budget: change that one`,
    });
    const unknown = await setBudget(s.client, { projectId: "no-such-project", amount: "1" });
    expect(unknown.body.code).toBe(34202);
    expect((await overviewOf(s.client)).list.map((b) => b.id)).toEqual([s.orgBudget.id, s.projectBudget.id]);
  });

  it("tells the administrators once when 50 % of a budget is reached, however often the step runs", async () => {
    await buyHost(s.client, s.project.id);
    await advance(t, 60);
    await advance(t, 60);
    // 100 of 200 for the organisation (50 %), 100 of 150.50 for the project (66 %): 50 % each.
    expect(await noticesOf(s.userSid)).toEqual(["budget.threshold50", "budget.threshold50"]);
    const view = await overviewOf(s.client);
    expect(view.month).toBe("2026-11");
    expect(view.list[0]).toMatchObject({ spent: "100.00000", percent: 50, firedThresholds: [50] });
    expect(view.list[1]).toMatchObject({ spent: "100.00000", percent: 66, firedThresholds: [50] });
    // The e-mail went out with the message, in both languages.
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, s.email), like(outboxMessages.purpose, "budget.%")));
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.body.includes(s.project.name));
    expect(mail?.body).toContain(
      `项目“${s.project.name}” 2026-11 月的支出已达月度预算的 50%（¥100.00 / ¥150.50）`,
    );
    expect(mail?.body).toContain(
      `Project ${s.project.name} has spent 50 % of its monthly budget for 2026-11`,
    );
  });

  it("fires 80 % when a lowered budget is reached, and 100 % once spend passes it", async () => {
    const lowered = await s.client.request<BudgetRecord>(`/api/budgets/${s.orgBudget.id}`, {
      method: "PUT",
      body: { amount: "125" },
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.data).toMatchObject({ amount: "125.00000", percent: 80, firedThresholds: [50] });
    await advance(t, 60);
    expect((await noticesOf(s.userSid)).slice(2)).toEqual(["budget.threshold80"]);
    // Another 100 outside the project: 200 of 125 for the organisation.
    await buyHost(s.client);
    await advance(t, 60);
    expect((await noticesOf(s.userSid)).slice(2)).toEqual(["budget.threshold80", "budget.threshold100"]);
    const view = await overviewOf(s.client);
    expect(view.list[0]).toMatchObject({ spent: "200.00000", percent: 160, firedThresholds: [50, 80, 100] });
    // The project's budget did not move: the host is not the project's.
    expect(view.list[1]).toMatchObject({ spent: "100.00000", firedThresholds: [50] });
  });

  it("starts over in a new month: nothing spent, nothing fired, and the thresholds fire again", async () => {
    const before = (await noticesOf(s.userSid)).length;
    // 2026-12-01 00:30 in Shanghai.
    t.clock.advance(Date.parse("2026-11-30T16:30:00Z") - t.clock.now().getTime());
    await advance(t, 60);
    // Days passed: the session ended.
    s.client = await signedIn(t.app, t.clock, s.tenant);
    const fresh = await overviewOf(s.client);
    expect(fresh.month).toBe("2026-12");
    expect(fresh.list.map((b) => [b.spent, b.firedThresholds])).toEqual([
      ["0.00000", []],
      ["0.00000", []],
    ]);
    expect((await noticesOf(s.userSid)).length).toBe(before);
    // 100 of 125: 50 % and 80 % at once, told once (by the higher one).
    await buyHost(s.client);
    await advance(t, 60);
    expect((await noticesOf(s.userSid)).slice(before)).toEqual(["budget.threshold80"]);
    expect((await overviewOf(s.client)).list[0]).toMatchObject({ percent: 80, firedThresholds: [50, 80] });
  });

  it("warns once a month when the balance runs out within the chosen days", async () => {
    // 1000 − 300 = 700 left; 300 spent in the last 7 days: 700 × 7 / 300 = 16.3 → 16 days.
    const view = await overviewOf(s.client);
    expect(view).toMatchObject({ forecastDays: 3, daysLeft: 16, forecastFired: false });
    await advance(t, 60);
    expect(await noticesOf(s.userSid)).not.toContain("budget.forecast");
    const saved = await s.client.request<BudgetOverview>("/api/budgets/settings", {
      method: "PUT",
      body: { forecastDays: 20 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.forecastDays).toBe(20);
    await advance(t, 60);
    await advance(t, 60);
    expect((await noticesOf(s.userSid)).filter((p) => p === "budget.forecast")).toHaveLength(1);
    expect((await overviewOf(s.client)).forecastFired).toBe(true);
  });

  it("removes a budget: it is gone from the page and sends nothing more", async () => {
    const gone = await s.client.request(`/api/budgets/${s.projectBudget.id}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await overviewOf(s.client)).list.map((b) => b.id)).toEqual([s.orgBudget.id]);
    const missing = await s.client.request(`/api/budgets/${s.projectBudget.id}`, {
      method: "PUT",
      body: { amount: "5" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("bad budget amounts", () => {
  const refusals = [
    ["0", "0"],
    ["0.00", "0.00"],
    ["a negative amount", "-5"],
    ["three decimals", "10.123"],
    ["not a number", "ten"],
  ] as const;

  it.each(refusals)("refuses %s in both languages and stores nothing", async (_, amount) => {
    const { client, orgId } = await verifiedTenant(t, operator, "0");
    for (const [locale, text] of [
      ["en-US", "The budget is an amount in yuan above 0 with at most 2 decimals"],
      ["zh-CN", "预算金额须大于0，最多2位小数（单位：元）"],
    ] as const) {
      const res = await setBudget(client, { amount }, locale);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    const [stored] = await t.database.db.select({ n: count() }).from(budgets).where(eq(budgets.orgId, orgId));
    expect(stored?.n).toBe(0);
  });

  it("refuses a forecast horizon outside 1 to 60 days", async () => {
    const { client } = await verifiedTenant(t, operator, "0");
    for (const forecastDays of [0, 61, 2.5]) {
      const res = await client.request("/api/budgets/settings", {
        method: "PUT",
        body: { forecastDays },
        locale: "zh-CN",
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("提前提醒天数须为1到60的整数");
    }
  });
});
