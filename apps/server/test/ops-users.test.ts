import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, stepUp } from "./support/iam";

const READER_ID = "00000000-0000-4000-8000-000000000103";
const ADMIN_MOBILE = "13800000001";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("operator password reset", () => {
  it("sends a temporary password that must be changed at sign-in and ends the user's sessions", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    const reset = () =>
      admin.request(`/api/ops/users/${READER_ID}/reset_password`, { method: "POST", body: {} });
    // Another user's password is a way into their account: the operator's own step-up comes first.
    const refused = await reset();
    expect(refused.status).toBe(406);
    expect((await reader.request("/api/users/token")).status).toBe(200);
    await stepUp(t, admin, ADMIN_MOBILE);
    const res = await reset();
    expect(res.status).toBe(200);
    expect((await reader.request("/api/users/token")).status).toBe(401);

    const [sms] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "13800000003"))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(sms?.purpose).toBe("password.temporary");
    const temporary = /Temporary password: (\S+) —/.exec(sms?.body ?? "")?.[1];
    expect(temporary).toBeDefined();
    expect(
      (await new TestClient(t.app, t.clock).login(DEMO.reader.account, DEMO.reader.password)).body.code,
    ).toBe(20001);

    const fresh = new TestClient(t.app, t.clock);
    const login = await fresh.login(DEMO.reader.account, temporary!);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    expect((await fresh.request("/api/bills")).body.code).toBe(20025);
    const first = await fresh.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Reader@2027", confirmPassword: "Reader@2027" },
    });
    expect(first.status).toBe(200);
    expect((await fresh.request("/api/bills")).status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, READER_ID));
    expect(row?.loginNotFirst).toBe(true);
  });

  it("is refused to tenants and for unknown users", async () => {
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    const refused = await tenant.request(`/api/ops/users/${READER_ID}/reset_password`, {
      method: "POST",
      body: {},
    });
    expect(refused.status).toBe(403);
    const admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.admin), ADMIN_MOBILE);
    const unknown = await admin.request(
      "/api/ops/users/00000000-0000-4000-8000-00000000dead/reset_password",
      {
        method: "POST",
        body: {},
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("operator password reset of a phone nobody confirmed", () => {
  it("is refused and changes nothing: the temporary password would go to whoever owns the number", async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, READER_ID));
    await t.database.db.update(users).set({ mobileVerifiedAt: null }).where(eq(users.id, READER_ID));
    const admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.admin), ADMIN_MOBILE);
    const res = await admin.request(`/api/ops/users/${READER_ID}/reset_password`, {
      method: "POST",
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(24047);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, READER_ID));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });
});
