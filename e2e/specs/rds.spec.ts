// Relational databases in the browser (issue 16 item 4), in zh-CN and in en-US: the demo tenant
// buys a PostgreSQL database on /mgt/rds/create (prepaid, one month), follows the order until it
// completes, and sees the database available on /mgt/rds with its connection string said to be
// simulated (no database server is configured for the browser tests), then on its detail page.
import { expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

/** Clicks the radio button whose inner element carries `testId`. */
const choose = (page: Page, testId: string) =>
  page.locator("label", { has: page.getByTestId(testId) }).click();

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "600", "E2E relational databases");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant buys a database and sees it running (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const name = `e2e-db-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await page.goto("/mgt/rds");
    await page.getByTestId("rds-buy").click();
    await choose(page, "rds-create-engine-postgresql");
    await choose(page, "rds-create-class-s2m4");
    await page.getByTestId("rds-create-name").fill(name);
    await choose(page, "rds-create-period-1");
    await page.getByTestId("rds-create-submit").click();
    await expect(page.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 60_000,
    });

    await page.goto("/mgt/rds");
    const row = page.getByTestId(`rds-row-${name}`);
    await expect(row).toContainText(locale === "zh-CN" ? "可用" : "Available", { timeout: 30_000 });
    await expect(row).toContainText("PostgreSQL");
    await expect(row.getByTestId(`rds-connection-${name}`)).toContainText("postgresql://rds_");
    await expect(row).toContainText(locale === "zh-CN" ? "模拟" : "Simulated");

    await row.getByTestId(`rds-open-${name}`).click();
    await expect(page.getByTestId("rds-detail-page")).toBeVisible();
    await expect(page.getByTestId("rds-detail-username")).toContainText("rds_");
    await context.close();
  });
}
