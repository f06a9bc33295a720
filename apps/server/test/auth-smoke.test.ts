import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("sign-in smoke", () => {
  it("signs in the demo tenant and returns the current user with menus", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const me = await client.request<{ account: string; menus: unknown[]; routes: string[] }>(
      "/api/users/token",
    );
    expect(me.status).toBe(200);
    expect(me.body.data.account).toBe("demotenant");
    expect(me.body.data.routes).toContain("/mgt/dashboard");
    expect(me.body.data.routes).not.toContain("/sys/config");
  });

  it("refuses a wrong password with the business code", async () => {
    const client = new TestClient(t.app, t.clock);
    const res = await client.login("demotenant", "Wrong@2026x");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20001);
  });
});
