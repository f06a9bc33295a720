// The operators' dashboard on /sys/overview (issue 19 §6) and the billing accounts page
// (`/mgt/accounts`, BI, §7) against a fake API: panels follow the operator's codes, a count links
// to the list behind it with its filter in the URL, and that list asks for the filter and exports
// with it.
import type { BillingAccountRecord, OpsDashboard } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 60_000 });
// The first page of the file loads its lazy chunks: a loaded machine needs longer than WAIT.
const FIRST = { timeout: 40_000 };
resetAppBetweenTests();

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const dashboard = (panels: { money: boolean; tenants: boolean }): OpsDashboard => ({
  timeZone: "Asia/Shanghai",
  money: panels.money
    ? {
        days: days.map((date, i) => ({
          date,
          revenue: i === 29 ? "250.00001" : "0.00000",
          topUps: "0.00000",
          refunds: "0.00000",
          vouchers: "0.00000",
        })),
        totals: { revenue: "550.00001", topUps: "1200.00000", refunds: "120.00000", vouchers: "50.00000" },
      }
    : null,
  tenants: panels.tenants
    ? {
        total: 12,
        byState: { verified: 7, unverified: 5, frozen: 1, inArrears: 2 },
        arrearsTotal: "50.00001",
        signUps: days.map((date, i) => ({ date, count: i === 28 ? 3 : 0 })),
        signUpsTotal: 3,
      }
    : null,
});

const account: BillingAccountRecord = {
  orgId: "org-owing",
  name: "Owing Labs",
  email: null,
  verified: false,
  frozen: false,
  balance: "-15.50000",
  creditLimit: "0.00000",
  creditUsed: "0.00000",
  voucherBalance: "0.00000",
  arrears: "15.50000",
  createdAt: "2026-11-20T00:00:00Z",
};

const operator = (permissions: string[], routes: string[]) =>
  makeUser({ account: "ops", currentOrg: null, permissions, routes, landing: "/sys/overview" });

const empty = () => page([]);

/** The billing accounts list's answer, noting the state and sort each call asked for. */
function accountsList(asked: string[]) {
  return ({ query }: { query: URLSearchParams }) => {
    asked.push(`${query.get("state")}/${query.get("sort")}`);
    return page([account]);
  };
}

describe("the operators' dashboard", () => {
  it("shows a billing administrator money and tenants; a count opens the billing accounts filtered", async () => {
    const asked: string[] = [];
    renderApp(
      "/sys/overview",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: true, tenants: true }) }),
        "GET /ops/adjustments": empty,
        "GET /ops/manual_recharges": empty,
        "GET /ops/voucher_issues": empty,
        "GET /ops/billing_accounts": accountsList(asked),
        "GET /download/list": () => ({ data: [] }),
      },
      { user: operator(["BI"], ["/sys/overview", "/mgt/accounts", "/sys/finance/vouchers"]) },
    );
    const money = await screen.findByTestId("ops-money", {}, FIRST);
    expect(within(money).getByTestId("ops-money-revenue").textContent).toContain("550.00001");
    expect(within(money).getByTestId("ops-money-vouchers").getAttribute("href")).toBe(
      "/sys/finance/vouchers",
    );
    const tenants = screen.getByTestId("ops-tenants");
    expect(within(tenants).getByTestId("ops-tenants-verified").getAttribute("href")).toBe(
      "/mgt/accounts?state=verified",
    );
    expect(within(tenants).getByTestId("ops-tenants-arrears").textContent).toContain("50.00001");
    const inArrears = within(tenants).getByTestId("ops-tenants-inArrears");
    expect(inArrears.textContent).toContain("2");
    fireEvent.click(inArrears);
    await screen.findByTestId("billing-accounts-table", {}, WAIT);
    expect(window.location.pathname + window.location.search).toBe("/mgt/accounts?state=inArrears");
    await waitFor(() => expect(asked).toContain("inArrears/createdAt"), WAIT);
    expect(await screen.findByText("Owing Labs", {}, WAIT)).toBeTruthy();
  });

  it("shows an after-sales engineer the tenants only, linking to the tenant accounts they may read", async () => {
    renderApp(
      "/sys/overview",
      { "GET /ops/dashboard": () => ({ data: dashboard({ money: false, tenants: true }) }) },
      { user: operator(["BT"], ["/sys/overview", "/sys/finance/accounts"]) },
    );
    const tenants = await screen.findByTestId("ops-tenants", {}, WAIT);
    expect(screen.queryByTestId("ops-money")).toBeNull();
    expect(within(tenants).getByTestId("ops-tenants-frozen").getAttribute("href")).toBe(
      "/sys/finance/accounts",
    );
  });

  it("asks nothing of the dashboard for a verification reviewer", async () => {
    const server = renderApp(
      "/sys/overview",
      { "GET /ops/verifications": empty },
      { user: operator(["BA05"], ["/sys/overview", "/sys/verifications"]) },
    );
    await screen.findByTestId("ops-queues", {}, WAIT);
    expect(callsTo(server, "GET", "/ops/dashboard")).toHaveLength(0);
    expect(screen.queryByTestId("ops-dashboard")).toBeNull();
  });
});

describe("the billing accounts page", () => {
  it("lists by the URL's state and sort and exports with the same filter", async () => {
    const asked: string[] = [];
    const server = renderApp(
      "/mgt/accounts?state=inArrears&sort=arrears",
      {
        "GET /ops/billing_accounts": accountsList(asked),
        "POST /ops/billing_accounts/export": () => ({
          data: {
            id: "task-1",
            fileName: "billing_accounts.xlsx",
            status: "generating",
            progress: 0,
            rows: 0,
            error: null,
            createdAt: "2026-11-29T00:00:00Z",
            finishedAt: null,
          },
        }),
        "GET /download/list": () => ({ data: [] }),
      },
      { user: operator(["BI"], ["/mgt/accounts"]) },
    );
    const table = await screen.findByTestId("billing-accounts-table", {}, WAIT);
    expect((await within(table).findByText("Owing Labs", {}, WAIT)).closest("tr")?.textContent).toContain(
      "15.50000",
    );
    expect(asked).toEqual(["inArrears/arrears"]);
    fireEvent.click(screen.getByTestId("billing-accounts-export"));
    await waitFor(
      () => expect(callsTo(server, "POST", "/ops/billing_accounts/export")).toHaveLength(1),
      WAIT,
    );
    expect(callsTo(server, "POST", "/ops/billing_accounts/export")[0]!.body).toEqual({
      keyword: "",
      state: "inArrears",
      sort: "arrears",
      order: "desc",
    });
  });
});
