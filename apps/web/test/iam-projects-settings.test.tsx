// The projects page (/mgt/project) and the security settings page (/mgt/set) against a fake API:
// what they show, what they send, and what readers without the write codes may do.
import type { CurrentUser } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const ROUTES = ["/mgt/dashboard", "/mgt/project", "/mgt/set"];
const manager = makeUser({ permissions: ["CA", "CH04", "CH0401", "CH05", "CH0501"], routes: ROUTES });
const reader = makeUser({ permissions: ["CA", "CH04", "CH05"], routes: ROUTES });

const project = {
  projectId: "6f1c2a4e-1d2b-4c3d-8e9f-0a1b2c3d4e5f",
  name: "Vision-Lab",
  description: "Detection models",
  contact: "王五",
  phone: "13912345678",
  memberCount: 1,
  createdAt: "2026-01-02T03:04:05Z",
  createdBy: "alice",
};
const member = {
  userSid: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  account: "bob",
  realName: "Bob",
  email: null,
  mobile: null,
  status: "enabled",
};

const platformPolicy = {
  minLength: 8,
  maxLength: 12,
  minDistinct: 4,
  expiryDays: 90,
  requireMixedCase: false,
};
const platformSecurity = {
  lockoutPolicy: { maxFailures: 5, windowMinutes: 15, lockMinutes: 30 },
  sessionTtlMinutes: 60,
  stepUpEnabled: true,
};
const settingsRoutes: Record<string, Handler> = {
  "GET /res/password_policy": () => ({
    data: {
      policy: platformPolicy,
      platform: platformPolicy,
      custom: false,
      updatedAt: null,
      updatedBy: null,
    },
  }),
  "GET /res/security_settings": () => ({
    data: {
      ...platformSecurity,
      platform: platformSecurity,
      custom: false,
      updatedAt: null,
      updatedBy: null,
    },
  }),
};

const start = (path: string, user: CurrentUser, routes: Record<string, Handler>) =>
  renderApp(path, routes, { user });

const calls = callsTo;

resetAppBetweenTests();

describe("projects page", () => {
  it("lists projects and creates one after checking the form as the server does", async () => {
    const server = start("/mgt/project", manager, {
      "GET /res/projects": () => page([project]),
      "POST /res/projects": ({ body }) => ({
        data: { ...project, ...(body as object), projectId: "new-id", memberCount: 0, members: [] },
      }),
    });
    const row = await screen.findByTestId("project-row-Vision-Lab", {}, WAIT);
    expect(row.textContent).toContain("13912345678");
    expect(row.textContent).toContain("Detection models");

    fireEvent.click(screen.getByTestId("project-create"));
    fireEvent.change(await screen.findByTestId("project-form-name", {}, WAIT), {
      target: { value: "Speech" },
    });
    fireEvent.change(screen.getByTestId("project-form-contact"), { target: { value: "赵六" } });
    fireEvent.change(screen.getByTestId("project-form-phone"), { target: { value: "12345" } });
    fireEvent.click(screen.getByTestId("project-form-submit"));
    expect(await screen.findByText("The phone number entered is incorrect", {}, WAIT)).toBeTruthy();
    expect(calls(server, "POST", "/res/projects")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("project-form-phone"), { target: { value: "13700001111" } });
    fireEvent.click(screen.getByTestId("project-form-submit"));
    await waitFor(() => expect(calls(server, "POST", "/res/projects")).toHaveLength(1), WAIT);
    expect(calls(server, "POST", "/res/projects")[0]!.body).toEqual({
      name: "Speech",
      description: "",
      contact: "赵六",
      phone: "13700001111",
    });
  });

  it("shows members and offers no writes to a reader (CH04 without CH0401)", async () => {
    start("/mgt/project", reader, {
      "GET /res/projects": () => page([project]),
      [`GET /res/projects/${project.projectId}`]: () => ({ data: { ...project, members: [member] } }),
    });
    await screen.findByTestId("project-row-Vision-Lab", {}, WAIT);
    expect(screen.queryByTestId("project-create")).toBeNull();
    expect(screen.queryByTestId("project-edit-Vision-Lab")).toBeNull();
    expect(screen.queryByTestId("project-delete-Vision-Lab")).toBeNull();
    fireEvent.click(screen.getByTestId("project-members-Vision-Lab"));
    const drawer = await screen.findByTestId("project-members", {}, WAIT);
    await within(drawer).findByTestId("project-member-bob", {}, WAIT);
    expect(within(drawer).queryByTestId("project-member-add")).toBeNull();
    expect(within(drawer).queryByTestId("project-member-remove-bob")).toBeNull();
  });
});

