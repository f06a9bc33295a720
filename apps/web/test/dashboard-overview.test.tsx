// The tenant dashboard's money cards (issue 19 item 4) against a fake API: spend by product with its
// table, the balance forecast (red under 7 days, "no recent spend" without spend), unread messages
// and the project selector narrowing every card.
import type { Overview } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { emptyOverview } from "./fixtures";

vi.setConfig({ testTimeout: 60_000 });
// The first render loads the dashboard page, its texts and the lazy chart: slow on a busy machine.
const FIRST = { timeout: 40_000 };
resetAppBetweenTests();

const period = (p: string, a: string, b: string, total: string) => ({ period: p, total, amounts: [a, b] });

const withSpend = (forecast: Overview["forecast"]): Overview =>
  emptyOverview({
    spend: {
      month: "2026-11",
      timeZone: "Asia/Shanghai",
      monthToDate: "2189.37501",
      products: [
        { code: "ecs", name: "Cloud host" },
        { code: "rds", name: "Relational database" },
      ],
      days: [
        period("2026-11-22", "1872.91667", "310.00000", "2182.91667"),
        period("2026-11-23", "6.45834", "0.00000", "6.45834"),
      ],
      months: [period("2026-11", "1879.37501", "310.00000", "2189.37501")],
    },
    forecast,
    projects: [
      { id: "p-a", name: "Alpha" },
      { id: "p-b", name: "Beta" },
    ],
  });

async function pickProject(name: string) {
  const select = await screen.findByTestId("overview-project", {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  const options = await screen.findAllByText(name, {}, WAIT);
  fireEvent.click(options.map((e) => e.closest(".ant-select-item-option")).find(Boolean) ?? options[0]!);
}

const user = makeUser({ permissions: ["CA", "CF"] });

describe("the dashboard's money cards", () => {
  it("shows a forecast under 7 days in red with an alarm, and the spend by product as a table", async () => {
    renderApp(
      "/mgt/dashboard",
      {
        "GET /overview": () => ({
          data: withSpend({
            balance: "100.00000",
            spendLast7Days: "210.00000",
            dailyBurn: "30.00000",
            daysLeft: 3,
          }),
        }),
        "GET /messages/unread": () => ({ data: { unread: 4 } }),
      },
      { user },
    );
    const forecast = await screen.findByTestId("overview-forecast", {}, FIRST);
    const days = within(forecast).getByTestId("overview-forecast-days");
    expect(days.getAttribute("data-alarm")).toBe("true");
    expect(days.textContent).toContain("3 days");
    expect(within(forecast).getByTestId("overview-forecast-alarm").textContent).toContain(
      "runs out within 7 days",
    );
    expect(forecast.textContent).toContain("¥30.00000");

    const spend = screen.getByTestId("overview-spend");
    expect(within(spend).getByTestId("overview-spend-month").textContent).toContain("¥2189.37501");
    const table = within(spend).getByTestId("overview-spend-table");
    const headers = [...table.querySelectorAll("th")].map((c) => c.textContent);
    expect(headers).toEqual(expect.arrayContaining(["Day", "Cloud host", "Relational database", "Total"]));
    const row = within(table).getByText("2026-11-22").closest("tr")!;
    expect([...row.querySelectorAll("td")].map((c) => c.textContent)).toEqual([
      "2026-11-22",
      "¥1872.91667",
      "¥310.00000",
      "¥2182.91667",
    ]);
    // By month: the table follows the switch.
    fireEvent.click(within(spend).getByText("Last 12 months"));
    await waitFor(() => expect(within(table).getByText("2026-11")).toBeTruthy(), WAIT);
    expect(await within(spend).findByTestId("overview-spend-chart", {}, WAIT)).toBeTruthy();

    expect((await screen.findByTestId("overview-unread-count", {}, WAIT)).textContent).toBe("4");
  });

  it("shows a forecast of 7 days or more plainly, and says so when nothing was spent", async () => {
    let forecast: Overview["forecast"] = {
      balance: "1000.00000",
      spendLast7Days: "700.00000",
      dailyBurn: "100.00000",
      daysLeft: 10,
    };
    renderApp("/mgt/dashboard", { "GET /overview": () => ({ data: withSpend(forecast) }) }, { user });
    const card = await screen.findByTestId("overview-forecast", {}, FIRST);
    expect(within(card).getByTestId("overview-forecast-days").getAttribute("data-alarm")).toBe("false");
    expect(within(card).queryByTestId("overview-forecast-alarm")).toBeNull();

    forecast = { balance: "1000.00000", spendLast7Days: "0.00000", dailyBurn: "0.00000", daysLeft: null };
    // Another project's figures come from a fresh call.
    await pickProject("Beta");
    await waitFor(() => expect(screen.getByTestId("overview-forecast-none")).toBeTruthy(), WAIT);
    expect(screen.getByTestId("overview-forecast-none").textContent).toContain("No recent spend");
    expect(screen.queryByTestId("overview-forecast-days")).toBeNull();
  });

  it("asks the server for the chosen project's figures", async () => {
    const asked: (string | null)[] = [];
    renderApp(
      "/mgt/dashboard",
      {
        "GET /overview": ({ query }) => {
          asked.push(query.get("projectId"));
          return { data: { ...withSpend(emptyOverview().forecast), projectId: query.get("projectId") } };
        },
      },
      { user },
    );
    await pickProject("Alpha");
    await waitFor(() => expect(asked).toContain("p-a"), WAIT);
    expect(asked[0]).toBeNull();
  });
});
