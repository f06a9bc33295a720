// Dedicated resource pools in the browser (issue 14 item 3, `/mgt/innerservice`), in zh-CN and in
// en-US: the verified demo tenant applies for the AI dedicated pool from its landing
// (`/apply/innerservice/:id`), sees the application waiting at `/mgt/innerservice`; the operator
// activates it on the same page (confirmed in a dialog); the tenant then sees it active and opens
// the pool; the operator closes the running pool with a reason (the dialog quoting the refund) and
// the tenant sees it closed, with the reason and the refund.
import { expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

let productId = "";

test.beforeAll(async ({ baseURL }) => {
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  // One GPU node for a month is 56000 yuan; each language applies for one.
  await ops.manualRecharge(DEMO_ORG, "120000", "E2E AI dedicated pool");
  const products = await ops.call<{ list: { id: string; code: string }[] }>(
    "GET",
    "/api/ops/catalog/products",
    { query: { keyword: "ai-dedicated", pageSize: "50" } },
  );
  const product = products.list.find((p) => p.code === "ai-dedicated");
  if (!product) throw new Error("the demo has no ai-dedicated product");
  productId = product.id;
});

/** The order number of the application named `name`, from its row at /mgt/innerservice. */
async function orderNoOf(page: Page, name: string): Promise<string> {
  await page.getByTestId("dedicated-keyword").locator("input").fill(name);
  await page.getByTestId("dedicated-keyword").locator("input").press("Enter");
  const row = page.getByTestId("dedicated-table").locator("tr[data-testid^='dedicated-row-']");
  await expect(row).toHaveCount(1);
  return ((await row.getAttribute("data-testid")) ?? "").replace("dedicated-row-", "");
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant applies for the AI dedicated pool, an operator activates it, the tenant opens it, the operator closes it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const name = `e2e-ded-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    // The tenant applies from the dedicated pool's landing.
    const tenantContext = await browser.newContext({ locale });
    const tenant = await tenantContext.newPage();
    await openIn(tenant, locale, "/login");
    await signIn(tenant, TENANT.account, TENANT.password);
    await expect(tenant.getByTestId("console-menu")).toBeVisible();
    await tenant.goto(`/apply/innerservice/${productId}`);
    await expect(tenant.getByTestId("hpc-landing")).toBeVisible();
    await tenant.getByTestId("hpc-landing-apply").click();
    await expect(tenant).toHaveURL(new RegExp(`/mgt/hpc/apply/${productId}$`));
    await expect(tenant.getByTestId("hpc-order-form")).toBeVisible();
    await tenant.getByTestId("hpc-order-name").fill(name);
    await tenant.getByTestId("hpc-order-nodes").fill("1");
    await tenant.getByTestId("hpc-order-submit").click();
    await expect(tenant).toHaveURL(/\/mgt\/orders\//);

    // It waits for an operator at /mgt/innerservice, reached from the menu.
    await tenant.goto("/mgt/innerservice");
    await expect(tenant.getByTestId("dedicated-table")).toBeVisible();
    const orderNo = await orderNoOf(tenant, name);
    await expect(tenant.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "waiting");
    await expect(tenant.getByTestId(`dedicated-nodes-${orderNo}`)).toHaveText("1");
    await expect(tenant.getByTestId(`dedicated-pool-${orderNo}`)).toHaveCount(0);

    // The operator activates it on the same page, after confirming.
    const opsContext = await browser.newContext({ locale });
    const ops = await opsContext.newPage();
    await openIn(ops, locale, "/login");
    await signIn(ops, "admin", "Admin@2026");
    await expect(ops.getByTestId("console-menu")).toBeVisible();
    await ops.goto("/mgt/innerservice");
    await expect(ops.getByTestId("dedicated-table")).toBeVisible();
    await ops.getByTestId("dedicated-keyword").locator("input").fill(orderNo);
    await ops.getByTestId("dedicated-keyword").locator("input").press("Enter");
    await expect(ops.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "waiting");
    await ops.getByTestId(`dedicated-activate-${orderNo}`).click();
    await expect(ops.getByTestId("dedicated-activate-notice")).toBeVisible();
    await clickInOpenDialog(ops, "dedicated-action-submit");
    await expect(ops.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "active", {
      timeout: 60_000,
    });
    await expect(ops.getByTestId(`dedicated-activate-${orderNo}`)).toHaveCount(0);

    // The tenant sees it active and opens the pool.
    await tenant.reload();
    await orderNoOf(tenant, name);
    await expect(tenant.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "active", {
      timeout: 60_000,
    });
    await tenant.getByTestId(`dedicated-pool-${orderNo}`).click();
    await expect(tenant).toHaveURL(/\/mgt\/hpc\/[^/]+$/);
    await expect(tenant.getByTestId("hpc-pool-detail")).toBeVisible();
    await expect(tenant.getByTestId("hpc-pool-simulated")).toBeVisible();

    // The operator closes the running pool with a reason; the dialog shows the refund the
    // unsubscribe rules give.
    const reason = locale === "zh-CN" ? "节点需要维护，提前收回" : "Nodes needed for maintenance";
    await ops.getByTestId(`dedicated-close-${orderNo}`).click();
    await expect(ops.getByTestId("dedicated-close-notice")).toBeVisible();
    // Paid minus a day of the month used: more than nothing, less than the 56000 paid.
    await expect(ops.getByTestId("dedicated-close-refund")).toHaveText(/^¥5\d{4}\.\d{5}$/);
    const refund = (await ops.getByTestId("dedicated-close-refund").textContent()) ?? "";
    await ops.getByTestId("dedicated-reason").fill(reason);
    await clickInOpenDialog(ops, "dedicated-action-submit");
    await expect(ops.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "closed", {
      timeout: 60_000,
    });
    await expect(ops.getByTestId(`dedicated-close-${orderNo}`)).toHaveCount(0);

    // The tenant sees it closed, with the operator's reason and the refund.
    await tenant.goto("/mgt/innerservice");
    await orderNoOf(tenant, name);
    await expect(tenant.getByTestId(`dedicated-state-${orderNo}`)).toHaveAttribute("data-state", "closed");
    await expect(tenant.getByTestId(`dedicated-state-${orderNo}`)).toHaveText(
      locale === "zh-CN" ? "已关闭" : "Closed",
    );
    await expect(tenant.getByTestId(`dedicated-reason-${orderNo}`)).toContainText(reason);
    await expect(tenant.getByTestId(`dedicated-refunded-${orderNo}`)).toContainText(refund);
    await expect(tenant.getByTestId(`dedicated-pool-${orderNo}`)).toHaveCount(0);
    await tenantContext.close();
    await opsContext.close();
  });
}
