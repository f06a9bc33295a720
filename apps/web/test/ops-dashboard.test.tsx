// The operators' dashboard on /sys/overview (issue 19 §6), the billing accounts page
// (`/mgt/accounts`, BI, §7) and the lists the dashboard opens against a fake API: panels follow the
// operator's codes, a number — or a day of a money chart — links to the list behind it with its
// filter in the URL, and that list asks for the filter (the billing accounts also export with it;
// every tenant's resources and the tenants list keep theirs in the URL).
import type {
  BillingAccountRecord,
  MoneyMovementPage,
  OpsDashboard,
  OpsResourceRecord,
} from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 60_000 });
// The first page of the file loads its lazy chunks: a loaded machine needs longer than WAIT.
const FIRST = { timeout: 40_000 };
resetAppBetweenTests();

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const dashboard = (panels: { money: boolean; tenants: boolean; resources?: boolean }): OpsDashboard => ({
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
  resources:
    panels.resources !== false
      ? {
          total: 9,
          frozen: 3,
          frozenByReason: { expired: 1, arrears: 2 },
          byProduct: [
            {
              kind: "host",
              productId: "p-ecs",
              productName: "Standard cloud host",
              total: 7,
              byStatus: [
                { status: "running", count: 4 },
                { status: "frozen", count: 3 },
              ],
            },
            {
              kind: "disk",
              productId: null,
              productName: null,
              total: 2,
              byStatus: [{ status: "available", count: 2 }],
            },
          ],
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
        "GET /ops/payment_failures": empty,
        "GET /ops/billing_accounts": accountsList(asked),
        "GET /download/list": () => ({ data: [] }),
      },
      { user: operator(["BI"], ["/sys/overview", "/mgt/accounts", "/sys/finance/vouchers"]) },
    );
    const money = await screen.findByTestId("ops-money", {}, FIRST);
    expect(within(money).getByTestId("ops-money-revenue").textContent).toContain("550.00001");
    // Each total opens the entries behind it over the dashboard's 30 days.
    for (const series of ["revenue", "topUps", "refunds", "vouchers"])
      expect(within(money).getByTestId(`ops-money-${series}`).getAttribute("href")).toBe(
        `/sys/finance/movements?series=${series}&from=2026-11-01&to=2026-11-30`,
      );
    // Payments not credited wait in the billing administrator's queues.
    expect(screen.getByTestId("ops-queue-paymentFailures").getAttribute("href")).toBe(
      "/sys/finance/approvals?tab=failures",
    );
    expect(screen.queryByTestId("ops-queue-deadMessages")).toBeNull();
    const resources = screen.getByTestId("ops-resources");
    // Each resource number opens every tenant's resources filtered as it counts.
    const hrefOf = (testId: string) => within(resources).getByTestId(testId).getAttribute("href");
    expect(within(resources).getByTestId("ops-resources-frozen").textContent).toContain("3");
    expect(hrefOf("ops-resources-total")).toBe("/sys/resources");
    expect(hrefOf("ops-resources-frozen")).toBe("/sys/resources?status=frozen");
    expect(hrefOf("ops-resources-frozen-expired")).toBe("/sys/resources?frozenReason=expired");
    expect(hrefOf("ops-resources-frozen-arrears")).toBe("/sys/resources?frozenReason=arrears");
    expect(hrefOf("ops-resources-cell-host-p-ecs")).toBe("/sys/resources?kind=host&productId=p-ecs");
    expect(hrefOf("ops-resources-cell-host-p-ecs-running")).toBe(
      "/sys/resources?kind=host&productId=p-ecs&status=running",
    );
    expect(hrefOf("ops-resources-cell-disk-none-available")).toBe(
      "/sys/resources?kind=disk&productId=none&status=available",
    );
    const products = within(resources).getByTestId("ops-resources-products");
    const host = within(products).getByText("Standard cloud host").closest("tr")!;
    expect(host.textContent).toContain("Running 4");
    expect(host.textContent).toContain("Frozen 3");
    expect(within(products).getByText("No catalogue product").closest("tr")!.textContent).toContain(
      "Cloud disk",
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

  it("shows an after-sales engineer tenants and resources; a count opens the tenants list filtered", async () => {
    const asked: string[] = [];
    renderApp(
      "/sys/overview",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: false, tenants: true }) }),
        "GET /ops/tenants": ({ query }: { query: URLSearchParams }) => {
          asked.push(`${query.get("state")}/${query.get("frozen")}/${query.get("sortBy")}`);
          return page([]);
        },
      },
      { user: operator(["BT"], ["/sys/overview", "/sys/tenants"]) },
    );
    const tenants = await screen.findByTestId("ops-tenants", {}, WAIT);
    expect(screen.queryByTestId("ops-money")).toBeNull();
    expect(screen.getByTestId("ops-resources")).toBeTruthy();
    // Every state opens the tenants list by the overview's own conditions (`state`).
    for (const state of ["verified", "frozen", "inArrears"])
      expect(within(tenants).getByTestId(`ops-tenants-${state}`).getAttribute("href")).toBe(
        `/sys/tenants?state=${state}`,
      );
    expect(within(tenants).getByTestId("ops-tenants-arrears").getAttribute("href")).toBe(
      "/sys/tenants?state=inArrears&sortBy=arrears",
    );
    fireEvent.click(within(tenants).getByTestId("ops-tenants-unverified"));
    await screen.findByTestId("tenants-table", {}, WAIT);
    expect(window.location.pathname + window.location.search).toBe("/sys/tenants?state=unverified");
    await waitFor(() => expect(asked).toContain("unverified/null/createdAt"), WAIT);
    expect(screen.getByTestId("tenants-state").textContent).toContain("Not verified");
    // Another filter goes into the address beside it, and the list asks for both.
    fireEvent.mouseDown(within(screen.getByTestId("tenants-frozen")).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("Yes", {}, WAIT));
    await waitFor(() => expect(asked).toContain("unverified/true/createdAt"), WAIT);
    expect(window.location.search).toBe("?state=unverified&frozen=true");
  });

  it("opens a money chart's day as that day's entries of the clicked series", async () => {
    const asked: string[] = [];
    renderApp(
      "/sys/overview",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: true, tenants: false, resources: false }) }),
        "GET /ops/adjustments": empty,
        "GET /ops/manual_recharges": empty,
        "GET /ops/voucher_issues": empty,
        "GET /ops/payment_failures": empty,
        "GET /ops/money_movements": ({ query }: { query: URLSearchParams }) => {
          asked.push(`${query.get("series")}/${query.get("from")}/${query.get("to")}`);
          return { data: { ...page([]), sum: "0.00000" } };
        },
      },
      { user: operator(["BI"], ["/sys/overview", "/sys/finance/movements"]) },
    );
    const chart = await screen.findByTestId("ops-money-chart-topups", {}, WAIT);
    // Series 1 of the arrivals chart is vouchers; point 4 is 2026-11-05.
    const vouchers = within(chart).getByTestId("ops-money-chart-topups-point-1-4");
    expect(vouchers.getAttribute("href")).toBe(
      "/sys/finance/movements?series=vouchers&from=2026-11-05&to=2026-11-05",
    );
    expect(vouchers.getAttribute("aria-label")).toContain("11-05");
    const revenue = within(screen.getByTestId("ops-money-chart-revenue")).getByTestId(
      "ops-money-chart-revenue-point-0-29",
    );
    fireEvent.click(revenue);
    await screen.findByTestId("movements-table", {}, WAIT);
    expect(window.location.pathname + window.location.search).toBe(
      "/sys/finance/movements?series=revenue&from=2026-11-30&to=2026-11-30",
    );
    await waitFor(() => expect(asked).toEqual(["revenue/2026-11-30/2026-11-30"]), WAIT);
  });

  it("shows an operation administrator the resources only, with the order queues", async () => {
    renderApp(
      "/sys/overview",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: false, tenants: false }) }),
        "GET /audit/approval": empty,
      },
      { user: operator(["BA07"], ["/sys/overview", "/sys/approvals"]) },
    );
    expect(await screen.findByTestId("ops-resources", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("ops-tenants")).toBeNull();
    expect(screen.queryByTestId("ops-money")).toBeNull();
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

describe("the lists the dashboard opens", () => {
  it("money movements ask for the URL's series and days and show the entries with their sum", async () => {
    const asked: string[] = [];
    const answer: MoneyMovementPage = {
      list: [
        {
          entryId: "41",
          time: "2026-11-29T02:00:00.000Z",
          orgId: "org-a",
          orgName: "Owing Labs",
          amount: "200.00000",
          referenceType: "topup",
          referenceId: "TU202611290001",
          memo: null,
          memoKey: null,
          memoParams: null,
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 20,
      sum: "200.00000",
    };
    renderApp(
      "/sys/finance/movements?series=topUps&from=2026-11-01&to=2026-11-30",
      {
        "GET /ops/money_movements": ({ query }: { query: URLSearchParams }) => {
          asked.push(`${query.get("series")}/${query.get("from")}/${query.get("to")}`);
          return { data: answer };
        },
      },
      { user: operator(["BI"], ["/sys/finance/movements"]) },
    );
    const table = await screen.findByTestId("movements-table", {}, FIRST);
    expect((await within(table).findByText("Owing Labs", {}, WAIT)).closest("tr")?.textContent).toContain(
      "200.00000",
    );
    expect(asked).toEqual(["topUps/2026-11-01/2026-11-30"]);
    expect(screen.getByTestId("movements-sum").textContent).toContain("200.00000");
  });

  it("the outbox asks for the URL's delivery state", async () => {
    const asked: (string | null)[] = [];
    renderApp(
      "/sys/outbox?status=failed",
      {
        "GET /ops/outbox": ({ query }: { query: URLSearchParams }) => {
          asked.push(query.get("status"));
          return page([]);
        },
      },
      { user: operator(["BA03"], ["/sys/outbox"]) },
    );
    await screen.findByTestId("outbox-table", {}, FIRST);
    await waitFor(() => expect(asked).toEqual(["failed"]), WAIT);
  });
});

const resource: OpsResourceRecord = {
  id: "r-1",
  kind: "host",
  name: "web-01",
  productCode: "ecs-standard",
  productName: "Standard cloud host",
  status: "frozen",
  statusName: "Frozen",
  statusInfo: null,
  manageStatus: "normal",
  dockerStatus: "none",
  monitorStatus: "normal",
  taskStatus: null,
  cloudEnvType: "simulator",
  summary: "2 vCPU / 4 GiB",
  spec: {},
  projectId: null,
  projectName: null,
  attachedTo: null,
  attachedToName: null,
  privateIp: null,
  publicIp: null,
  paymentType: "prepaid",
  periodMonths: 1,
  monthlyPrice: "100.00000",
  expiresAt: "2026-11-28T00:00:00Z",
  autoRenew: false,
  orderId: null,
  hasErrorLog: false,
  createdAt: "2026-10-28T00:00:00Z",
  orgId: "org-owing",
  orgName: "Owing Labs",
};

/** Every tenant's resources, noting the filters each call asked for (paging left out). */
function resourcesList(asked: string[]) {
  return ({ query }: { query: URLSearchParams }) => {
    const filters = [...query].filter(([key]) => key !== "pageNum" && key !== "pageSize");
    asked.push(new URLSearchParams(filters.sort()).toString());
    return page([resource]);
  };
}

describe("every tenant's resources", () => {
  it("a product × status number opens the list filtered so; a new filter goes into the URL", async () => {
    const asked: string[] = [];
    renderApp(
      "/sys/overview",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: false, tenants: false }) }),
        "GET /audit/approval": empty,
        "GET /ops/orgs": empty,
        "GET /ops/resources": resourcesList(asked),
      },
      { user: operator(["BA07"], ["/sys/overview", "/sys/approvals", "/sys/resources"]) },
    );
    fireEvent.click(await screen.findByTestId("ops-resources-cell-host-p-ecs-frozen", {}, FIRST));
    const table = await screen.findByTestId("ops-resources-table", {}, WAIT);
    expect(window.location.pathname + window.location.search).toBe(
      "/sys/resources?kind=host&productId=p-ecs&status=frozen",
    );
    await waitFor(() => expect(asked).toEqual(["kind=host&productId=p-ecs&status=frozen"]), WAIT);
    // The product filter shows the URL's product by name; an operation administrator may not open
    // a tenant's page, so the tenant's name is no link.
    expect(
      within(screen.getByTestId("resources-filter-product")).getByText("Standard cloud host"),
    ).toBeTruthy();
    const row = await screen.findByTestId("ops-resource-web-01", {}, WAIT);
    expect(within(row).getByText("Owing Labs").closest("a")).toBeNull();
    expect(row.textContent).toContain("Frozen");

    const search = within(screen.getByTestId("resources-filter-keyword")).getByRole("searchbox");
    fireEvent.change(search, { target: { value: "web" } });
    fireEvent.keyDown(search, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("keyword")).toBe("web"), WAIT);
    await waitFor(() => expect(asked).toContain("keyword=web&kind=host&productId=p-ecs&status=frozen"), WAIT);
    expect(table).toBeTruthy();
  });

  it("opens filtered by tenant and why frozen from the URL, the tenant named and linked for BI", async () => {
    const asked: string[] = [];
    renderApp(
      "/sys/resources?orgId=org-owing&frozenReason=arrears&kind=cloud",
      {
        "GET /ops/dashboard": () => ({ data: dashboard({ money: true, tenants: true }) }),
        "GET /ops/orgs": empty,
        "GET /ops/resources": resourcesList(asked),
      },
      { user: operator(["BI"], ["/sys/resources", "/sys/tenants", "/sys/tenants/:id"]) },
    );
    const row = await screen.findByTestId("ops-resource-web-01", {}, FIRST);
    // A kind the server does not know is left out rather than refused.
    expect(asked).toEqual(["frozenReason=arrears&orgId=org-owing"]);
    expect(within(row).getByText("Owing Labs").closest("a")?.getAttribute("href")).toBe(
      "/sys/tenants/org-owing",
    );
    await waitFor(
      () => expect(within(screen.getByTestId("resources-filter-org")).getByText("Owing Labs")).toBeTruthy(),
      WAIT,
    );
    expect(
      within(screen.getByTestId("resources-filter-frozenReason")).getByText("Frozen for arrears"),
    ).toBeTruthy();
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
