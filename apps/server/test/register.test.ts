// Tenant sign-up (spec §2, §5): the happy path, field validation with nothing stored, uniqueness,
// invitation codes, the register switch, SMS code rules and the captcha.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captchas } from "../src/modules/auth/auth.schema";
import { CAPTCHA_ALPHABET } from "../src/modules/auth/captcha";
import { organizations, userGroups, users } from "../src/modules/iam/iam.schema";
import { invitationCodes } from "../src/modules/invitations/invitations.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, registerTenant, registrationForm, smsCodeFor, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let admin: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t.app, t.clock, DEMO.admin);
});
beforeEach(() => {
  visitor = new TestClient(t.app, t.clock);
});
afterAll(() => t.close());

const register = (body: object, locale: "en-US" | "zh-CN" = "en-US") =>
  visitor.request<{ userSid: string }>("/api/users/register", { method: "POST", body, locale });

const sendCode = (phone: string, extra: object = {}) =>
  visitor.request<{ resendAfterSeconds: number; expiresInSeconds: number }>("/api/common/sms/send_code", {
    method: "POST",
    body: { phone, purpose: "register", ...extra },
  });

const setConfig = async (configKey: string, configValue: string) => {
  const res = await admin.request("/api/configs", {
    method: "PUT",
    body: { entries: [{ configKey, configValue }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function stored() {
  const [codeRow] = await t.database.db
    .select({ used: invitationCodes.usedCount })
    .from(invitationCodes)
    .where(eq(invitationCodes.code, "SKY-DEMO-2026"));
  return {
    users: await countRows(t, users),
    orgs: await countRows(t, organizations),
    groups: await countRows(t, userGroups),
    invitationUses: codeRow?.used,
  };
}

describe("sign-up happy path", () => {
  it("registers a tenant with an SMS code and an invitation code", async () => {
    const before = await stored();
    const form = registrationForm();
    const sent = await sendCode(form.mobile);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 59, expiresInSeconds: 300 });
    form.smsCode = await smsCodeFor(t, form.mobile, "register");
    expect(form.smsCode).toMatch(/^\d{6}$/);

    const res = await register(form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe(200);
    const userSid = res.body.data.userSid;

    const after = await stored();
    expect(after.users).toBe(before.users + 1);
    expect(after.orgs).toBe(before.orgs + 1);
    expect(after.invitationUses).toBe((before.invitationUses ?? 0) + 1);

    const client = new TestClient(t.app, t.clock);
    const login = await client.login(form.account, form.password);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(true);
    expect(login.body.data.landing).toBe("/mgt/dashboard");
    const me = await client.request<Record<string, unknown>>("/api/users/token");
    expect(me.body.data).toMatchObject({
      userSid,
      account: form.account,
      email: form.email,
      mobile: form.mobile,
      certificationStatus: "noAuth",
      authentStatus: "noAuth",
      roleType: "tenantAdmin",
      currentOrg: { orgName: form.companyName },
      industryName: "Artificial intelligence",
    });
    expect(me.body.data.routes).toContain("/mgt/dashboard");

    // Spec §6: the six built-in groups exist for the new organisation.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userSid));
    const groups = await t.database.db.select().from(userGroups).where(eq(userGroups.orgId, user!.orgId!));
    expect(groups.map((g) => g.key).sort()).toEqual(
      [
        "administrator",
        "hpcCustom",
        "projectAdmin",
        "projectMember",
        "readOnlyMember",
        "resourceAdmin",
      ].sort(),
    );
    expect(groups.every((g) => g.builtIn)).toBe(true);

    // The operator sees who used the code.
    const uses = await admin.request<{ account: string; orgName: string }[]>(
      "/api/ops/invitation_codes/SKY-DEMO-2026/uses",
    );
    expect(uses.body.data).toContainEqual(
      expect.objectContaining({ account: form.account, orgName: form.companyName }),
    );

    // The SMS code was spent: it cannot be checked again.
    const check = await visitor.request<{ valid: boolean }>("/api/common/sms/check_code", {
      query: { phone: form.mobile, smsCode: form.smsCode, purpose: "register" },
    });
    expect(check.body.data.valid).toBe(false);
  });

  it("accepts the invitation code in lower case and with no address", async () => {
    const tenant = await registerTenant(t, visitor, { invitationCode: " sky-welcome-01 ", address: "" });
    const login = await new TestClient(t.app, t.clock).login(tenant.account, tenant.password);
    expect(login.status).toBe(200);
  });
});

describe("field validation stores nothing", () => {
  const policy = "The password does not meet the password policy";
  // [field, value, expected body code, expected English message (exact, or a prefix for the policy)]
  const cases: [string, unknown, number, string][] = [
    ["account", "abc", 400, "The user name has 4 to 16 characters"],
    ["account", "a".repeat(17), 400, "The user name has 4 to 16 characters"],
    [
      "account",
      "1abcde",
      400,
      "The user name starts with a letter and has only letters, digits, underscores and hyphens",
    ],
    [
      "account",
      "abc$def",
      400,
      "The user name starts with a letter and has only letters, digits, underscores and hyphens",
    ],
    ["account", undefined, 400, "This field is required"],
    ["companyName", "A", 400, "Names have 2 to 128 characters"],
    ["companyName", "A".repeat(129), 400, "Names have 2 to 128 characters"],
    [
      "companyName",
      "Acme/Compute",
      400,
      "Names must not contain special characters such as / @ < > | ~ ! 【】 & % ^ ? *",
    ],
    [
      "companyName",
      "Acme<b>",
      400,
      "Names must not contain special characters such as / @ < > | ~ ! 【】 & % ^ ? *",
    ],
    [
      "companyName",
      "Acme【Lab】",
      400,
      "Names must not contain special characters such as / @ < > | ~ ! 【】 & % ^ ? *",
    ],
    ["companyName", "https://acme.example", 400, "Names must not start with http or https"],
    [
      "companyName",
      "1Acme",
      400,
      "Names start with a letter or Chinese character and may contain digits, underscores and hyphens",
    ],
    ["email", "not-an-email", 400, "The e-mail format is invalid"],
    ["email", "", 400, "This field is required"],
    ["mobile", "12345678901", 400, "The phone number entered is incorrect"],
    ["mobile", "1380000000", 400, "The phone number entered is incorrect"],
    ["smsCode", "12345", 400, "The verification code has 6 digits"],
    ["smsCode", "abcdef", 400, "The verification code has 6 digits"],
    ["industry", undefined, 400, "This field is required"],
    ["industry", "", 400, "This field is required"],
    ["industry", "mining", 400, "Parameter exception"],
    ["applicationScenario", "mining", 400, "Parameter exception"],
    ["personnelSize", "10000+", 400, "Parameter exception"],
    ["invitationCode", "", 400, "This field is required"],
    ["address", "ab", 400, "Use 3 to 64 characters"],
    ["address", "x".repeat(65), 400, "Use 3 to 64 characters"],
    ["password", "Ab1@", 20016, policy],
    ["password", "Abcdefgh1234", 20016, policy],
    ["password", "Abcd@1234567890", 20016, policy],
    ["password", "a@1a@1a@1", 20016, policy],
    ["password", "Abc@1234 x", 20016, policy],
    ["confirmPassword", "Other@2026x", 20017, "The confirmation does not match the password"],
    ["agreement", false, 20019, "Please tick to have read the End User Agreement"],
    ["agreement", undefined, 400, "This field is required"],
  ];

  it.each(cases)("refuses %s = %j", async (field, value, code, message) => {
    const before = await stored();
    const form: Record<string, unknown> = registrationForm({ [field]: value });
    if (value === undefined) delete form[field];
    if (field === "password") form.confirmPassword = value;
    const res = await register(form);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    if (code === 20016) expect(res.body.message.startsWith(`${message}: `)).toBe(true);
    else expect(res.body.message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it("translates the messages into Chinese", async () => {
    const zh: [Record<string, unknown>, number, string][] = [
      [{ mobile: "12345678901" }, 400, "输入的手机号码有误"],
      [{ agreement: false }, 20019, "请勾选已阅读《最终用户协议》"],
      [{ confirmPassword: "Other@2026x" }, 20017, "两次输入的密码不一致"],
      [{ account: "abc" }, 400, "用户名长度为4到16个字符"],
      [{ companyName: "Acme/Compute" }, 400, "名称不能包含特殊字符 / @ < > | ~ ! 【】 & % ^ ? *"],
    ];
    for (const [override, code, message] of zh) {
      const res = await register(registrationForm(override), "zh-CN");
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBe(message);
    }
    const policy = await register(registrationForm({ password: "abc", confirmPassword: "abc" }), "zh-CN");
    expect(policy.body.code).toBe(20016);
    expect(policy.body.message.startsWith("密码不符合密码策略：")).toBe(true);
  });

  it("names the failing field in the answer", async () => {
    const res = await register(registrationForm({ email: "nope" }));
    expect(res.body.data).toEqual({ fields: [{ path: "email", message: "The e-mail format is invalid" }] });
  });
});

describe("uniqueness", () => {
  it("refuses a user name, e-mail or phone already in use (case-insensitively)", async () => {
    const before = await stored();
    const cases: [Record<string, string>, number, string][] = [
      [{ account: "demotenant" }, 20010, "The user name is already in use"],
      [{ account: "DemoTenant" }, 20010, "The user name is already in use"],
      [{ email: "owner@demo-ai-lab.example" }, 20023, "The e-mail address is already in use"],
      [{ email: "OWNER@Demo-AI-Lab.example" }, 20023, "The e-mail address is already in use"],
    ];
    for (const [override, code, message] of cases) {
      const form = registrationForm(override);
      await sendCode(form.mobile);
      const res = await register({ ...form, smsCode: await smsCodeFor(t, form.mobile, "register") });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses a phone taken since its code was sent, and keeps that code", async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const first = await smsCodeFor(t, phone, "register");
    t.clock.advanceMinutes(1);
    await sendCode(phone);
    const second = await smsCodeFor(t, phone, "register");
    expect((await register(registrationForm({ mobile: phone, smsCode: second }))).status).toBe(200);
    const late = await register(registrationForm({ mobile: phone, smsCode: first }));
    expect(late.status).toBe(400);
    expect(late.body.code).toBe(20024);
    expect(late.body.message).toBe("The phone number is already in use");
  });

  it("refuses to send a sign-up code to a phone already in use", async () => {
    const res = await sendCode("13800000002");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20024);
  });

  it("answers /users/validation/exists", async () => {
    const exists = async (field: string, value: string) => {
      const res = await visitor.request<{ exists: boolean }>("/api/users/validation/exists", {
        query: { field, value },
      });
      expect(res.status).toBe(200);
      return res.body.data.exists;
    };
    expect(await exists("account", "demotenant")).toBe(true);
    expect(await exists("account", "DEMOTENANT")).toBe(true);
    expect(await exists("account", "nobody-here")).toBe(false);
    expect(await exists("email", "Owner@demo-ai-lab.example")).toBe(true);
    expect(await exists("email", "nobody@demo-ai-lab.example")).toBe(false);
    expect(await exists("mobile", "13800000003")).toBe(true);
    expect(await exists("mobile", "13999999999")).toBe(false);
    const bad = await visitor.request("/api/users/validation/exists", {
      query: { field: "password", value: "x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });
});

describe("invitation codes", () => {
  const INVALID = "The invitation code is invalid or has expired";

  const createCode = async (body: object) => {
    const res = await admin.request<{ code: string; status: string }[]>("/api/ops/invitation_codes", {
      method: "POST",
      body: { count: 1, maxUses: 1, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data[0]!.code;
  };
  const validate = async (code: string) =>
    (await visitor.request<{ valid: boolean }>(`/api/users/validateInvitationCode/${code}`)).body.data.valid;

  async function expectRefused(invitationCode: string) {
    const before = await stored();
    const res = await register(registrationForm({ invitationCode }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20013);
    expect(res.body.message).toBe(INVALID);
    expect(await stored()).toEqual(before);
  }

  it("refuses an unknown code", async () => {
    expect(await validate("SKY-NOPE-NOPE")).toBe(false);
    await expectRefused("SKY-NOPE-NOPE");
    const zh = await register(registrationForm({ invitationCode: "SKY-NOPE-NOPE" }), "zh-CN");
    expect(zh.body.message).toBe("邀请码无效或已过期");
  });

  it("refuses an expired code", async () => {
    const code = await createCode({
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(await validate(code)).toBe(true);
    t.clock.advanceMinutes(1);
    expect(await validate(code)).toBe(false);
    await expectRefused(code);
  });

  it("refuses a disabled code", async () => {
    const code = await createCode({ maxUses: 10 });
    const disabled = await admin.request(`/api/ops/invitation_codes/${code}/disable`, {
      method: "POST",
      body: {},
    });
    expect(disabled.status).toBe(200);
    expect(await validate(code)).toBe(false);
    await expectRefused(code);
  });

  it("refuses an exhausted code (maxUses 1, used twice)", async () => {
    const code = await createCode({ maxUses: 1 });
    const first = await registerTenant(t, visitor, { invitationCode: code });
    expect(first.userSid).toBeTruthy();
    expect(await validate(code)).toBe(false);
    await expectRefused(code);
    const list = await admin.request<{ list: { code: string; status: string; usedCount: number }[] }>(
      "/api/ops/invitation_codes",
      { query: { pageSize: 200 } },
    );
    expect(list.body.data.list.find((c) => c.code === code)).toMatchObject({
      status: "exhausted",
      usedCount: 1,
    });
  });

  it("keeps the SMS code when the invitation code is refused", async () => {
    const form = registrationForm({ invitationCode: "SKY-NOPE-NOPE" });
    await sendCode(form.mobile);
    form.smsCode = await smsCodeFor(t, form.mobile, "register");
    expect((await register(form)).body.code).toBe(20013);
    const res = await register({ ...form, invitationCode: "SKY-DEMO-2026" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("registration switch", () => {
  it("refuses sign-up while register.enable is false", async () => {
    await setConfig("register.enable", "false");
    try {
      const pub = await visitor.request<{ configs: { configKey: string; configValue: string }[] }>(
        "/api/configs/nonAuth",
      );
      expect(pub.body.data.configs.find((c) => c.configKey === "register.enable")?.configValue).toBe("false");
      const before = await stored();
      const res = await register(registrationForm());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(20014);
      expect(res.body.message).toBe("Registration is currently closed");
      const zh = await register(registrationForm(), "zh-CN");
      expect(zh.body.message).toBe("系统暂未开放注册");
      expect(await stored()).toEqual(before);
    } finally {
      await setConfig("register.enable", "true");
    }
    const tenant = await registerTenant(t, visitor);
    expect(tenant.userSid).toBeTruthy();
  });
});

describe("SMS codes", () => {
  it("refuses a resend within 59 seconds and allows it after", async () => {
    const phone = uniquePhone();
    expect((await sendCode(phone)).status).toBe(200);
    const soon = await sendCode(phone);
    expect(soon.status).toBe(400);
    expect(soon.body.code).toBe(20011);
    expect(soon.body.message).toBe("Codes are sent too often; retry in 59 seconds");
    t.clock.advance(58_000);
    const still = await sendCode(phone);
    expect(still.body.code).toBe(20011);
    expect(still.body.message).toBe("Codes are sent too often; retry in 1 seconds");
    t.clock.advance(1_000);
    const again = await sendCode(phone);
    expect(again.status).toBe(200);
    // The newest code is the one that counts.
    const code = await smsCodeFor(t, phone, "register");
    const res = await register(registrationForm({ mobile: phone, smsCode: code }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("kills a code after 5 wrong attempts, even for the right code", async () => {
    const form = registrationForm();
    await sendCode(form.mobile);
    const code = await smsCodeFor(t, form.mobile, "register");
    const wrong = code === "111111" ? "222222" : "111111";
    const check = async (smsCode: string) =>
      (
        await visitor.request<{ valid: boolean }>("/api/common/sms/check_code", {
          query: { phone: form.mobile, smsCode, purpose: "register" },
        })
      ).body.data.valid;
    expect(await check(code)).toBe(true);
    for (let i = 0; i < 4; i++) expect(await check(wrong)).toBe(false);
    // Four wrong attempts leave the code usable.
    expect(await check(code)).toBe(true);
    expect(await check(wrong)).toBe(false);
    expect(await check(code)).toBe(false);
    const before = await stored();
    const res = await register({ ...form, smsCode: code });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(20008);
    expect(res.body.message).toBe("The verification code is wrong or has expired");
    expect(await stored()).toEqual(before);
  });

  it("counts concurrent wrong attempts too", async () => {
    const form = registrationForm();
    await sendCode(form.mobile);
    const code = await smsCodeFor(t, form.mobile, "register");
    const wrong = Array.from({ length: 8 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(
      wrong.map((smsCode) =>
        visitor.request<{ valid: boolean }>("/api/common/sms/check_code", {
          query: { phone: form.mobile, smsCode, purpose: "register" },
        }),
      ),
    );
    expect(answers.every((a) => a.body.data.valid === false)).toBe(true);
    const res = await register({ ...form, smsCode: code });
    expect(res.body.code).toBe(20008);
  });

  it("refuses a wrong code at sign-up", async () => {
    const form = registrationForm();
    await sendCode(form.mobile);
    const code = await smsCodeFor(t, form.mobile, "register");
    const res = await register({ ...form, smsCode: code === "123456" ? "654321" : "123456" });
    expect(res.body.code).toBe(20008);
    const zh = await register({ ...form, smsCode: code === "123456" ? "654321" : "123456" }, "zh-CN");
    expect(zh.body.message).toBe("验证码错误或已过期");
  });

  it("refuses a code sent for another phone", async () => {
    const form = registrationForm();
    const other = uniquePhone();
    await sendCode(form.mobile);
    await sendCode(other);
    const mine = await smsCodeFor(t, form.mobile, "register");
    const theirs = await smsCodeFor(t, other, "register");
    // (Two random codes are equal once in a million; then there is nothing to refuse.)
    const res = await register({ ...form, smsCode: theirs });
    expect(res.body.code).toBe(mine === theirs ? 200 : 20008);
  });

  it("expires a code after 5 minutes", async () => {
    const form = registrationForm();
    await sendCode(form.mobile);
    form.smsCode = await smsCodeFor(t, form.mobile, "register");
    const check = async () =>
      (
        await visitor.request<{ valid: boolean }>("/api/common/sms/check_code", {
          query: { phone: form.mobile, smsCode: form.smsCode, purpose: "register" },
        })
      ).body.data.valid;
    t.clock.advance(5 * 60_000 - 1_000);
    expect(await check()).toBe(true);
    t.clock.advance(1_000);
    expect(await check()).toBe(false);
    const res = await register(form);
    expect(res.body.code).toBe(20008);
  });

  it("validates the phone before sending", async () => {
    const res = await sendCode("12345678901");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The phone number entered is incorrect");
    const none = await visitor.request("/api/common/sms/send_code", {
      method: "POST",
      body: { purpose: "register" },
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe(400);
  });
});

describe("captcha", () => {
  // The picture draws each character as strokes and holds no text a script could read, so the test
  // finds the answer the way no visitor can: by trying every code against the stored hash.
  async function answerOf(captchaId: string): Promise<string> {
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, captchaId));
    for (const a of CAPTCHA_ALPHABET)
      for (const b of CAPTCHA_ALPHABET)
        for (const c of CAPTCHA_ALPHABET)
          for (const d of CAPTCHA_ALPHABET) {
            const guess = a + b + c + d;
            if (createHash("sha256").update(guess).digest("hex") === row?.answerHash) return guess;
          }
    throw new Error(`captcha ${captchaId} has no answer of four characters`);
  }
  const captcha = async () => {
    const res = await visitor.request<{ captchaId: string; image: string }>("/api/common/captcha");
    expect(res.status).toBe(200);
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.body.data.image.split(",")[1]!, "base64").toString("utf8");
    expect(svg).not.toMatch(/<text/);
    expect(svg.match(/<path /g)).toHaveLength(4);
    const id = res.body.data.captchaId;
    return { id, answer: () => answerOf(id) };
  };

  it("is required to send a code while captcha.open is true, and answers once", async () => {
    await setConfig("captcha.open", "true");
    try {
      const refused = async (extra: object) => {
        const res = await sendCode(uniquePhone(), extra);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(20012);
        expect(res.body.message).toBe("The picture code is wrong or has expired");
      };
      await refused({});
      const unknown = await captcha();
      await refused({ captchaId: "00000000-0000-4000-8000-00000000dead", captcha: await unknown.answer() });

      const wrongFirst = await captcha();
      const wrongAnswer = await wrongFirst.answer();
      expect(wrongAnswer).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
      await refused({ captchaId: wrongFirst.id, captcha: wrongAnswer === "AAAA" ? "BBBB" : "AAAA" });
      // A captcha answered wrongly is spent: the right answer no longer works.
      await refused({ captchaId: wrongFirst.id, captcha: wrongAnswer });

      const right = await captcha();
      const rightAnswer = await right.answer();
      const ok = await sendCode(uniquePhone(), { captchaId: right.id, captcha: rightAnswer.toLowerCase() });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      // ...and a captcha answered rightly is spent too.
      await refused({ captchaId: right.id, captcha: rightAnswer });

      const late = await captcha();
      t.clock.advanceMinutes(5);
      await refused({ captchaId: late.id, captcha: await late.answer() });
    } finally {
      await setConfig("captcha.open", "false");
    }
    expect((await sendCode(uniquePhone())).status).toBe(200);
  });

  describe("guards the uniqueness look-up", () => {
    const lookUp = (field: string, value: string, extra: Record<string, string> = {}) =>
      visitor.request<{ exists: boolean }>("/api/users/validation/exists", {
        query: { field, value, ...extra },
      });
    const CAPTCHA_INVALID = { code: 20012, message: "The picture code is wrong or has expired", data: null };
    const refusedLookUp = async (field: string, value: string, extra: Record<string, string> = {}) => {
      const res = await lookUp(field, value, extra);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(CAPTCHA_INVALID);
    };
    const answers = async (field: string, value: string, extra: Record<string, string>) => {
      const res = await lookUp(field, value, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.exists;
    };

    beforeAll(() => setConfig("captcha.open", "true"));
    afterAll(() => setConfig("captcha.open", "false"));

    it("refuses a look-up without a captcha, the same way for taken and free names", async () => {
      await refusedLookUp("account", "demotenant");
      await refusedLookUp("account", "nobody-here");
      await refusedLookUp("mobile", "13800000003", { captchaId: (await captcha()).id });
      await refusedLookUp("email", "owner@demo-ai-lab.example", { captcha: "ABCD" });
    });

    it("answers up to 10 look-ups for a rightly answered captcha, which still sends its one code", async () => {
      const right = await captcha();
      const proof = { captchaId: right.id, captcha: (await right.answer()).toLowerCase() };
      for (let i = 0; i < 5; i++) {
        expect(await answers("account", "demotenant", proof)).toBe(true);
        expect(await answers("email", `nobody${i}@demo-ai-lab.example`, proof)).toBe(false);
      }
      await refusedLookUp("account", "demotenant", proof);
      await refusedLookUp("account", "nobody-here", proof);

      const phone = uniquePhone();
      const sent = await sendCode(phone, proof);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(await smsCodeFor(t, phone, "register")).toMatch(/^\d{6}$/);
      // The send spent it: no more look-ups, no second code.
      await refusedLookUp("account", "demotenant", proof);
      const again = await sendCode(uniquePhone(), proof);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe(20012);
    });

    it("counts concurrent look-ups in the database: exactly 10 of 14 are answered", async () => {
      const right = await captcha();
      const proof = { captchaId: right.id, captcha: await right.answer() };
      const replies = await Promise.all(
        Array.from({ length: 14 }, (_, i) => lookUp("account", `nobody-${i}`, proof)),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
      expect(replies.filter((r) => r.status === 400 && r.body.code === 20012)).toHaveLength(4);
      const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, right.id));
      expect(row?.usedAt).toBeNull();
    });

    it("spends a captcha on a wrong answer: the right one then opens nothing", async () => {
      const burnt = await captcha();
      const answer = await burnt.answer();
      await refusedLookUp("account", "demotenant", {
        captchaId: burnt.id,
        captcha: answer === "AAAA" ? "BBBB" : "AAAA",
      });
      await refusedLookUp("account", "demotenant", { captchaId: burnt.id, captcha: answer });
      const send = await sendCode(uniquePhone(), { captchaId: burnt.id, captcha: answer });
      expect(send.status).toBe(400);
      expect(send.body.code).toBe(20012);
    });

    it("refuses an expired captcha", async () => {
      const late = await captcha();
      const proof = { captchaId: late.id, captcha: await late.answer() };
      expect(await answers("account", "nobody-here", proof)).toBe(false);
      t.clock.advanceMinutes(5);
      await refusedLookUp("account", "nobody-here", proof);
    });

    it("asks no captcha of a signed-in user manager, and answers them only", async () => {
      const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
      const exists = async (field: string, value: string) => {
        const res = await tenant.request<{ exists: boolean }>("/api/res/subuser/exists", {
          query: { field, value },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.exists;
      };
      expect(await exists("account", "DEMOTENANT")).toBe(true);
      expect(await exists("account", "nobody-here")).toBe(false);
      expect(await exists("email", "owner@demo-ai-lab.example")).toBe(true);
      expect(await exists("mobile", "13999999999")).toBe(false);
      const reader = await signedIn(t.app, t.clock, DEMO.reader);
      const query = { field: "account", value: "demotenant" };
      expect((await reader.request("/api/res/subuser/exists", { query })).status).toBe(403);
      expect((await visitor.request("/api/res/subuser/exists", { query })).status).toBe(401);
    });
  });

  it("asks no captcha of the look-up while captcha.open is false", async () => {
    const res = await visitor.request<{ exists: boolean }>("/api/users/validation/exists", {
      query: { field: "account", value: "demotenant" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.exists).toBe(true);
  });
});
