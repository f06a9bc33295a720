// The cache service in the browser (issue 16 item 5), in zh-CN and in en-US: the demo tenant buys
// a 1 GB Redis instance on /mgt/dcs/create (prepaid, one month), follows the order until it
// completes, finds the instance by name on /mgt/dcs (the demo tenant has many resources by now)
// available with its address said to be simulated (no Redis is configured for the browser tests),
// opens its detail page with the user and key prefix, and unsubscribes it from there.
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
  await ops.manualRecharge(DEMO_ORG, "200", "E2E cache service");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant buys a cache instance, sees it and unsubscribes it (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const name = `e2e-dcs-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await buyManaged(page, "dcs", name, ["dcs-create-memory-1"]);

    const row = await managedRow(page, "dcs", name);
    await expect(row).toContainText(locale === "zh-CN" ? "可用" : "Available", { timeout: 30_000 });
    await expect(row).toContainText("1 GB");
    await expect(row.getByTestId(`dcs-connection-${name}`)).toContainText("cache.simulated.invalid:6379");
    await expect(row).toContainText(locale === "zh-CN" ? "模拟" : "Simulated");

    await row.getByTestId(`dcs-open-${name}`).click();
    await expect(page.getByTestId("dcs-detail-page")).toBeVisible();
    await expect(page.getByTestId("dcs-detail-username")).toContainText("dcs_");
    await expect(page.getByTestId("dcs-detail-prefix")).toContainText("dcs:");

    await unsubscribeManaged(page, "dcs", name);
    await context.close();
  });
}
