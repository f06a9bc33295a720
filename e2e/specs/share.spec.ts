// File storage in the browser (issue 16 item 2), in zh-CN and in en-US: the demo tenant buys a
// 50 GB NFS share on /mgt/share/create (prepaid, one month), follows the order until it completes,
// finds the share by name on /mgt/share available with its mount address said to be simulated,
// opens its detail page, is refused a malformed client network in its own language, adds a
// read-only access rule that the rules table then shows, and unsubscribes the share from there.
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { buyManaged, choose, managedRow, unsubscribeManaged } from "../support/managed-service";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "100", "E2E file storage");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant buys a file share, adds an access rule and unsubscribes it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const zh = locale === "zh-CN";
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const name = `e2e-share-${zh ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await buyManaged(page, "share", name, ["share-create-protocol-NFS"]);

    const row = await managedRow(page, "share", name);
    await expect(row).toContainText(zh ? "可用" : "Available", { timeout: 30_000 });
    await expect(row).toContainText("NFS");
    await expect(row.getByTestId(`file-capacity-${name}`)).toContainText("50 GB");
    await expect(row.getByTestId(`file-mount-${name}`)).toBeVisible();
    await expect(row).toContainText(zh ? "模拟" : "Simulated");

    await row.getByTestId(`share-open-${name}`).click();
    await expect(page.getByTestId("file-detail-page")).toBeVisible();
    await expect(page.getByTestId("file-simulated")).toBeVisible();

    // A network with host bits set: the server's refusal, in the tenant's language, in the dialog.
    await page.getByTestId("file-rule-add").click();
    await page.getByTestId("file-rule-cidr").fill("10.20.0.1/16");
    await page.getByTestId("file-rule-save").click();
    await expect(page.getByTestId("file-rule-refusal")).toContainText(
      zh ? "客户端地址须为 IPv4 网段" : "The client address must be an IPv4 network",
    );

    await page.getByTestId("file-rule-cidr").fill("10.20.0.0/16");
    await choose(page, "file-rule-access-ro");
    await page.getByTestId("file-rule-priority").fill("5");
    await page.getByTestId("file-rule-save").click();
    const rule = page.getByTestId("file-rule-10.20.0.0/16");
    await expect(rule).toContainText(zh ? "只读" : "Read-only", { timeout: 30_000 });
    await expect(rule).toContainText("5");

    await unsubscribeManaged(page, "share", name);
    await context.close();
  });
}
