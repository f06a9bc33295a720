// The budgets page (/mgt/budget, issue 19 item 5) against a fake API: each budget with this
// month's spend, its percentage and the thresholds notified, and the balance forecast; a budget of
// 0, negative or with 3 decimals is refused before anything is sent; a valid one is sent as typed;
// read-only holders (CC09 without CC0901) see no buttons; the menu offers the page with CC09 only.
import { type BudgetOverview, type BudgetRecord, buildMenus } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 60_000 });
// The file's first render of antd and the page is slow on a loaded machine.
const FIRST = { timeout: 45_000 };
resetAppBetweenTests();

const record = (patch: Partial<BudgetRecord> = {}): BudgetRecord => ({
  id: "b-1",
  projectId: null,
  projectName: null,
  amount: "1000.00000",
  spent: "850.00000",
  percent: 85,
  firedThresholds: [50, 80],
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...patch,
});
const overview = (list: BudgetRecord[]): { data: BudgetOverview } => ({
  data: { month: "2026-11", list, forecastDays: 3, daysLeft: 12, forecastFired: false },
});

const tenantUser = (codes: string[]) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/budget"],
    certificationStatus: "authSucceed",
  });
const paths = (codes: string[]) =>
  buildMenus(codes).flatMap((m) => m.children?.map((c) => c.path) ?? [m.path]);

describe("the budgets page", () => {
  it("shows each budget's spend, percentage and notified thresholds, and the forecast", async () => {
    renderApp(
      "/mgt/budget",
      {
        "GET /budgets": () =>
          overview([
            record(),
            record({
              id: "b-2",
              projectId: "p-1",
              projectName: "web-shop",
              amount: "100.00000",
              spent: "120.00000",
              percent: 120,
              firedThresholds: [50, 80, 100],
            }),
          ]),
      },
      { user: tenantUser(["CA", "CC09", "CC0901"]) },
    );
    const org = await screen.findByTestId("budget-row-org", {}, FIRST);
    expect(org.textContent).toContain("The whole organisation");
    expect(org.textContent).toContain("¥1000.00000");
    expect(org.textContent).toContain("¥850.00000");
    expect(org.textContent).toContain("85%");
    expect(org.textContent).toContain("50%80%");
    const project = screen.getByTestId("budget-row-p-1");
    expect(within(project).getByText("web-shop").closest("[data-user-data]")).toBeTruthy();
    expect(project.textContent).toContain("120%");
    expect(screen.getByTestId("budget-days-left").textContent).toBe("12 day(s) at the last 7 days' pace");
    expect(paths(["CA", "CC09"])).toContain("/mgt/budget");
    expect(paths(["CA", "CC01"])).not.toContain("/mgt/budget");
  });

  it("refuses 0, a negative amount and 3 decimals before sending, then sends a valid budget", async () => {
    const server = renderApp(
      "/mgt/budget",
      {
        "GET /budgets": () => overview([]),
        "POST /budgets": () => ({ data: record({ amount: "500.50000", spent: "0.00000", percent: 0 }) }),
      },
      { user: tenantUser(["CA", "CC09", "CC0901"]) },
    );
    fireEvent.click(await screen.findByTestId("budget-add", {}, WAIT));
    const amount = await screen.findByTestId("budget-amount", {}, WAIT);
    for (const bad of ["0", "-5", "10.123"]) {
      fireEvent.change(amount, { target: { value: bad } });
      fireEvent.click(screen.getByTestId("budget-submit"));
      expect(
        await screen.findByText("The budget is an amount in yuan above 0 with at most 2 decimals", {}, WAIT),
      ).toBeTruthy();
    }
    expect(callsTo(server, "POST", "/budgets")).toHaveLength(0);
    fireEvent.change(amount, { target: { value: "500.5" } });
    fireEvent.click(screen.getByTestId("budget-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/budgets")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/budgets")[0]!.body).toEqual({ projectId: null, amount: "500.5" });
  });

  it("offers no changes to a read-only holder", async () => {
    renderApp(
      "/mgt/budget",
      { "GET /budgets": () => overview([record()]) },
      { user: tenantUser(["CA", "CC09"]) },
    );
    await screen.findByTestId("budget-row-org", {}, WAIT);
    expect(screen.queryByTestId("budget-add")).toBeNull();
    expect(screen.queryByTestId("budget-org-edit")).toBeNull();
    expect(screen.queryByTestId("budget-forecast-days")).toBeNull();
  });
});
