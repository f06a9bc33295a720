// The whole app in happy-dom against a fake API: login, start-up rules, guard and dialogs.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { session } from "../src/lib/session";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser, publicConfig } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const start = (path: string, routes: Record<string, Handler>) => renderApp(path, routes);

resetAppBetweenTests();

describe("login page", () => {
  it("shows the form, the system name and links", async () => {
    start("/login", {});
    expect(await screen.findByTestId("login-account", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("login-password")).toBeTruthy();
    expect(screen.getByTestId("login-submit").textContent).toContain("Log in");
    expect(screen.getByTestId("login-register-link").getAttribute("href")).toBe("/register");
    expect(screen.getByTestId("login-forgot-link").getAttribute("href")).toBe("/retrieve");
    expect(await screen.findByText("Skyledger Test Cloud", {}, WAIT)).toBeTruthy();
  });

  it("asks for both fields before calling the server", async () => {
    const server = start("/login", {});
    fireEvent.click(await screen.findByTestId("login-submit", {}, WAIT));
    expect(await screen.findByText("Enter your account")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(server.calls.some((c) => c.path === "/users/login")).toBe(false);
  });

  it("logs in, stores the session and lands on the console with the privacy dialog", async () => {
    const server = start("/login", {
      "POST /users/login": () => ({
        data: {
          token: "t-1",
          signSecret: "s-1",
          expiresAt: "",
          landing: "/mgt/dashboard",
          loginNotFirstFlag: true,
        },
      }),
      "GET /users/token": () => ({ data: makeUser({ policyAgreeSign: 4 }) }),
      "POST /users/agree_policy": () => ({ data: { ok: true } }),
    });
    fireEvent.change(await screen.findByTestId("login-account", {}, WAIT), { target: { value: "alice" } });
    fireEvent.change(screen.getByTestId("login-password"), { target: { value: "Secret#123" } });
    fireEvent.click(screen.getByTestId("login-submit"));

    const dialog = await screen.findByTestId("privacy-dialog", {}, WAIT);
    expect(session.token()).toBe("t-1");
    expect(session.signSecret()).toBe("s-1");
    expect(window.location.pathname).toBe("/mgt/dashboard");
    expect(dialog.textContent).toContain(
      "Both the End User Agreement and the Privacy Statement have changed",
    );
    expect(screen.getByTestId("console-menu")).toBeTruthy();
    expect(await screen.findByTestId("dashboard-account", {}, WAIT)).toBeTruthy();

    const login = server.calls.find((c) => c.path === "/users/login")!;
    expect(login.body).toEqual({ account: "alice", password: "Secret#123" });
    expect(login.headers.Authorization).toBeUndefined();
    const token = server.calls.find((c) => c.path === "/users/token")!;
    expect(token.headers.Authorization).toBe("Bearer t-1");
    expect(token.headers["x-sign"]).toMatch(/^[0-9a-f]{64}$/);

    fireEvent.click(screen.getByTestId("privacy-accept"));
    await waitFor(() => expect(screen.queryByTestId("privacy-dialog")).toBeNull(), WAIT);
    const agree = server.calls.find((c) => c.path === "/users/agree_policy")!;
    expect(agree.headers["x-xsrf-token"]).toBe("xsrf-test");
  });

  it("sends a first login to /firstLogin", async () => {
    start("/login", {
      "POST /users/login": () => ({
        data: {
          token: "t-2",
          signSecret: "s-2",
          expiresAt: "",
          landing: "/mgt/dashboard",
          loginNotFirstFlag: false,
        },
      }),
    });
    fireEvent.change(await screen.findByTestId("login-account", {}, WAIT), { target: { value: "bob" } });
    fireEvent.change(screen.getByTestId("login-password"), { target: { value: "Init#1234" } });
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByTestId("first-login-submit", {}, WAIT)).toBeTruthy();
    expect(window.location.pathname).toBe("/firstLogin");
  });
});

describe("console start-up", () => {
  it("goes to /login when there is no session", async () => {
    start("/mgt/dashboard", {});
    expect(await screen.findByTestId("login-account", {}, WAIT)).toBeTruthy();
    expect(window.location.pathname).toBe("/login");
    expect(window.location.search).toBe("?redirect=%2Fmgt%2Fdashboard");
  });

  it("sends a route outside the user's routes to /403 and an unknown one to /404", async () => {
    session.save({ token: "t", signSecret: "s" });
    start("/sys/config", { "GET /users/token": () => ({ data: makeUser() }) });
    expect(await screen.findByTestId("exception-403", {}, WAIT)).toBeTruthy();
    cleanup();
    start("/no/such/page", { "GET /users/token": () => ({ data: makeUser() }) });
    expect(await screen.findByTestId("exception-404", {}, WAIT)).toBeTruthy();
  });

  it("sends a user without menus to /403", async () => {
    session.save({ token: "t", signSecret: "s" });
    start("/mgt/dashboard", { "GET /users/token": () => ({ data: makeUser({ menus: [] }) }) });
    expect(await screen.findByTestId("exception-403", {}, WAIT)).toBeTruthy();
  });

  it("goes to /tokenError when the system configuration is empty", async () => {
    start("/login", { "GET /configs/nonAuth": () => ({ data: { ...publicConfig, configs: [] } }) });
    expect(await screen.findByTestId("exception-tokenError", {}, WAIT)).toBeTruthy();
  });

  it("shows the session-expired dialog on 401", async () => {
    session.save({ token: "t", signSecret: "s" });
    start("/mgt/dashboard", { "GET /users/token": () => ({ status: 401, code: 401, message: "expired" }) });
    const dialog = await screen.findByTestId("session-expired-dialog", {}, WAIT);
    expect(dialog.textContent).toBe("Current session has expired, please log in again");
    expect(session.token()).toBeNull();
  });

  it("builds the menu from the user's menus with translated labels", async () => {
    session.save({ token: "t", signSecret: "s" });
    const user = makeUser({
      permissions: ["CA", "BA01", "BA04"],
      routes: ["/mgt/dashboard", "/sys/config", "/sys/users"],
      menus: [
        { key: "/mgt/dashboard", labelKey: "menu.overview", path: "/mgt/dashboard" },
        {
          key: "operations",
          labelKey: "menu.group.operations",
          children: [
            { key: "/sys/config", labelKey: "menu.sysConfig", path: "/sys/config" },
            { key: "/sys/users", labelKey: "menu.platformUsers", path: "/sys/users" },
          ],
        },
      ],
    });
    start("/mgt/dashboard", { "GET /users/token": () => ({ data: user }) });
    const menu = await screen.findByTestId("console-menu", {}, WAIT);
    expect(menu.textContent).toContain("Overview");
    expect(menu.textContent).toContain("Operations");
    expect(screen.getByTestId("menu-item-mgt-dashboard").getAttribute("href")).toBe("/mgt/dashboard");
  });
});

describe("406 step-up", () => {
  it("asks for an SMS code, verifies it and retries the password change", async () => {
    session.save({ token: "t", signSecret: "s" });
    let puts = 0;
    const server = start("/info", {
      "GET /users/token": () => ({ data: makeUser() }),
      "GET /users/2FA/state/0": () => ({ data: { enabled: true } }),
      "POST /users/password/check": () => ({
        data: {
          valid: false,
          problems: [],
          policy: { minLength: 8, maxLength: 12, minDistinct: 4, expiryDays: 90 },
        },
      }),
      "PUT /users/password": () =>
        ++puts === 1 ? { status: 406, code: 406, message: "SMS needed" } : { data: { ok: true } },
      "POST /common/sms/send_code": () => ({ data: { resendAfterSeconds: 59, expiresInSeconds: 300 } }),
      "POST /users/2FA/verify": () => ({ data: { ok: true } }),
    });
    fireEvent.change(await screen.findByTestId("profile-old-password", {}, WAIT), {
      target: { value: "Old#12345" },
    });
    fireEvent.change(screen.getByTestId("profile-new-password"), { target: { value: "New#12345" } });
    fireEvent.change(screen.getByTestId("profile-new-confirm"), { target: { value: "New#12345" } });
    fireEvent.click(screen.getByTestId("profile-password-submit"));

    expect(await screen.findByTestId("sms-verify-dialog", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("sms-verify-send"));
    await waitFor(
      () => expect(screen.getByTestId("sms-verify-send").textContent).toMatch(/Resend in 5\d s/),
      WAIT,
    );
    fireEvent.change(screen.getByTestId("sms-verify-code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByTestId("sms-verify-confirm"));

    await waitFor(() => expect(puts).toBe(2), WAIT);
    expect(server.calls.find((c) => c.path === "/users/2FA/verify")!.body).toEqual({ smsCode: "123456" });
    expect(server.calls.find((c) => c.path === "/common/sms/send_code")!.body).toEqual({ purpose: "stepup" });
    const [first, second] = server.calls.filter((c) => c.path === "/users/password");
    expect(second!.body).toEqual(first!.body);
  });
});
