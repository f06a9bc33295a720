// Public and operator pages against a fake API: what they show and what they send.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser, publicConfig } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

/** The primary button of the open pop-confirm. */
async function confirmPopup() {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(".ant-popconfirm .ant-btn-primary");
    if (!button) throw new Error("no pop-confirm yet");
    return button;
  }, WAIT);
  fireEvent.click(ok);
}

function start(path: string, routes: Record<string, Handler>, config = publicConfig) {
  const server = fakeServer({ "GET /configs/nonAuth": () => ({ data: config }), ...routes });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  // Each test's fake server answers the public configuration afresh.
  void reloadPublicConfig();
  window.history.pushState({}, "", path);
  render(<App />);
  return server;
}

const dict = (prefix: string) => ({
  data: [
    { code: `${prefix}2`, labelZh: `${prefix}二`, labelEn: `${prefix} two`, sort: 2 },
    { code: `${prefix}1`, labelZh: `${prefix}一`, labelEn: `${prefix} one`, sort: 1 },
  ],
});

const operator = makeUser({
  account: "ops",
  permissions: ["CA", "BA01", "BA02", "BA03", "BA04"],
  routes: ["/mgt/dashboard", "/sys/config", "/sys/invitation", "/sys/outbox", "/sys/users"],
  menus: [{ key: "/mgt/dashboard", labelKey: "menu.overview", path: "/mgt/dashboard" }],
});

beforeAll(async () => {
  await setLanguage("en-US");
});

beforeEach(() => {
  session.clear();
  queryClient.clear();
});

afterEach(cleanup);

