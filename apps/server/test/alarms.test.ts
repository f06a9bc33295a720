// Host monitoring alarms (issue 15 §6) on the simulator's deterministic curves, the injected clock
// moved a minute at a time and the lifecycle step run after each move: a rule fires exactly when
// its condition held on every point of its duration (read back through the host's monitoring API,
// as the page shows it), never twice for the same host, and resolves when the latest point fails
// it; the firing and the recovery queue their e-mails to the organisation's administrators in the
// same transaction; acknowledging keeps who and when and is audited; disabling, changing and
// deleting a rule end its alarms; bad rules are refused with their message in both languages;
// another tenant sees nothing and a user without CB01 is refused.
import type {
  AlarmRecord,
  AlarmRuleRecord,
  AlarmSummary,
  MetricsSeries,
  OrderDetail,
  Page,
} from "@skyledger/contracts";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { alarms } from "../src/modules/alarms/alarms.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { type NewTenant, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, auditRows, signedInSubUser } from "./support/iam";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

// Hours of the injected clock, a lifecycle step per minute for some of them: slow on a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

let t: TestApp;
let owner: TestClient;
let ownerEmail: string;
let other: TestClient;
let signIns: { owner: NewTenant; other: NewTenant };
let hostId: string;
let hostName: string;

type RuleInput = Partial<{
  name: string;
  target: "host" | "all";
  hostId: string | null;
  metric: string;
  comparison: string;
  threshold: number;
  durationMinutes: number;
  severity: string;
  notifyEmail: boolean;
  enabled: boolean;
}>;

const ruleBody = (input: RuleInput = {}) => ({
  name: `Rule-${unique()}`,
  target: "host",
  hostId,
  metric: "diskReadKBps",
  comparison: "gte",
  threshold: 300,
  durationMinutes: 5,
  severity: "important",
  notifyEmail: true,
  enabled: true,
  ...input,
});

const createRule = (client: TestClient, input: RuleInput = {}, locale: "en-US" | "zh-CN" = "en-US") =>
  client.request<AlarmRuleRecord>("/api/res/alarm_rules", { method: "POST", body: ruleBody(input), locale });