describe("security settings page", () => {
  it("previews the rules and saves only the section that changed", async () => {
    const server = start("/mgt/set", manager, {
      ...settingsRoutes,
      "PUT /res/password_policy": ({ body }) => ({
        data: { policy: body, platform: platformPolicy, custom: true, updatedAt: null, updatedBy: "alice" },
      }),
    });
    const min = await screen.findByTestId("settings-password-min", {}, WAIT);
    expect((min as HTMLInputElement).value).toBe("8");
    expect(screen.queryByTestId("password-rule-mixedCase")).toBeNull();

    fireEvent.click(screen.getByTestId("settings-password-mixed-case"));
    fireEvent.change(min, { target: { value: "10" } });
    fireEvent.change(screen.getByTestId("settings-password-preview"), { target: { value: "abc12#xyzq" } });
    await waitFor(() =>
      expect(screen.getByTestId("password-rule-mixedCase").getAttribute("data-state")).toBe("fail"),
    );
    expect(screen.getByTestId("password-rule-length").getAttribute("data-state")).toBe("ok");
    fireEvent.change(screen.getByTestId("settings-password-preview"), { target: { value: "Abc12#xyzq" } });
    await waitFor(() =>
      expect(screen.getByTestId("password-rule-mixedCase").getAttribute("data-state")).toBe("ok"),
    );

    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(calls(server, "PUT", "/res/password_policy")).toHaveLength(1), WAIT);
    expect(calls(server, "PUT", "/res/password_policy")[0]!.body).toEqual({
      ...platformPolicy,
      minLength: 10,
      requireMixedCase: true,
    });
    expect(calls(server, "PUT", "/res/security_settings")).toHaveLength(0);
  });

  it("refuses a maximum below the minimum before calling the server", async () => {
    const server = start("/mgt/set", manager, settingsRoutes);
    fireEvent.change(await screen.findByTestId("settings-password-max", {}, WAIT), {
      target: { value: "8" },
    });
    fireEvent.change(screen.getByTestId("settings-password-min"), { target: { value: "10" } });
    fireEvent.click(screen.getByTestId("settings-save"));
    expect(
      await screen.findByText("The maximum length must not be below the minimum length", {}, WAIT),
    ).toBeTruthy();
    expect(calls(server, "PUT", "/res/password_policy")).toHaveLength(0);
  });

  it("saves a maximum length of up to 64 (passphrases)", async () => {
    const server = start("/mgt/set", manager, settingsRoutes);
    fireEvent.change(await screen.findByTestId("settings-password-max", {}, WAIT), {
      target: { value: "64" },
    });
    fireEvent.click(screen.getByTestId("settings-save"));
    await waitFor(() => expect(calls(server, "PUT", "/res/password_policy")).toHaveLength(1), WAIT);
    expect(calls(server, "PUT", "/res/password_policy")[0]!.body).toEqual({
      ...platformPolicy,
      maxLength: 64,
    });
  });

  it("is read-only without CH0501", async () => {
    start("/mgt/set", reader, settingsRoutes);
    expect(await screen.findByTestId("settings-readonly", {}, WAIT)).toBeTruthy();
    expect((screen.getByTestId("settings-session-ttl") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId("settings-save")).toBeNull();
    // The preview still works for readers.
    expect((screen.getByTestId("settings-password-preview") as HTMLInputElement).disabled).toBe(false);
  });
});
