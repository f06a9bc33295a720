// Relational databases in the browser (issue 16 item 4), in zh-CN and in en-US: the demo tenant
// buys a PostgreSQL database on /mgt/rds/create (prepaid, one month), follows the order until it
// completes, finds the database by name on /mgt/rds available with its connection string said to
// be simulated (no database server is configured for the browser tests), opens its detail page,
// and unsubscribes it from there.
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { buyManaged, managedRow, unsubscribeManaged } from "../support/managed-service";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "600", "E2E relational databases");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant buys a database, sees it running and unsubscribes it (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const name = `e2e-db-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await buyManaged(page, "rds", name, ["rds-create-engine-postgresql", "rds-create-class-s2m4"]);

    const row = await managedRow(page, "rds", name);
    await expect(row).toContainText(locale === "zh-CN" ? "可用" : "Available", { timeout: 30_000 });
    await expect(row).toContainText("PostgreSQL");
    await expect(row.getByTestId(`rds-connection-${name}`)).toContainText("postgresql://rds_");
    await expect(row).toContainText(locale === "zh-CN" ? "模拟" : "Simulated");

    await row.getByTestId(`rds-open-${name}`).click();
    await expect(page.getByTestId("rds-detail-page")).toBeVisible();
    await expect(page.getByTestId("rds-detail-username")).toContainText("rds_");

    await unsubscribeManaged(page, "rds", name);
    await context.close();
  });
}
