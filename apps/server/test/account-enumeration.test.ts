// Nobody learns which accounts exist without proving something first: the lock-out answers the same
// for an unknown login as for a real account, and sign-up says a user name, e-mail or phone is
// taken only to a caller with a valid invitation code and the SMS code sent to the phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, TestClient } from "./support/client";
import { registrationForm, smsCodeFor } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  visitor = new TestClient(t.app, t.clock);
});
afterAll(() => t.close());

const login = async (account: string, password: string) => {
  const res = await visitor.request("/api/users/login", { method: "POST", body: { account, password } });
  return { status: res.status, code: res.body.code, message: res.body.message };
};

describe("the lock-out answer", () => {
  it("is the same, attempt by attempt, for an unknown login and a real account", async () => {
    // Platform policy: 5 failures within 15 minutes lock for 30 minutes.
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      real.push(await login(DEMO.reader.account, "Wrong@2026x"));
      unknown.push(await login("no-such-user", "Wrong@2026x"));
      t.clock.advanceMinutes(1);
    }
    expect(unknown).toEqual(real);
    expect(real.slice(4)).toEqual([
      expect.objectContaining({ code: 20002, message: expect.stringContaining("try again in 30 minutes") }),
      expect.objectContaining({ code: 20002, message: expect.stringContaining("try again in 29 minutes") }),
      expect.objectContaining({ code: 20002, message: expect.stringContaining("try again in 28 minutes") }),
    ]);
    // The lock ends for both at the same time, and counting starts again.
    t.clock.advanceMinutes(28);
    expect(await login("no-such-user", "Wrong@2026x")).toEqual(
      await login(DEMO.reader.account, "Wrong@2026x"),
    );
    expect((await login(DEMO.reader.account, DEMO.reader.password)).status).toBe(200);
  });

  it("counts an unknown login whatever its letter case, like a user name", async () => {
    for (const spelling of ["ghost-user", "GHOST-USER", "Ghost-User", " ghost-user "])
      expect((await login(spelling, "x")).code).toBe(20001);
    expect((await login("gHost-user", "x")).code).toBe(20002);
    expect((await login("ghost-user2", "x")).code).toBe(20001);
  });
});

describe("sign-up", () => {
  const register = (form: Record<string, unknown>) =>
    visitor.request("/api/users/register", { method: "POST", body: form });
  const codeFor = async (phone: string) => {
    const sent = await visitor.request("/api/common/sms/send_code", {
      method: "POST",
      body: { phone, purpose: "register" },
    });
    expect(sent.status).toBe(200);
    t.clock.advanceMinutes(1);
    return smsCodeFor(t, phone, "register");
  };

  it("does not say a user name or e-mail is taken without a valid invitation code", async () => {
    for (const taken of [{ account: DEMO.tenant.account }, { email: "owner@demo-ai-lab.example" }]) {
      const form = registrationForm({ ...taken, invitationCode: "SKY-NOPE-NOPE" });
      form.smsCode = await codeFor(form.mobile);
      const res = await register(form);
      expect(res.body.code, JSON.stringify(taken)).toBe(20013);
    }
  });

  it("does not say a user name or e-mail is taken without the SMS code", async () => {
    for (const taken of [{ account: DEMO.tenant.account }, { email: "owner@demo-ai-lab.example" }]) {
      const form = registrationForm({ ...taken, smsCode: "000000" });
      await codeFor(form.mobile);
      const res = await register(form);
      expect(res.body.code, JSON.stringify(taken)).toBe(20008);
      expect(res.body.message).toBe("The verification code is wrong or has expired");
    }
  });

  it("says it once both codes are right, and keeps the SMS code for the corrected form", async () => {
    const form = registrationForm({ account: DEMO.tenant.account });
    form.smsCode = await codeFor(form.mobile);
    const taken = await register(form);
    expect(taken.body.code).toBe(20010);
    expect(taken.body.message).toBe("The user name is already in use");
    const fixed = await register({ ...form, account: `n${form.account.slice(1)}x` });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });
});
