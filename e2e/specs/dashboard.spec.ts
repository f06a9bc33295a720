// The tenant dashboard's money cards (issue 19 item 4) in the browser: the demo tenant sees spend
// by product (the ECharts chart and its table of figures) after a purchase made through the API,
// the balance forecast in days, and unread messages, in both languages, without a console error;
// the trend switches between 30 days and 12 months.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

/** Money on the demo tenant and a month of a host bought with it: spend today, a pace to forecast. */
async function spendSomething(suffix: string): Promise<void> {
  const ops = new OperatorApi(baseURL);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "1000", `E2E dashboard ${suffix}`);
  const tenant = new OperatorApi(baseURL);
  await tenant.login("demotenant", "Tenant@2026");
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: "ecs-standard",
      spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
      name: `dash-${suffix}`,
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  await expect
    .poll(async () => (await tenant.call<{ status: string }>("GET", `/api/orders/${order.id}`)).status, {
      timeout: 60_000,
    })
    .toBe("completed");
}

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
    test.setTimeout(120_000);
    await spendSomething(`${Date.now() % 100000}${locale === "zh-CN" ? "z" : "e"}`);
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
    // Spent today with money left: a forecast in days.
    await expect(page.getByTestId("overview-forecast-days")).toHaveText(/\d/);
    await expect(page.getByTestId("overview-unread-count")).toHaveText(/^\d+$/);
    // The chart, an SVG drawn by the lazily loaded ECharts.
    await expect(page.getByTestId("overview-spend-chart").locator("svg")).toHaveCount(1);
    await expect(page.getByTestId("overview-spend-empty")).toHaveCount(0);

    await page.getByTestId("overview-spend-unit").getByText(TEXT[locale].months).click();
    await spend.locator("summary").click();
    const table = page.getByTestId("overview-spend-table");
    await expect(table.locator("th").first()).toHaveText(TEXT[locale].month);
    // Twelve months, the current one last.
    await expect(table.locator("tbody tr.ant-table-row")).toHaveCount(12);
    await shot(page, `dashboard-spend-${locale}`);
    expect(errors).toEqual([]);
  });
}
