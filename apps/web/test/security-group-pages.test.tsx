// The security group pages against a fake API: the rule form says a bad port range (spec §5's
// message) and a bad priority before anything is sent, shows the server's field message when the
// server refuses, and sends a good rule with its priority; the list says when the network is simulated.
import type { SecurityGroupDetail, SecurityGroupRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });

const tenant = makeUser({
  permissions: ["CA", "CB09"],
  routes: [
    "/mgt/dashboard",
    "/mgt/security_group",
    "/mgt/security_group/rule/:id",
    "/mgt/security_group/instance/:id",
  ],
});

const group: SecurityGroupRecord = {
  id: "sg-1",
  name: "web",
  description: "",
  isDefault: false,
  status: "active",
  projectId: null,
  projectName: null,
  ruleCount: 0,
  hostCount: 0,
  createdAt: "2026-11-28T06:00:00.000Z",
};
const detail: SecurityGroupDetail = { ...group, rules: [] };

const PORT_RANGE_MESSAGE = "The end port must not be empty or smaller than the start port";

function start(addRule: () => unknown) {
  return renderApp(
    "/mgt/security_group/rule/sg-1",
    {
      "GET /res/security-groups/sg-1": () => ({ data: detail }),
      "GET /res/security-groups": () => page([group]),
      "GET /res/network/cloud": () => ({ data: { name: "simulator" } }),
      "POST /res/security-groups/sg-1/rules": addRule as never,
    },
    { user: tenant },
  );
}

async function openForm() {
  // The button waits for the group to load.
  await screen.findByTestId("sg-title", {}, WAIT);
  fireEvent.click(await screen.findByTestId("rule-add", {}, WAIT));
  return screen.findByTestId("rule-form-port-start", {}, WAIT);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

resetAppBetweenTests();

describe("the rule form", () => {
  it("says the end port may not be smaller than the start port, or empty, before sending", async () => {
    const server = start(() => ({ data: {} }));
    expect(await screen.findByTestId("network-simulated", {}, WAIT)).toBeTruthy();
    await openForm();
    type("rule-form-port-start", "80");
    type("rule-form-port-end", "22");
    fireEvent.click(screen.getByTestId("rule-form-submit"));
    expect(await screen.findByText(PORT_RANGE_MESSAGE, {}, WAIT)).toBeTruthy();

    type("rule-form-port-end", "");
    fireEvent.click(screen.getByTestId("rule-form-submit"));
    expect(await screen.findByText(PORT_RANGE_MESSAGE, {}, WAIT)).toBeTruthy();

    type("rule-form-priority", "0");
    fireEvent.click(screen.getByTestId("rule-form-submit"));
    expect(
      await screen.findByText(
        "The priority is a whole number from 1 to 100, where 1 is the highest",
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(callsTo(server, "POST", "/res/security-groups/sg-1/rules")).toHaveLength(0);
  });

  it("sends a good rule with its ports and priority", async () => {
    const server = start(() => ({ data: { id: "r-1" } }));
    await openForm();
    type("rule-form-port-start", "22");
    type("rule-form-port-end", "22");
    type("rule-form-priority", "5");
    fireEvent.click(screen.getByTestId("rule-form-submit"));
    await waitFor(
      () => expect(callsTo(server, "POST", "/res/security-groups/sg-1/rules")).toHaveLength(1),
      WAIT,
    );
    expect(callsTo(server, "POST", "/res/security-groups/sg-1/rules")[0]!.body).toEqual({
      direction: "inbound",
      protocol: "tcp",
      portStart: 22,
      portEnd: 22,
      priority: 5,
      remoteType: "cidr",
      remoteCidr: "0.0.0.0/0",
      remoteGroupId: null,
    });
  });

  it("shows the server's message on the field it refused", async () => {
    start(() => ({
      status: 400,
      code: 400,
      message: "Server says no",
      data: { fields: [{ path: "remoteCidr", message: "Server says no" }] },
    }));
    await openForm();
    type("rule-form-port-start", "443");
    type("rule-form-port-end", "443");
    fireEvent.click(screen.getByTestId("rule-form-submit"));
    expect(await screen.findByText("Server says no", {}, WAIT)).toBeTruthy();
  });
});
