// The alarm rule form against a fake API: it shows the contracts' messages for a bad name and for a
// percentage threshold over 100 before sending anything, then sends the rule as the server takes
// it; the alarm list acknowledges a firing alarm and says its figures are simulated.
import type { AlarmRecord, AlarmRuleRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 30_000 });

const tenant = makeUser({
  permissions: ["CA", "CB01"],
  routes: ["/mgt/dashboard", "/mgt/monitor/alarms", "/mgt/monitor/alarm-rules"],
});

const host = resourceRecord({ id: "h-1", name: "web-01" });

const savedRule: AlarmRuleRecord = {
  id: "r-1",
  name: "CPU-high",
  target: "host",
  hostId: "h-1",
  hostName: "web-01",
  metric: "cpuPercent",
  comparison: "gt",
  threshold: 90,
  durationMinutes: 15,
  severity: "urgent",
  notifyEmail: true,
  enabled: true,
  activeAlarms: 0,
  createdAt: "2026-11-28T06:00:00.000Z",
  updatedAt: "2026-11-28T06:00:00.000Z",
};

const firing: AlarmRecord = {
  id: "a-1",
  ruleId: "r-1",
  ruleName: "CPU-high",
  metric: "cpuPercent",
  comparison: "gt",
  threshold: 90,
  durationMinutes: 15,
  severity: "urgent",
  hostId: "h-1",
  hostName: "web-01",
  state: "firing",
  value: 93.5,
  source: "simulated",
  firedAt: "2026-11-28T06:30:00.000Z",
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolution: null,
};

const summary = { active: 1, firing: 1, bySeverity: { urgent: 1, important: 0, secondary: 0, reminder: 0 } };

async function choose(testId: string, title: string) {
  const select = await screen.findByTestId(testId, {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  const options = await screen.findAllByTitle(title, {}, WAIT);
  fireEvent.click(options.at(-1)!);
}

resetAppBetweenTests();

describe("the alarm rule form", () => {
  it("shows the rules' messages before sending, then sends the rule", async () => {
    const server = renderApp(
      "/mgt/monitor/alarm-rules",
      {
        "GET /res/alarm_rules": () => page([]),
        "GET /res/hosts": () => page([host]),
        "GET /res/alarms/summary": () => ({ data: summary }),
        "POST /res/alarm_rules": ({ body }) => ({ data: { ...savedRule, ...(body as object) } }),
      },
      { user: tenant },
    );
    fireEvent.click(await screen.findByTestId("alarm-rule-create", {}, WAIT));
    fireEvent.change(await screen.findByTestId("alarm-rule-name", {}, WAIT), { target: { value: "x" } });
    fireEvent.change(screen.getByTestId("alarm-rule-threshold"), { target: { value: "150" } });
    fireEvent.click(screen.getByTestId("alarm-rule-submit"));
    expect(await screen.findByText("Names have 2 to 128 characters", {}, WAIT)).toBeTruthy();
    expect(await screen.findByText("A percentage threshold is between 0 and 100", {}, WAIT)).toBeTruthy();
    expect(await screen.findByText("Choose a host", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/res/alarm_rules")).toEqual([]);

    // A rate has no upper bound: 150 KB/s is a fine threshold for disk reads.
    await choose("alarm-rule-metric", "Disk reads (KB/s)");
    await waitFor(
      () => expect(screen.queryByText("A percentage threshold is between 0 and 100")).toBeNull(),
      WAIT,
    );
    fireEvent.change(screen.getByTestId("alarm-rule-name"), { target: { value: "Disk-busy" } });
    await choose("alarm-rule-host", "web-01");
    await choose("alarm-rule-duration", "15 min");
    fireEvent.click(screen.getByTestId("alarm-rule-severity-urgent"));
    fireEvent.click(screen.getByTestId("alarm-rule-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/res/alarm_rules")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/res/alarm_rules")[0]!.body).toEqual({
      name: "Disk-busy",
      target: "host",
      hostId: "h-1",
      metric: "diskReadKBps",
      comparison: "gte",
      threshold: 150,
      durationMinutes: 15,
      severity: "urgent",
      notifyEmail: true,
      enabled: true,
    });
  });

  it("sends no host for a rule on every host", async () => {
    const server = renderApp(
      "/mgt/monitor/alarm-rules",
      {
        "GET /res/alarm_rules": () => page([]),
        "GET /res/hosts": () => page([host]),
        "GET /res/alarms/summary": () => ({ data: summary }),
        "POST /res/alarm_rules": ({ body }) => ({ data: { ...savedRule, ...(body as object) } }),
      },
      { user: tenant },
    );
    fireEvent.click(await screen.findByTestId("alarm-rule-create", {}, WAIT));
    fireEvent.change(await screen.findByTestId("alarm-rule-name", {}, WAIT), {
      target: { value: "All-memory" },
    });
    fireEvent.click(screen.getByTestId("alarm-rule-target-all"));
    expect(await screen.findByText(/Hosts bought later included/, {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("alarm-rule-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/res/alarm_rules")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/res/alarm_rules")[0]!.body).toMatchObject({
      target: "all",
      hostId: null,
    });
  });
});

describe("the alarm list", () => {
  it("acknowledges a firing alarm, says the figures are simulated and counts it in the header", async () => {
    let acknowledged = false;
    const server = renderApp(
      "/mgt/monitor/alarms",
      {
        "GET /res/alarms": () =>
          page([acknowledged ? { ...firing, state: "acknowledged", acknowledgedBy: "alice" } : firing]),
        "GET /res/hosts": () => page([host]),
        "GET /res/alarms/summary": () => ({ data: summary }),
        "POST /res/alarms/a-1/acknowledge": () => {
          acknowledged = true;
          return { data: { ...firing, state: "acknowledged", acknowledgedBy: "alice" } };
        },
      },
      { user: tenant },
    );
    expect(await screen.findByTestId("alarms-simulated", {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("alarm-bell-count").dataset.count).toBe("1"), WAIT);
    expect((await screen.findByTestId("alarm-state-CPU-high", {}, WAIT)).dataset.state).toBe("firing");
    fireEvent.click(screen.getByTestId("alarm-acknowledge-CPU-high"));
    await waitFor(
      () => expect(screen.getByTestId("alarm-state-CPU-high").dataset.state).toBe("acknowledged"),
      WAIT,
    );
    expect(callsTo(server, "POST", "/res/alarms/a-1/acknowledge")).toHaveLength(1);
    expect(screen.queryByTestId("alarm-acknowledge-CPU-high")).toBeNull();
  });
});
