// Issue 19 §2: operators' money actions ask for an SMS step-up code when the platform's
// `sms.stepup.operator.money` switch is on — a recharge, an adjustment, vouchers, a credit limit,
// approving one of them, a contract. Off (the default) they go as before; on, an operator without a
// phone cannot act at all, and the code passed once opens the usual few minutes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { stepUp } from "./support/iam";
import { addOperator, DEMO_ORG, idem } from "./support/money";

const ADMIN_MOBILE = "13800000001";

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

async function setConfig(configKey: string, configValue: string) {
  const res = await admin.request("/api/configs", {
    method: "PUT",
    body: { entries: [{ configKey, configValue }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const adjust = (client: TestClient, amount = "12.5") =>
  client.request<{ status: string }>("/api/ops/adjustments", {
    method: "POST",
    body: { orgId: DEMO_ORG, amount, reason: "step-up test" },
    headers: idem(),
  });

const needed = async (client: TestClient, kind?: "action" | "operatorMoney") =>
  (await client.request<{ needed: boolean }>("/api/users/2FA/needed", { query: kind ? { kind } : {} })).body
    .data.needed;

describe("operators' money actions and SMS step-up", () => {
  it("is off by default: an adjustment needs no code, whatever the sensitive-action switch says", async () => {
    const res = await adjust(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe("applied");
    expect(await needed(admin, "operatorMoney")).toBe(false);
  });

  it("on, asks for a code (406) before every money action, and the code opens the window", async () => {
    // The general switch off shows the money switch is its own.
    await setConfig("sms.stepup.enable", "false");
    await setConfig("sms.stepup.operator.money", "true");
    try {
      t.clock.advance(10 * 60_000);
      const fresh = await signedIn(t.app, t.clock, DEMO.admin);
      expect(await needed(fresh, "operatorMoney")).toBe(true);
      expect(await needed(fresh)).toBe(false);

      const refused = await adjust(fresh);
      expect(refused.status).toBe(406);
      const credit = await fresh.request(`/api/ops/orgs/${DEMO_ORG}/credit_limit`, {
        method: "PUT",
        body: { creditLimit: "100" },
      });
      expect(credit.status).toBe(406);
      const vouchers = await fresh.request("/api/ops/cash_vouchers", {
        method: "POST",
        body: {},
        headers: idem(),
      });
      expect(vouchers.status).toBe(406);

      await stepUp(t, fresh, ADMIN_MOBILE);
      expect(await needed(fresh, "operatorMoney")).toBe(false);
      const applied = await adjust(fresh);
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);

      // The window closes after a few minutes, as for any step-up.
      t.clock.advance(6 * 60_000);
      expect((await adjust(fresh)).status).toBe(406);
    } finally {
      await setConfig("sms.stepup.operator.money", "false");
      await setConfig("sms.stepup.enable", "true");
    }
  });

  it("on, an operator without a phone cannot move money at all (and reading still works)", async () => {
    const op = await addOperator(t);
    const second = await signedIn(t.app, t.clock, op);
    await setConfig("sms.stepup.operator.money", "true");
    try {
      const refused = await adjust(second);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(24045);
      expect((await second.request("/api/ops/adjustments")).status).toBe(200);
    } finally {
      await setConfig("sms.stepup.operator.money", "false");
    }
    expect((await adjust(second)).status).toBe(200);
  });

  it("is a switch: anything but true or false is refused and changes nothing", async () => {
    const res = await admin.request("/api/configs", {
      method: "PUT",
      body: { entries: [{ configKey: "sms.stepup.operator.money", configValue: "yes" }] },
    });
    expect(res.status).toBe(400);
    expect(await needed(admin, "operatorMoney")).toBe(false);
  });
});