describe("register", () => {
  const routes: Record<string, Handler> = {
    "GET /sys/code/category/INDUSTRY_TYPE": () => dict("ind"),
    "GET /sys/code/category/APPLICATION_SCENARIO": () => dict("scn"),
    "GET /sys/code/category/PERSONNEL_SIZE": () => dict("size"),
    "GET /users/validation/exists": ({ query }) => ({ data: { exists: query.get("value") === "taken" } }),
    "GET /users/validateInvitationCode/INVITE1": () => ({ data: { valid: true } }),
    "POST /common/sms/send_code": () => ({ data: { resendAfterSeconds: 59, expiresInSeconds: 300 } }),
  };

  it("says so when registration is closed", async () => {
    start("/register", routes, {
      ...publicConfig,
      configs: publicConfig.configs.map((c) =>
        c.configKey === "register.enable" ? { ...c, configValue: "false" } : c,
      ),
    });
    expect(await screen.findByText("Registration is closed", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("register-submit")).toBeNull();
  });

  it("validates like the shared schema and requires the agreement tick", async () => {
    const server = start("/register", routes);
    fireEvent.change(await screen.findByTestId("register-mobile", {}, WAIT), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(await screen.findByText("The phone number entered is incorrect", {}, WAIT)).toBeTruthy();
    expect(screen.getByText("Please tick to have read the End User Agreement")).toBeTruthy();
    expect(server.calls.some((c) => c.path === "/users/register")).toBe(false);
  });

  it("checks uniqueness on blur", async () => {
    start("/register", routes);
    const account = await screen.findByTestId("register-account", {}, WAIT);
    fireEvent.change(account, { target: { value: "taken" } });
    fireEvent.blur(account);
    expect(await screen.findByText("This user name is already in use", {}, WAIT)).toBeTruthy();
  });

  it("sends the SMS code for the phone and counts down 59 s", async () => {
    const server = start("/register", routes);
    fireEvent.change(await screen.findByTestId("register-mobile", {}, WAIT), {
      target: { value: "13912345678" },
    });
    fireEvent.click(screen.getByTestId("register-sms-send"));
    await waitFor(
      () => expect(screen.getByTestId("register-sms-send").textContent).toContain("Resend in 59 s"),
      WAIT,
    );
    expect(server.calls.find((c) => c.path === "/common/sms/send_code")!.body).toEqual({
      phone: "13912345678",
      purpose: "register",
    });
  });

  describe("while captcha is open", () => {
    const captchaOpen = {
      ...publicConfig,
      configs: publicConfig.configs.map((c) =>
        c.configKey === "captcha.open" ? { ...c, configValue: "true" } : c,
      ),
    };
    const image = "data:image/svg+xml;base64,PHN2Zy8+";
    const withCaptcha = (lookUp: Handler) => {
      const lookUps: Record<string, string>[] = [];
      let pictures = 0;
      const server = start(
        "/register",
        {
          ...routes,
          "GET /common/captcha": () => ({ data: { captchaId: `cap-${++pictures}`, image } }),
          "GET /users/validation/exists": (call) => {
            lookUps.push(Object.fromEntries(call.query));
            return lookUp(call);
          },
        },
        captchaOpen,
      );
      return { server, lookUps };
    };
    const blurWith = (testId: string, value: string) => {
      const input = screen.getByTestId(testId);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    const taken: Handler = ({ query }) => ({ data: { exists: query.get("value") === "taken" } });

    it("checks names only with the typed picture code, and sends the SMS code with the same picture", async () => {
      const { server, lookUps } = withCaptcha(taken);
      await screen.findByTestId("register-account", {}, WAIT);
      await waitFor(() => expect(screen.getByAltText("Picture code image")).toBeTruthy(), WAIT);
      // No answer typed yet: the check waits instead of failing.
      blurWith("register-account", "taken");
      blurWith("register-mobile", "13912345678");
      expect(lookUps).toEqual([]);
      expect(screen.queryByText("This user name is already in use")).toBeNull();

      // Leaving the picture code checks the filled fields with it.
      blurWith("register-captcha", "ab12");
      expect(await screen.findByText("This user name is already in use", {}, WAIT)).toBeTruthy();
      expect(lookUps).toEqual(
        expect.arrayContaining([
          { field: "account", value: "taken", captchaId: "cap-1", captcha: "ab12" },
          { field: "mobile", value: "13912345678", captchaId: "cap-1", captcha: "ab12" },
        ]),
      );
      expect(lookUps).toHaveLength(2);
      blurWith("register-email", "new@example.com");
      await waitFor(() => expect(lookUps).toHaveLength(3), WAIT);
      expect(lookUps[2]).toEqual({
        field: "email",
        value: "new@example.com",
        captchaId: "cap-1",
        captcha: "ab12",
      });

      fireEvent.click(screen.getByTestId("register-sms-send"));
      await waitFor(
        () => expect(screen.getByTestId("register-sms-send").textContent).toContain("Resend in 59 s"),
        WAIT,
      );
      expect(server.calls.find((c) => c.path === "/common/sms/send_code")!.body).toEqual({
        phone: "13912345678",
        purpose: "register",
        captchaId: "cap-1",
        captcha: "ab12",
      });
    });

    it("does not try a refused picture again, and a new picture needs a new answer", async () => {
      let refuse = true;
      const { lookUps } = withCaptcha((call) =>
        refuse
          ? { status: 400, code: 20012, message: "The picture code is wrong or has expired" }
          : taken(call),
      );
      await screen.findByTestId("register-account", {}, WAIT);
      await waitFor(() => expect(screen.getByAltText("Picture code image")).toBeTruthy(), WAIT);
      blurWith("register-captcha", "zzzz");
      blurWith("register-account", "taken");
      await waitFor(() => expect(lookUps).toHaveLength(1), WAIT);
      // The refusal is the form's business alone: no toast, no error on the field.
      blurWith("register-email", "taken@example.com");
      blurWith("register-account", "taken2");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lookUps).toHaveLength(1);
      expect(screen.queryByText("The picture code is wrong or has expired")).toBeNull();
      expect(screen.queryByText("This user name is already in use")).toBeNull();

      refuse = false;
      fireEvent.click(screen.getByRole("button", { name: "Can't read it? Get another" }));
      await waitFor(
        () => expect((screen.getByTestId("register-captcha") as HTMLInputElement).value).toBe(""),
        WAIT,
      );
      await waitFor(
        () => expect(queryClient.getQueryData(["captcha"])).toEqual({ captchaId: "cap-2", image }),
        WAIT,
      );
      blurWith("register-account", "taken");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lookUps).toHaveLength(1);
      blurWith("register-captcha", "KP7Q");
      expect(await screen.findByText("This user name is already in use", {}, WAIT)).toBeTruthy();
      await waitFor(() => expect(lookUps).toHaveLength(3), WAIT);
      expect(lookUps.slice(1)).toEqual(
        expect.arrayContaining([
          { field: "account", value: "taken", captchaId: "cap-2", captcha: "KP7Q" },
          { field: "email", value: "taken@example.com", captchaId: "cap-2", captcha: "KP7Q" },
        ]),
      );
    });
  });

  it("labels dictionary options in the current language", async () => {
    start("/register", routes);
    const select = await screen.findByTestId("register-industry", {}, WAIT);
    fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
    expect(await screen.findByText("ind one", {}, WAIT)).toBeTruthy();
  });
});

describe("password recovery", () => {
  it("reports an expired reset link", async () => {
    start("/reset/password?token=abcdefghijklmnop", {
      "GET /users/reset_password/check": () => ({ data: { valid: false } }),
    });
    expect(await screen.findByTestId("reset-invalid", {}, WAIT)).toBeTruthy();
  });

  it("shows a reset link's own password rules (a tenant may allow passphrases up to 64)", async () => {
    start("/reset/password?token=abcdefghijklmnop", {
      "GET /users/reset_password/check": () => ({
        data: { valid: true, policy: { minLength: 12, maxLength: 64, minDistinct: 4, expiryDays: 90 } },
      }),
    });
    const input = await screen.findByTestId("reset-password", {}, WAIT);
    expect(screen.getByTestId("password-rule-length").textContent).toContain("12 to 64 characters");
    fireEvent.change(input, { target: { value: "Correct!horse!battery!staple!2026" } });
    await waitFor(
      () => expect(screen.getByTestId("password-rule-length").getAttribute("data-state")).toBe("ok"),
      WAIT,
    );
    expect(input.getAttribute("maxlength")).toBe("64");
  });

  it("shows the phone's account's rules once the reset code is right", async () => {
    const server = start("/retrieve/password?by=phone", {
      "GET /common/sms/check_code": ({ query }) => ({
        data:
          query.get("smsCode") === "246810"
            ? { valid: true, policy: { minLength: 10, maxLength: 40, minDistinct: 4, expiryDays: 0 } }
            : { valid: false, policy: null },
      }),
    });
    fireEvent.change(await screen.findByTestId("retrieve-phone", {}, WAIT), {
      target: { value: "13912345678" },
    });
    expect(screen.getByTestId("password-rule-length").textContent).toContain("8 to 12 characters");
    fireEvent.change(screen.getByTestId("retrieve-sms-code"), { target: { value: "246810" } });
    await waitFor(
      () => expect(screen.getByTestId("password-rule-length").textContent).toContain("10 to 40 characters"),
      WAIT,
    );
    const check = server.calls.find((c) => c.path === "/common/sms/check_code");
    expect(check).toBeDefined();
  });

  it("sends the reset link by e-mail", async () => {
    const server = start("/retrieve/password?by=email", {
      "POST /users/forget_password/email": () => ({ data: { ok: true } }),
    });
    fireEvent.change(await screen.findByTestId("retrieve-email", {}, WAIT), { target: { value: "a@b.co" } });
    fireEvent.click(screen.getByTestId("retrieve-email-submit"));
    expect(await screen.findByTestId("retrieve-link-sent", {}, WAIT)).toBeTruthy();
    expect(server.calls.find((c) => c.path === "/users/forget_password/email")!.body).toEqual({
      email: "a@b.co",
    });
  });

  it("keeps the 'mail not configured' reason on screen", async () => {
    start("/retrieve/password?by=email", {
      "POST /users/forget_password/email": () => ({
        status: 400,
        code: 20005,
        message: "Mail reset is unavailable because e-mail is not configured by the administrator",
      }),
    });
    fireEvent.change(await screen.findByTestId("retrieve-email", {}, WAIT), { target: { value: "a@b.co" } });
    fireEvent.click(screen.getByTestId("retrieve-email-submit"));
    const problem = await screen.findByTestId("retrieve-email-problem", {}, WAIT);
    expect(problem.textContent).toContain("not configured");
  });
});

describe("policy pages", () => {
  it("renders the text as text, in the current language", async () => {
    start("/agreement", {
      "GET /agreements/agreement": () => ({
        data: {
          kind: "agreement",
          version: 3,
          contentZh: "中文",
          contentEn: "Line one\n<script>alert(1)</script>",
          publishedAt: "2025-01-01T00:00:00Z",
        },
      }),
    });
    const article = await screen.findByTestId("policy-agreement", {}, WAIT);
    expect(article.textContent).toContain("<script>alert(1)</script>");
    expect(article.querySelector("script")).toBeNull();
    expect(article.textContent).toContain("Version 3");
  });
});

describe("dashboard", () => {
  it("shows account, organisation, verification, last login and the contact number", async () => {
    session.save({ token: "t", signSecret: "s" });
    start("/mgt/dashboard", {
      "GET /users/token": () => ({ data: makeUser({ certificationStatus: "authing" }) }),
    });
    expect((await screen.findByTestId("dashboard-account", {}, WAIT)).textContent).toContain("Alice Zhang");
    expect(screen.getByTestId("dashboard-org").textContent).toContain("Acme AI Lab");
    expect(screen.getByTestId("certification-status").textContent).toBe("In progress");
    expect(screen.getByTestId("dashboard-last-login").textContent).toContain("10.0.0.8");
    expect(screen.getByTestId("dashboard-contact").textContent).toContain("400-000-0000");
    expect(screen.queryByTestId("frozen-alert")).toBeNull();
  });

  it("warns when the account has been frozen since login", async () => {
    session.save({ token: "t", signSecret: "s" });
    start("/mgt/dashboard", {
      "GET /users/token": () => ({ data: makeUser() }),
      "GET /users/isFreeze": () => ({ data: { freezeStatus: true } }),
    });
    expect(await screen.findByTestId("frozen-alert", {}, WAIT)).toBeTruthy();
  });
});

describe("operator pages", () => {
  it("edits configuration with typed controls and saves only what changed", async () => {
    session.save({ token: "t", signSecret: "s" });
    let saved: unknown = null;
    start("/sys/config", {
      "GET /users/token": () => ({ data: operator }),
      "GET /configs": () => ({
        data: [
          { configKey: "system.name", configValue: "Skyledger", configType: "system" },
          { configKey: "session.expire.time", configValue: "60", configType: "system" },
          { configKey: "register.enable", configValue: "true", configType: "system" },
          {
            configKey: "password.policy",
            configValue: '{"minLength":8,"maxLength":12,"minDistinct":4,"expiryDays":90}',
            configType: "system",
          },
        ],
      }),
      "PUT /configs": ({ body }) => {
        saved = body;
        return { data: { ok: true } };
      },
      "GET /agreements/agreement": () => ({ data: null }),
    });
    const toggle = await screen.findByTestId("config-register-enable", {}, WAIT);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect((screen.getByTestId("config-passwordPolicy-maxLength") as HTMLInputElement).value).toBe("12");
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId("config-save-system"));
    await waitFor(
      () => expect(saved).toEqual({ entries: [{ configKey: "register.enable", configValue: "false" }] }),
      WAIT,
    );
  });

  it("lists invitation codes, creates and disables them", async () => {
    session.save({ token: "t", signSecret: "s" });
    const code = {
      code: "ABCD-1234",
      remark: "pilot",
      maxUses: 5,
      usedCount: 1,
      expiresAt: null,
      status: "enabled",
      createdAt: "2025-01-01T00:00:00Z",
      createdBy: "ops",
    };
    const server = start("/sys/invitation", {
      "GET /users/token": () => ({ data: operator }),
      "GET /ops/invitation_codes": () => ({ data: { list: [code], total: 1, pageNum: 1, pageSize: 20 } }),
      "POST /ops/invitation_codes": () => ({ data: [{ ...code, code: "NEW-0001" }] }),
      "POST /ops/invitation_codes/ABCD-1234/disable": () => ({ data: { ok: true } }),
    });
    const table = await screen.findByTestId("invitation-table", {}, WAIT);
    expect(await within(table).findByText("ABCD-1234", {}, WAIT)).toBeTruthy();
    expect(table.textContent).toContain("1 / 5");

    fireEvent.click(screen.getByTestId("invitation-create"));
    fireEvent.change(await screen.findByTestId("invitation-count", {}, WAIT), { target: { value: "3" } });
    fireEvent.click(screen.getByTestId("invitation-create-submit"));
    expect(await screen.findByTestId("invitation-created", {}, WAIT)).toBeTruthy();
    const create = server.calls.find((c) => c.method === "POST" && c.path === "/ops/invitation_codes")!;
    expect(create.body).toEqual({ count: 3, maxUses: 1, expiresAt: null, remark: "" });

    fireEvent.click(within(table).getByRole("button", { name: "Disable" }));
    await confirmPopup();
    await waitFor(
      () => expect(server.calls.some((c) => c.path === "/ops/invitation_codes/ABCD-1234/disable")).toBe(true),
      WAIT,
    );
  });

  it("unlocks a locked platform user", async () => {
    session.save({ token: "t", signSecret: "s" });
    const locked = {
      userSid: "u-9",
      account: "carol",
      realName: null,
      email: null,
      mobile: null,
      orgName: null,
      roleName: "Tenant",
      status: "enabled",
      lockedUntil: "2099-01-01T00:00:00Z",
      certificationStatus: "noAuth",
      createdAt: "2025-01-01T00:00:00Z",
      lastLoginTime: null,
    };
    const server = start("/sys/users", {
      "GET /users/token": () => ({ data: operator }),
      "GET /ops/users": () => ({ data: { list: [locked], total: 1, pageNum: 1, pageSize: 20 } }),
      "POST /ops/users/u-9/unlock": () => ({ data: { ok: true } }),
    });
    fireEvent.click(await screen.findByTestId("users-unlock-carol", {}, WAIT));
    await confirmPopup();
    await waitFor(
      () => expect(server.calls.some((c) => c.path === "/ops/users/u-9/unlock")).toBe(true),
      WAIT,
    );
  });

  it("filters the outbox by channel and shows a message body as text", async () => {
    session.save({ token: "t", signSecret: "s" });
    const message = {
      id: "m1",
      channel: "email",
      recipient: "a@b.co",
      subject: "Reset",
      body: "Open <b>this</b> link",
      purpose: "code:email:reset",
      status: "sent",
      error: null,
      gatewayAnswer: "250 2.0.0 OK queued as 7F3A",
      attempts: 1,
      createdAt: "2025-01-01T00:00:00Z",
    };
    start("/sys/outbox", {
      "GET /users/token": () => ({ data: operator }),
      "GET /ops/outbox": () => ({ data: { list: [message], total: 1, pageNum: 1, pageSize: 20 } }),
    });
    // The purpose reads as words, not as the code the server files the message under.
    expect(await screen.findByText("Password-reset code by e-mail", {}, WAIT)).toBeTruthy();
    expect(screen.queryByText("code:email:reset")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "View" }, WAIT));
    const body = await screen.findByTestId("outbox-body", {}, WAIT);
    expect(body.textContent).toBe("Open <b>this</b> link");
    expect(body.querySelector("b")).toBeNull();
    // What the gateway answered is shown with the message, for the operator who follows a delivery.
    expect(screen.getByTestId("outbox-gateway-answer").textContent).toBe("250 2.0.0 OK queued as 7F3A");
  });
});