async function alarmsOf(client: TestClient, query: Record<string, string> = {}) {
  const res = await client.request<Page<AlarmRecord>>("/api/res/alarms", {
    query: { pageSize: 200, ...query },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The host's last hour a minute apart, as its monitoring page reads it. */
async function lastHour(): Promise<MetricsSeries["points"]> {
  const res = await owner.request<MetricsSeries>(`/api/res/hosts/${hostId}/metrics`, {
    query: { range: "1h" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.source).toBe("simulated");
  return res.body.data.points;
}

const alarmMails = (ruleName: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(like(outboxMessages.purpose, "alarm.%"), like(outboxMessages.subject, `%${ruleName}%`)));

/**
 * Moves the clock by more than a session lives (the step runs once at the end) and signs both
 * tenants in again, the owner passing step-up whenever asked.
 */
async function jump(seconds: number) {
  await advance(t, seconds);
  owner = answerStepUps(t, await signedIn(t.app, t.clock, signIns.owner), signIns.owner.mobile);
  other = await signedIn(t.app, t.clock, signIns.other);
}

beforeAll(async () => {
  t = await startTestApp();
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  const made = await verifiedTenant(t, operator);
  owner = made.client;
  ownerEmail = made.tenant.email;
  hostName = `alarm-host-${unique().slice(-6)}`;
  const bought = await apply(owner, applyBody("ecs-standard", { name: hostName }));
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  await advance(t, 45);
  hostId = (await owner.request<OrderDetail>(`/api/orders/${bought.body.data.id}`)).body.data.resourceIds[0]!;
  signIns = { owner: made.tenant, other: (await verifiedTenant(t, operator)).tenant };
  // An hour of figures behind the host, so every window the tests read is complete.
  await jump(3600);
});
afterAll(() => t.close());

describe("an alarm rule on the simulator's curve", () => {
  it("fires when the condition held for the whole duration and not before, once, and resolves when it fails", async () => {
    // Disk reads are 200–1000 KB/s, drawn afresh every minute: ≥ 300 holds most minutes, so within
    // minutes it holds for five in a row, and soon after it fails once.
    const made = await createRule(owner, { durationMinutes: 5, threshold: 300 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rule = made.body.data;
    let fired = 0;
    let resolved = 0;
    let active: AlarmRecord | undefined;
    for (let minute = 0; minute < 180 && (fired < 2 || resolved < 2); minute++) {
      await advance(t, 60);
      const points = await lastHour();
      const window = points.slice(-6);
      const meets = (p: MetricsSeries["points"][number]) => p.diskReadKBps >= 300;
      const now = (await alarmsOf(owner, { ruleId: rule.id, state: "active" })).list;
      expect(now.length).toBeLessThanOrEqual(1);
      if (!active) {
        // Fired now exactly when the last 6 points (5 minutes, both ends) all met it.
        expect(now.length, `minute ${minute}: ${window.map((p) => p.diskReadKBps).join(", ")}`).toBe(
          window.every(meets) ? 1 : 0,
        );
        if (now[0]) {
          fired++;
          expect(now[0]).toMatchObject({
            state: "firing",
            hostId,
            hostName,
            ruleName: rule.name,
            severity: "important",
            source: "simulated",
            value: window.at(-1)!.diskReadKBps,
          });
        }
      } else if (!meets(window.at(-1)!)) {
        expect(now, `minute ${minute}`).toEqual([]);
        resolved++;
        const [history] = (await alarmsOf(owner, { ruleId: rule.id, state: "resolved" })).list;
        expect(history).toMatchObject({ id: active.id, state: "resolved", resolution: "recovered" });
      } else {
        // Still holding on the latest point: the same alarm, not a second one.
        expect(now.map((a) => a.id)).toEqual([active.id]);
      }
      active = now[0];
    }
    expect(fired).toBe(2);
    expect(resolved).toBe(2);
    const all = await t.database.db.select().from(alarms).where(eq(alarms.ruleId, rule.id));
    expect(all.length).toBeGreaterThanOrEqual(2);
    // Each firing and each recovery told the administrator by e-mail, in both languages.
    const mails = await alarmMails(rule.name);
    expect(mails.filter((m) => m.purpose === "alarm.fired").length).toBe(all.length);
    expect(mails.filter((m) => m.purpose === "alarm.recovered").length).toBe(resolved);
    const fire = mails.find((m) => m.purpose === "alarm.fired")!;
    expect(fire.recipient).toBe(ownerEmail);
    expect(fire.body).toContain("模拟数据");
    expect(fire.body).toContain(`Host ${hostName}: disk reads stayed ≥ 300 KB/s for 5 minutes`);
    expect((await auditRows(t, "alarm.fired", all[0]!.id)).length).toBe(1);
    await owner.request(`/api/res/alarm_rules/${rule.id}`, { method: "DELETE" });
  });

  it("does not fire on a host younger than the duration", async () => {
    // The same rule the other way round holds on every point of a host only 30 minutes old: the
    // hour it asks for is not there yet.
    const made = await createRule(owner, {
      metric: "diskReadKBps",
      comparison: "gte",
      threshold: 0,
      durationMinutes: 60,
    });
    expect(made.status).toBe(200);
    const young = await apply(owner, applyBody("ecs-standard", { name: `young-${unique().slice(-6)}` }));
    await advance(t, 45);
    const youngId = (await owner.request<OrderDetail>(`/api/orders/${young.body.data.id}`)).body.data
      .resourceIds[0]!;
    const onAll = await createRule(owner, { target: "all", hostId: null, threshold: 0, durationMinutes: 60 });
    expect(onAll.status, JSON.stringify(onAll.body)).toBe(200);
    await jump(30 * 60);
    expect((await alarmsOf(owner, { hostId: youngId })).list).toEqual([]);
    // The old host has had its hour: both rules fire there, one alarm each.
    const onOld = (await alarmsOf(owner, { hostId })).list;
    expect(onOld.map((a) => a.ruleId).sort()).toEqual([made.body.data.id, onAll.body.data.id].sort());
    await jump(31 * 60);
    // The rule on every host reaches the young one once it has an hour behind it.
    const young2 = (await alarmsOf(owner, { hostId: youngId })).list;
    expect(young2.map((a) => a.ruleId)).toEqual([onAll.body.data.id]);
    await owner.request(`/api/res/alarm_rules/${made.body.data.id}`, { method: "DELETE" });
    await owner.request(`/api/res/alarm_rules/${onAll.body.data.id}`, { method: "DELETE" });
  });
});

describe("an active alarm", () => {
  let rule: AlarmRuleRecord;
  let alarm: AlarmRecord;

  beforeAll(async () => {
    // Disk reads never go below 200 KB/s: a rule at ≥ 0 holds all the time.
    rule = (await createRule(owner, { threshold: 0, durationMinutes: 1, severity: "urgent" })).body.data;
    await advance(t, 60);
    [alarm] = (await alarmsOf(owner, { ruleId: rule.id })).list as [AlarmRecord];
    expect(alarm.state).toBe("firing");
  });

  it("is counted for the console's badge", async () => {
    const res = await owner.request<AlarmSummary>("/api/res/alarms/summary");
    expect(res.body.data.firing).toBeGreaterThanOrEqual(1);
    expect(res.body.data.bySeverity.urgent).toBeGreaterThanOrEqual(1);
  });

  it("is acknowledged once, with who and when, and audited", async () => {
    const res = await owner.request<AlarmRecord>(`/api/res/alarms/${alarm.id}/acknowledge`, {
      method: "POST",
      body: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe("acknowledged");
    expect(res.body.data.acknowledgedAt).toBe(t.clock.now().toISOString());
    expect(res.body.data.acknowledgedBy).toBeTruthy();
    expect((await auditRows(t, "alarm.acknowledged", alarm.id)).length).toBe(1);
    const again = await owner.request(`/api/res/alarms/${alarm.id}/acknowledge`, {
      method: "POST",
      body: {},
      locale: "zh-CN",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("该告警已被确认或已恢复，请刷新后查看");
    // Still active while the condition holds: the next step leaves it as it is.
    await advance(t, 60);
    expect((await alarmsOf(owner, { ruleId: rule.id })).list.map((a) => [a.id, a.state])).toEqual([
      [alarm.id, "acknowledged"],
    ]);
  });

  it("ends when its rule is disabled, and none fires while the rule is off", async () => {
    const off = await owner.request<AlarmRuleRecord>(`/api/res/alarm_rules/${rule.id}/enabled`, {
      method: "PUT",
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.activeAlarms).toBe(0);
    await advance(t, 120);
    expect((await alarmsOf(owner, { ruleId: rule.id })).list).toEqual([]);
    const [ended] = (await alarmsOf(owner, { ruleId: rule.id, state: "resolved" })).list;
    expect(ended).toMatchObject({ id: alarm.id, resolution: "ruleDisabled" });
  });

  it("ends when its rule's condition changes or the rule is deleted, and the history keeps it", async () => {
    await owner.request(`/api/res/alarm_rules/${rule.id}/enabled`, {
      method: "PUT",
      body: { enabled: true },
    });
    await advance(t, 60);
    const [again] = (await alarmsOf(owner, { ruleId: rule.id })).list;
    expect(again?.state).toBe("firing");
    const changed = await owner.request<AlarmRuleRecord>(`/api/res/alarm_rules/${rule.id}`, {
      method: "PUT",
      body: ruleBody({ name: rule.name, threshold: 1, durationMinutes: 1, severity: "urgent" }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const history = (await alarmsOf(owner, { ruleId: rule.id, state: "resolved" })).list;
    expect(history.find((a) => a.id === again!.id)?.resolution).toBe("ruleChanged");
    await advance(t, 60);
    const [third] = (await alarmsOf(owner, { ruleId: rule.id })).list;
    expect(third?.threshold).toBe(1);
    const removed = await owner.request(`/api/res/alarm_rules/${rule.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    const kept = (await alarmsOf(owner, { state: "resolved", hostId })).list.find((a) => a.id === third!.id);
    expect(kept).toMatchObject({ ruleId: null, ruleName: rule.name, resolution: "ruleDeleted" });
  });
});

describe("bad rules", () => {
  it("are refused with their message in both languages and nothing is stored", async () => {
    const cases: [RuleInput, string, string][] = [
      [
        { metric: "cpuPercent", threshold: 101 },
        "A percentage threshold is between 0 and 100",
        "百分比指标的阈值为0到100",
      ],
      [{ threshold: -1 }, "The threshold must not be below 0", "阈值不能小于0"],
      [{ threshold: 0.125 }, "The threshold has at most two decimals", "阈值最多保留两位小数"],
      [
        { durationMinutes: 7 },
        "The duration is 1, 5, 15, 30 or 60 minutes",
        "持续时间为1、5、15、30或60分钟",
      ],
      [
        { severity: "fatal" },
        "Choose a severity: urgent, important, secondary or reminder",
        "请选择告警级别：紧急、重要、次要或提示",
      ],
      [{ comparison: "eq" }, "Choose a comparison (>, ≥, <, ≤)", "请选择比较方式（>、≥、<、≤）"],
      [{ hostId: null }, "Choose a host", "请选择云主机"],
      [{ name: "x" }, "Names have 2 to 128 characters", "名称长度为2到128个字符"],
      [
        { hostId: "no-such-host" },
        "The selected cloud host does not exist or has been released",
        "所选云主机不存在或已释放",
      ],
    ];
    for (const [input, en, zh] of cases) {
      const inEnglish = await createRule(owner, input, "en-US");
      expect(inEnglish.status, JSON.stringify(input)).toBe(400);
      expect(inEnglish.body.message, JSON.stringify(input)).toBe(en);
      const inChinese = await createRule(owner, input, "zh-CN");
      expect(inChinese.body.message, JSON.stringify(input)).toBe(zh);
    }
    // A rate has no upper bound; a percentage of exactly 100 is fine.
    const fine = await createRule(owner, { metric: "netInKbps", threshold: 5000.5 });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    const taken = await createRule(owner, { name: fine.body.data.name.toUpperCase() });
    expect(taken.status).toBe(400);
    const list = await owner.request<Page<AlarmRuleRecord>>("/api/res/alarm_rules", { query: { hostId } });
    expect(list.body.data.list.map((r) => r.id)).toEqual([fine.body.data.id]);
  });
});

describe("who may see and set rules", () => {
  it("keeps another tenant out: its lists are empty and the first tenant's ids answer 404", async () => {
    const rule = (await createRule(owner, { threshold: 0, durationMinutes: 1 })).body.data;
    await advance(t, 60);
    const [alarm] = (await alarmsOf(owner, { ruleId: rule.id })).list;
    expect(alarm).toBeDefined();
    expect((await other.request<Page<AlarmRuleRecord>>("/api/res/alarm_rules")).body.data.list).toEqual([]);
    expect((await alarmsOf(other, { state: "active" })).list).toEqual([]);
    expect((await other.request<AlarmSummary>("/api/res/alarms/summary")).body.data.active).toBe(0);
    for (const [method, url, body] of [
      ["PUT", `/api/res/alarm_rules/${rule.id}`, ruleBody({ hostId: null, target: "all" })],
      ["PUT", `/api/res/alarm_rules/${rule.id}/enabled`, { enabled: false }],
      ["DELETE", `/api/res/alarm_rules/${rule.id}`, undefined],
      ["POST", `/api/res/alarms/${alarm!.id}/acknowledge`, {}],
    ] as const) {
      const res = await other.request(url, { method, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // Naming the first tenant's host in its own rule is refused as a host it does not have.
    const stolen = await createRule(other, { hostId });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe("The selected cloud host does not exist or has been released");
    expect((await alarmsOf(owner, { ruleId: rule.id })).list[0]?.state).toBe("firing");
  });

  it("refuses a user without CB01 (403) and limits a member of no project to nothing", async () => {
    const keysOnly = (await signedInSubUser(t, owner, ["builtin:costCentreReadOnly"])).client;
    for (const url of ["/api/res/alarm_rules", "/api/res/alarms", "/api/res/alarms/summary"]) {
      expect((await keysOnly.request(url)).status, url).toBe(403);
    }
    expect((await createRule(keysOnly)).status).toBe(403);
    // A sub-user with the basic services but in no project sees no host: no rule on the owner's
    // host, no rule on every host (that is the administrators'), and empty lists.
    const member = (await signedInSubUser(t, owner, ["builtin:basicServices"])).client;
    const onHost = await createRule(member, {});
    expect(onHost.status).toBe(400);
    expect(onHost.body.message).toBe("The selected cloud host does not exist or has been released");
    const onAll = await createRule(member, { target: "all", hostId: null });
    expect(onAll.status).toBe(400);
    expect(onAll.body.message).toBe(
      "Only the organisation's administrators may set a rule on every host; choose one host",
    );
    expect((await member.request<Page<AlarmRuleRecord>>("/api/res/alarm_rules")).body.data.list).toEqual([]);
    expect((await alarmsOf(member)).list).toEqual([]);
  });
});
