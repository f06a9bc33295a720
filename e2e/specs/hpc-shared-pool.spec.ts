// The HPC shared pool in the browser (issue 14 items 1 and 2), in zh-CN and in en-US: a visitor
// opens the public landing of the demo's HPC shared pool product (`/apply/:id`), applies, signs in
// as the verified demo tenant, comes back to the order form with its live price and unit prices,
// places the order, sees the pool in `/mgt/hpc` and opens its detail (simulated cluster said so,
// limits, the tenant as first member, usage this month). The operator sees the simulated cluster
// with its health at `/mgt/hpc`.
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

let productId = "";

test.beforeAll(async ({ baseURL }) => {
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  // A postpaid pool's jobs are charged hourly from the balance: the tenant starts with some.
  await ops.manualRecharge(DEMO_ORG, "200", "E2E HPC shared pool");
  const products = await ops.call<{ list: { id: string; code: string }[] }>(
    "GET",
    "/api/ops/catalog/products",
    {
      query: { keyword: "hpc-shared", pageSize: "50" },
    },
  );
  const product = products.list.find((p) => p.code === "hpc-shared");
  if (!product) throw new Error("the demo has no hpc-shared product");
  productId = product.id;
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a verified tenant applies for the shared pool and opens it (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const poolName = `e2e-pool-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    // The public landing, without a session.
    await openIn(page, locale, `/apply/${productId}`);
    await expect(page.getByTestId("hpc-landing")).toBeVisible();
    await expect(page.getByTestId("hpc-landing-simulated")).toBeVisible();
    await expect(page.getByTestId("hpc-landing-prices-coreHour")).toBeVisible();
    await expect(page.getByTestId("hpc-landing-prices-coreHour-price")).toContainText("¥");

    // Applying asks for a sign-in, then comes back to the order form.
    await page.getByTestId("hpc-landing-apply").click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page).toHaveURL(new RegExp(`/mgt/hpc/apply/${productId}$`));
    await expect(page.getByTestId("hpc-order-form")).toBeVisible();
    await expect(page.getByTestId("hpc-order-unverified")).toHaveCount(0);
    await expect(page.getByTestId("hpc-order-prices-coreHour")).toBeVisible();
    await page.getByTestId("hpc-order-name").fill(poolName);
    // Postpaid, priced live: the pool itself costs nothing, its jobs by the core-hour.
    await expect(page.getByTestId("hpc-order-payment-postpaid")).toBeChecked();
    await expect(page.getByTestId("price-payable")).toContainText("0.00");
    await page.getByTestId("hpc-order-submit").click();

    // The order page, until the pool is provisioned on the (simulated) cluster.
    await expect(page).toHaveURL(/\/mgt\/orders\//);
    await expect(page.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 60_000,
    });

    // The pool list, then its detail.
    await page.goto("/mgt/hpc");
    const row = page.getByTestId(`hpc-pool-row-${poolName}`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId("hpc-simulated")).toBeVisible();
    await expect(page.getByTestId(`hpc-pool-held-${poolName}`)).toHaveText("-");
    await page.getByTestId(`hpc-pool-open-${poolName}`).click();
    await expect(page.getByTestId("hpc-pool-detail")).toBeVisible();
    await expect(page.getByTestId("hpc-pool-simulated")).toBeVisible();
    await expect(page.getByTestId("hpc-pool-account")).not.toBeEmpty();
    await expect(page.getByTestId(`hpc-member-${TENANT.account}`)).toBeVisible();
    await expect(page.getByTestId("hpc-pool-core-hours")).toContainText("0");
    await expect(page.getByTestId("hpc-jobs-running")).toBeVisible();
    await context.close();
  });

  test(`the operator sees the simulated cluster with its health (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await page.goto("/mgt/hpc");
    await expect(page.getByTestId("hpc-clusters-table")).toBeVisible();
    const simulated = page.getByTestId("hpc-clusters-table").locator("tr", {
      has: page.getByTestId("hpc-simulated-tag"),
    });
    await expect(simulated.first()).toBeVisible();
    const rowId = ((await simulated.first().getAttribute("data-testid")) ?? "").replace(
      "hpc-cluster-row-",
      "",
    );
    expect(rowId).not.toBe("");
    await expect(page.getByTestId(`hpc-cluster-${rowId}-controller`)).toHaveAttribute("data-up", "true");
    await expect(page.getByTestId(`hpc-cluster-${rowId}-accounting`)).toHaveAttribute("data-up", "true");
    expect(Number(await page.getByTestId(`hpc-cluster-${rowId}-cpus`).textContent())).toBeGreaterThan(0);
    await expect(page.getByTestId(`hpc-cluster-${rowId}-queue`)).toHaveText(/^\d+$/);
    await expect(page.getByTestId(`hpc-cluster-${rowId}-error`)).toHaveCount(0);
    await context.close();
  });
}
