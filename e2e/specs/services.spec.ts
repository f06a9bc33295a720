// Buying and running a cloud host in the browser (issue 5 §9), in both languages: the operator
// prices and lists a host product (its one-level approval flow set beforehand), the tenant buys a
// host, the operator approves, the tenant sees it running, opens its monitoring, buys and attaches
// a disk, renews the host, is told the attached disk blocks the unsubscribe, detaches it and
// unsubscribes the host with the refund shown first. The server runs the simulator at 5 % of its
// delays and the lifecycle step every second (playwright.config.ts).
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { chooseHostNetwork, openHostPurchase } from "../support/host-network";
import {
  clickInOpenDialog,
  type Locale,
  openIn,
  pickFirst,
  pickOption,
  searchList,
  shot,
  signIn,
} from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

// A step that cannot happen fails at that step instead of at the end of the whole test.
test.use({ actionTimeout: 15_000 });

async function signedInPage(browser: Browser, locale: Locale, account: string, password: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, account, password);
  return page;
}

/** Clicks the visible label of an antd radio whose input carries the test id. */
async function choose(page: Page, testId: string) {
  await page.locator("label", { has: page.getByTestId(testId) }).click();
}

/** The operator's part: price the pending product's flavour and list it. */
async function priceAndList(page: Page, code: string) {
  await page.goto("/mgt/productcategory");
  await page.getByTestId(`catalog-product-pricing-${code}`).click();
  await expect(page.getByTestId("catalog-pricing-drawer")).toBeVisible();
  if ((await page.getByTestId("catalog-pricing-new-0").count()) === 0) {
    await page.getByTestId("catalog-pricing-add-row").click();
  }
  await pickFirst(page, page.getByTestId("catalog-pricing-new-0-dimension"));
  await page.getByTestId("catalog-pricing-new-0-unit").fill("300");
  await page.getByTestId("catalog-pricing-save-rows").click();
  await expect(page.getByTestId("catalog-pricing-row-flavor:c2m4")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId(`catalog-product-listed-${code}`).click();
  const row = page.getByTestId(`catalog-product-${code}`);
  await expect(row.getByTestId("catalog-listing-state")).toHaveAttribute("data-state", "listed");
}

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`a host from order to unsubscribe (${locale})`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const tag = locale === "zh-CN" ? "zh" : "en";
    const code = `e2e-host-${tag}`;
    const productName = `E2E host ${tag}`;
    const hostName = `e2e-web-${tag}`;
    const diskName = `e2e-disk-${tag}`;

    const api = new OperatorApi(baseURL!);
    await api.login();
    const categories = await api.call<{ list: { id: string; code: string }[] }>(
      "GET",
      "/api/ops/catalog/categories",
      { query: { pageSize: "100" } },
    );
    await api.call("POST", "/api/ops/catalog/products", {
      body: {
        code,
        nameZh: productName,
        nameEn: productName,
        categoryId: categories.list.find((c) => c.code === "cloud-host")!.id,
        spec: {
          kind: "host",
          flavors: [{ id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0 }],
          images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
          systemDiskGb: 50,
        },
        prepaidPeriods: [1, 3],
        postpaid: false,
        approvalFlow: "oneLevel",
      },
    });
    await api.manualRecharge(DEMO_ORG, "3000", "E2E services");

    const operator = await signedInPage(browser, locale, "admin", "Admin@2026");
    await priceAndList(operator, code);
    await shot(operator, `services-product-listed-${locale}`);

    // The tenant buys one host for a month.
    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    const vpcs = await openHostPurchase(tenant);
    await pickOption(tenant, tenant.getByTestId("host-create-product"), productName);
    await tenant.getByTestId("host-create-name").fill(hostName);
    await chooseHostNetwork(tenant, vpcs);
    await choose(tenant, "host-create-period-1");
    await expect(tenant.getByTestId("price-payable")).toHaveText(/300\.00000/);
    await shot(tenant, `services-buy-${locale}`);
    await tenant.getByTestId("host-create-submit").click();
    await expect(tenant).toHaveURL(/\/mgt\/orders\//);
    await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "approving");
    const orderId = tenant.url().split("/").pop()!;

    // The operator approves it from the queue.
    const order = await api.call<{ orderNo: string }>("GET", `/api/audit/approval/${orderId}`);
    await operator.goto("/sys/approvals");
    await operator.getByTestId(`approval-approve-${order.orderNo}`).click();
    await clickInOpenDialog(operator, "approval-decide-submit");
    await expect(operator.getByTestId(`approval-approve-${order.orderNo}`)).toHaveCount(0);

    // The tenant's order completes and the host runs.
    await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 30_000,
    });
    await shot(tenant, `services-order-${locale}`);
    await tenant.goto("/mgt/cloudhost");
    await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running");
    // At 1440 × 900 the list shows billing and expiry without scrolling sideways (issue 13 §6).
    const hostTable = tenant
      .getByTestId("hosts-table")
      .locator(".ant-table-content, .ant-table-body")
      .first();
    expect(await hostTable.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await tenant.getByTestId(`host-monitor-${hostName}`).click();
    await expect(tenant.getByTestId("monitor-charts")).toBeVisible();
    await expect(tenant.getByTestId("monitor-chart-cpu")).toBeVisible();
    // The simulator's figures are synthetic, and the page says so on every chart.
    await expect(tenant.getByTestId("monitor-simulated")).toBeVisible();
    await expect(tenant.getByTestId("monitor-source-cpu")).toHaveText(
      locale === "zh-CN" ? "模拟数据" : "Simulated data",
    );
    await shot(tenant, `services-monitor-${locale}`);

    // A 50 GB disk, bought and attached to the host.
    await tenant.goto("/mgt/blockstorage/create");
    await tenant.getByTestId("disk-create-name").fill(diskName);
    await choose(tenant, "disk-create-period-1");
    await tenant.getByTestId("disk-create-submit").click();
    await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 30_000,
    });
    await tenant.goto("/mgt/blockstorage");
    await tenant.getByTestId(`disk-attach-${diskName}`).click();
    await pickOption(tenant, tenant.getByTestId("attach-host"), hostName);
    await tenant.getByTestId("attach-confirm").click();
    await expect(tenant.getByTestId(`disk-host-${diskName}`)).toHaveText(hostName, { timeout: 20_000 });
    await shot(tenant, `services-disk-attached-${locale}`);

    // Renewed for 3 months from renewal management.
    await tenant.goto("/mgt/renew");
    await searchList(tenant, "renew-keyword", hostName);
    await tenant.getByTestId(`renew-one-${hostName}`).click();
    await choose(tenant, "renew-period-3");
    await expect(tenant.getByTestId("renew-quote")).toContainText("900.00000");
    await shot(tenant, `services-renew-${locale}`);
    await tenant.getByTestId("renew-confirm").click();
    await expect(tenant.getByTestId("renew-quote")).toHaveCount(0);

    // The attached disk blocks the unsubscribe; once detached, the host goes with its refund.
    await tenant.goto("/mgt/cloudhost");
    await tenant.getByTestId(`host-more-${hostName}`).click();
    await tenant.getByTestId(`host-unsubscribe-${hostName}`).click();
    await expect(tenant.getByTestId("unsubscribe-blocked")).toBeVisible();
    await tenant.keyboard.press("Escape");
    await tenant.goto("/mgt/blockstorage");
    await tenant.getByTestId(`disk-detach-${diskName}`).click();
    await tenant.getByTestId(`disk-detach-${diskName}-confirm`).click();
    await expect(tenant.getByTestId(`disk-host-${diskName}`)).toHaveCount(0, { timeout: 20_000 });
    await tenant.goto("/mgt/cloudhost");
    await tenant.getByTestId(`host-more-${hostName}`).click();
    await tenant.getByTestId(`host-unsubscribe-${hostName}`).click();
    await expect(tenant.getByTestId("unsubscribe-refund")).toHaveText(/\d+\.\d{5}/);
    await shot(tenant, `services-unsubscribe-${locale}`);
    await tenant.getByTestId("unsubscribe-confirm").click();
    await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveCount(0, { timeout: 20_000 });
  });
}
