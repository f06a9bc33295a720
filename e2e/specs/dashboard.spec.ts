// The tenant dashboard's money cards (issue 19 item 4) in the browser: the demo tenant sees spend
// by product (the ECharts chart or the "nothing spent" line, and its table of figures), the
// balance forecast or "no recent spend", and unread messages, in both languages, without a console
// error; the trend switches between 30 days and 12 months.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const TEXT = {
  "zh-CN": { spend: "按产品的消费", forecast: "余额预测", months: "近 12 个月", month: "月份" },
  "en-US": {
    spend: "Spend by product",
    forecast: "Balance forecast",
    months: "Last 12 months",
    month: "Month",
  },
} as const;

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant reads spend by product and the balance forecast (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/dashboard");

    const spend = page.getByTestId("overview-spend");
    await expect(spend).toContainText(TEXT[locale].spend);
    await expect(page.getByTestId("overview-forecast")).toContainText(TEXT[locale].forecast);
    // A forecast in days, or the line saying nothing was spent: one of the two, never both.
    const forecast = page
      .getByTestId("overview-forecast-days")
      .or(page.getByTestId("overview-forecast-none"));
    await expect(forecast).toHaveCount(1);
    await expect(page.getByTestId("overview-unread-count")).toHaveText(/^\d+$/);
    // The chart (an SVG drawn by the lazily loaded ECharts) or the empty line.
    await expect(
      page.getByTestId("overview-spend-chart").or(page.getByTestId("overview-spend-empty")),
    ).toHaveCount(1);
    const chart = page.getByTestId("overview-spend-chart");
    if ((await chart.count()) > 0) await expect(chart.locator("svg")).toHaveCount(1);

    await spend.getByText(TEXT[locale].months).click();
    await spend.locator("summary").click();
    const table = page.getByTestId("overview-spend-table");
    await expect(table.locator("th").first()).toHaveText(TEXT[locale].month);
    // Twelve months, the current one last.
    await expect(table.locator("tbody tr.ant-table-row")).toHaveCount(12);
    await shot(page, `dashboard-spend-${locale}`);
    expect(errors).toEqual([]);
  });
}
