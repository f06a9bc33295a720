// The built-in sandbox gateway is off unless configured on (issue 11 §9): a real installation that
// sets nothing has no page that credits money nobody paid.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/platform/config";
import { DEMO, signedIn } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  // No PAYMENT_SANDBOX at all: the default.
  t = await startTestApp();
});
afterAll(() => t.close());

describe("PAYMENT_SANDBOX unset (off by default) or false", () => {
  it("is off unless set to a true value", () => {
    expect(loadConfig({}).sandboxPayments).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: "false" }).sandboxPayments).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: "true" }).sandboxPayments).toBe(true);
  });

  it("reports the sandbox channel off and refuses sandbox top-ups", async () => {
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    const channels = await tenant.request<{ sandbox: boolean }>("/api/online_recharge/paySwitch");
    expect(channels.body.data.sandbox).toBe(false);
    const create = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "10", channel: "sandbox" },
      headers: { "idempotency-key": `off-${randomUUID()}` },
    });
    expect(create.status).toBe(400);
    expect(create.body.code).toBe(23010);
    expect(create.body.message).toBe("This top-up channel is switched off");
    const deposits = await tenant.request<{ total: number }>("/api/deposits");
    expect(deposits.body.data.total).toBe(0);
  });

  it("serves neither the payment page nor the notification endpoint", async () => {
    expect((await t.app.inject({ method: "GET", url: "/gateway/sandbox/pay/R1" })).statusCode).toBe(404);
    const notify = await t.app.inject({ method: "POST", url: "/api/payments/notify/sandbox", payload: {} });
    expect(notify.statusCode).toBe(404);
  });
});
