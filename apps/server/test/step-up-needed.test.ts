// `GET /api/users/2FA/needed` (issue 13 §6): the console asks it before an action guarded by SMS
// step-up, so that the expected 406 is never sent to the browser. Its answer follows the guard of
// the action itself: needed until the session passes step-up, then not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_TENANT_MOBILE, stepUp } from "./support/iam";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("whether step-up is needed", () => {
  it("says so exactly when the guarded action would answer 406", async () => {
    const client = await signedIn(t.app, t.clock, DEMO.tenant);
    const needed = async () => (await client.request<{ needed: boolean }>("/api/users/2FA/needed")).body.data;

    expect(await needed()).toEqual({ needed: true });
    const refused = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(refused.status).toBe(406);

    await stepUp(t, client, DEMO_TENANT_MOBILE);
    expect(await needed()).toEqual({ needed: false });
    const created = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
});
