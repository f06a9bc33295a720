// Maintenance in the console (issue 19 item 8): /unavailable shows the administrator's message in
// the reader's language and returns when maintenance ends; read-only maintenance shows a banner;
// the platform administrator's form in /sys/config — against a fake API.
import type { MaintenanceState } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { queryClient } from "../src/app/query-client";
import { MAINTENANCE_KEY } from "../src/lib/maintenance";
import { callsTo, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const ENDS = "2099-11-29T08:00:00.000Z";
const state = (mode: MaintenanceState["mode"]): MaintenanceState =>
  mode === "off"
    ? { mode, messageZh: "", messageEn: "", endsAt: null }
    : { mode, messageZh: "数据库升级", messageEn: "Database upgrade", endsAt: ENDS };

const operator = makeUser({
  userSid: "op-1",
  account: "admin",
  currentOrg: null,
  moduleType: "sys",
  permissions: ["BA01"],
  routes: ["/sys/config"],
});

resetAppBetweenTests();

describe("/unavailable during maintenance", () => {
  it("shows the message in the reader's language and the expected end, and returns once maintenance ends", async () => {
    let current = state("closed");
    renderApp("/unavailable", { "GET /maintenance": () => ({ data: current }) });
    expect((await screen.findByTestId("maintenance-message", {}, WAIT)).textContent).toBe("Database upgrade");
    expect(screen.getByTestId("maintenance-ends-at").textContent).toMatch(/^Expected end: 2099-11-29/);
    current = state("off");
    await queryClient.refetchQueries({ queryKey: MAINTENANCE_KEY });
    await waitFor(() => expect(window.location.pathname).not.toBe("/unavailable"), WAIT);
  });

  it("stays on the page, without a notice, when it opens while all is well", async () => {
    renderApp("/unavailable", { "GET /maintenance": () => ({ data: state("off") }) });
    await screen.findByTestId("exception-unavailable", {}, WAIT);
    await waitFor(() => expect(queryClient.getQueryData(MAINTENANCE_KEY)).toBeDefined(), WAIT);
    expect(screen.queryByTestId("maintenance-notice")).toBeNull();
    expect(window.location.pathname).toBe("/unavailable");
  });
});

describe("the console during read-only maintenance", () => {
  it("shows a banner with the message", async () => {
    renderApp(
      "/mgt/dashboard",
      { "GET /maintenance": () => ({ data: state("readOnly") }) },
      { user: makeUser() },
    );
    const banner = await screen.findByTestId("maintenance-banner", {}, WAIT);
    expect(banner.textContent).toContain("read-only for maintenance");
    expect(banner.textContent).toContain("Database upgrade");
  });
});

describe("the platform administrator's maintenance form", () => {
  it("loads the current state and sends the new mode with both messages and the end", async () => {
    const server = renderApp(
      "/sys/config",
      {
        "GET /configs": () => ({
          data: [{ configKey: "system.name", configValue: "Skyledger", configType: "system" }],
        }),
        "GET /agreements/agreement": () => ({ data: null }),
        "GET /maintenance": () => ({ data: state("readOnly") }),
        "PUT /ops/maintenance": ({ body }) => ({ data: { ...state("closed"), ...(body as object) } }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("config-tab-maintenance", {}, WAIT));
    await waitFor(
      () =>
        expect((screen.getByTestId("maintenance-message-en") as HTMLTextAreaElement).value).toBe(
          "Database upgrade",
        ),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("maintenance-mode-closed"));
    fireEvent.click(screen.getByTestId("maintenance-save"));
    await waitFor(() => expect(callsTo(server, "PUT", "/ops/maintenance")).toHaveLength(1), WAIT);
    expect(callsTo(server, "PUT", "/ops/maintenance")[0]!.body).toEqual({
      mode: "closed",
      messageZh: "数据库升级",
      messageEn: "Database upgrade",
      endsAt: ENDS,
    });
  });
});
