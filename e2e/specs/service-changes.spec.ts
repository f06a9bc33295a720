// Changing and activating services in the browser: a prepaid disk expanded through its change
// dialog (the quote with its deduction breakdown, paid, the new size; the daily limit refused)
// in zh-CN; an elastic IP's bandwidth changed (the product's maximum refused first) in en-US; a
// manually activated host approved, waiting for activation, then activated and running (zh-CN),
// and another order of such a product closed with a reason, the tenant seeing it closed and
// refunded (en-US); a single disk renewed on /mgt/renew with a coupon an operator issued (zh-CN).
// What a test only needs to exist (a disk, a product, money, a coupon) is made through the API;
// what it is about is done in the browser. The server runs the simulator at 5 % of its delays and
// the lifecycle step every second (playwright.config.ts).
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { chooseHostNetwork, openHostPurchase } from "../support/host-network";
import { clickInOpenDialog, type Locale, openIn, pickOption, searchList, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

test.use({ actionTimeout: 15_000 });

type Order = { id: string; orderNo: string; status: string };

async function operatorApi(baseURL: string): Promise<OperatorApi> {
  const api = new OperatorApi(baseURL);
  await api.login();
  return api;
}

/** The demo tenant's own API session, to buy what a test starts from. */
async function tenantApi(baseURL: string): Promise<OperatorApi> {
  const api = new OperatorApi(baseURL);
  await api.login(TENANT.account, TENANT.password);
  return api;
}

async function fundDemoTenant(ops: OperatorApi, amount: string): Promise<void> {
  await ops.manualRecharge(DEMO_ORG, amount, "E2E service changes");
}

/** A month of a prepaid resource of a seeded product, bought by the tenant and waited for. */
async function boughtResource(
  tenant: OperatorApi,
  productCode: string,
  name: string,
  spec: Record<string, unknown>,
): Promise<void> {
  const order = await tenant.call<Order>("POST", "/api/service/apply", {
    body: { productCode, spec, name, quantity: 1, paymentType: "prepaid", periodMonths: 1 },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  await expect
    .poll(async () => (await tenant.call<Order>("GET", `/api/orders/${order.id}`)).status, {
      timeout: 30_000,
    })
    .toBe("completed");
}

async function signedInPage(browser: Browser, locale: Locale, account: string, password: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, account, password);
  return page;
}

/** The sum of the amounts the deduction breakdown lists, in yuan. */
async function paidFromSources(page: Page): Promise<number> {
  const text = (await page.getByTestId("price-breakdown").textContent()) ?? "";
  const amounts = [...text.matchAll(/¥([\d.]+)/g)].map((m) => Number(m[1]));
  return Math.round(amounts.reduce((a, b) => a + b, 0) * 100_000) / 100_000;
}

const yuanIn = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? "").replace(/[^\d.]/g, ""));

test("a prepaid disk is expanded through its change dialog (zh-CN)", async ({ browser, baseURL }) => {
  const ops = await operatorApi(baseURL!);
  await fundDemoTenant(ops, "500");
  const disk = `e2e-grow-${Date.now() % 100_000}`;
  await boughtResource(await tenantApi(baseURL!), "evs-disk", disk, { diskType: "ssd", sizeGb: 50 });

  const page = await signedInPage(browser, "zh-CN", TENANT.account, TENANT.password);
  await page.goto("/mgt/blockstorage");
  await expect(page.getByTestId(`disk-row-${disk}`)).toContainText("50 GB");
  await page.getByTestId(`disk-resize-${disk}`).click();
  await expect(page.getByTestId("resize-current")).toHaveText("ssd · 50 GB");

  // More than 200 GB at once is not accepted: nothing is quoted, and leaving the field brings it
  // back to the largest step (50 + 200 GB), which is quoted.
  const size = page.getByTestId("resize-value");
  await expect(page.locator(".ant-modal .ant-form-item-extra")).toContainText("单次最多增加 200 GB");
  await size.fill("300");
  await expect(page.getByTestId("change-quote")).toHaveCount(0);
  await expect(page.getByTestId("resize-confirm")).toBeDisabled();
  await size.blur();
  await expect(size).toHaveValue("250");
  await expect(page.getByTestId("change-new-monthly")).toHaveText("¥250.00000");

  // 100 GB: the old and new monthly prices, the difference and the sources that pay it.
  await size.fill("100");
  await expect(page.getByTestId("change-quote")).toBeVisible();
  await expect(page.getByTestId("change-old-monthly")).toHaveText("¥50.00000");
  await expect(page.getByTestId("change-new-monthly")).toHaveText("¥100.00000");
  await expect(page.getByTestId("change-difference")).toHaveText(/¥\d+\.\d{5}/);
  const difference = await yuanIn(page, "change-difference");
  expect(difference).toBeGreaterThan(0);
  await expect.poll(() => paidFromSources(page)).toBe(difference);
  await shot(page, "service-changes-disk-quote-zh-CN");
  await page.getByTestId("resize-confirm").click();
  await expect(page.getByTestId("resize-value")).toHaveCount(0);
  await expect(page.getByTestId(`disk-row-${disk}`)).toContainText("100 GB", { timeout: 30_000 });

  // A second expansion the same day is refused by the rule, with when it may be tried again.
  await page.getByTestId(`disk-resize-${disk}`).click();
  await expect(page.getByTestId("resize-current")).toHaveText("ssd · 100 GB");
  await page.getByTestId("resize-value").fill("150");
  await expect(page.getByTestId("resize-refusal")).toContainText("每块云硬盘每天最多扩容1次");
  await expect(page.getByTestId("resize-confirm")).toBeDisabled();
  await shot(page, "service-changes-disk-limit-zh-CN");
});

test("an elastic IP's bandwidth is changed (en-US)", async ({ browser, baseURL }) => {
  const ops = await operatorApi(baseURL!);
  await fundDemoTenant(ops, "500");
  const ip = `e2e-bw-${Date.now() % 100_000}`;
  await boughtResource(await tenantApi(baseURL!), "eip", ip, { bandwidthMbps: 1 });

  const page = await signedInPage(browser, "en-US", TENANT.account, TENANT.password);
  await page.goto("/mgt/floatip");
  await page.getByTestId(`eip-resize-${ip}`).click();
  await expect(page.getByTestId("resize-current")).toHaveText("1 Mbit/s");

  // The product allows at most 200 Mbit/s: the server's refusal shows in the dialog.
  const bandwidth = page.getByTestId("resize-value");
  await bandwidth.fill("500");
  await expect(page.getByTestId("resize-refusal")).toHaveText(
    "The bandwidth must be a whole number of Mbit/s from 1 to 200",
  );
  await expect(page.getByTestId("resize-confirm")).toBeDisabled();

  await bandwidth.fill("5");
  await expect(page.getByTestId("change-quote")).toBeVisible();
  const [oldMonthly, newMonthly] = [
    await yuanIn(page, "change-old-monthly"),
    await yuanIn(page, "change-new-monthly"),
  ];
  expect(newMonthly).toBeGreaterThan(oldMonthly);
  const difference = await yuanIn(page, "change-difference");
  expect(difference).toBeGreaterThan(0);
  await expect.poll(() => paidFromSources(page)).toBe(difference);
  await shot(page, "service-changes-eip-quote-en-US");
  await page.getByTestId("resize-confirm").click();
  await expect(page.getByTestId("resize-value")).toHaveCount(0);
  await expect(page.getByTestId(`eip-row-${ip}`)).toContainText("5 Mbit/s", { timeout: 30_000 });
});

/** A listed host product priced 300 a month whose orders an operator activates by hand. */
async function manualHostProduct(
  ops: OperatorApi,
  code: string,
  name: string,
  approvalFlow: "none" | "oneLevel",
): Promise<void> {
  const categories = await ops.call<{ list: { id: string; code: string }[] }>(
    "GET",
    "/api/ops/catalog/categories",
    { query: { pageSize: "100" } },
  );
  const product = await ops.call<{ id: string }>("POST", "/api/ops/catalog/products", {
    body: {
      code,
      nameZh: name,
      nameEn: name,
      categoryId: categories.list.find((c) => c.code === "cloud-host")!.id,
      spec: {
        kind: "host",
        flavors: [{ id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0 }],
        images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
        systemDiskGb: 50,
      },
      prepaidPeriods: [1, 3],
      postpaid: false,
      approvalFlow,
      manualActivation: true,
    },
  });
  await ops.call("POST", `/api/ops/catalog/products/${product.id}/pricing`, {
    body: { rows: [{ dimension: "flavor:c2m4", model: "unit", unitPrice: "300" }] },
  });
  await ops.call("PUT", `/api/ops/catalog/products/${product.id}/listing`, {
    body: { listingState: "listed" },
  });
}

/** The tenant buys a month of the product's host in the form; the order page it lands on. */
async function buyHost(tenant: Page, productName: string, hostName: string): Promise<string> {
  const vpcs = await openHostPurchase(tenant);
  await pickOption(tenant, tenant.getByTestId("host-create-product"), productName);
  await tenant.getByTestId("host-create-name").fill(hostName);
  await chooseHostNetwork(tenant, vpcs);
  await tenant.locator("label", { has: tenant.getByTestId("host-create-period-1") }).click();
  await expect(tenant.getByTestId("price-payable")).toHaveText(/300\.00000/);
  await tenant.getByTestId("host-create-submit").click();
  await expect(tenant).toHaveURL(/\/mgt\/orders\//);
  return tenant.url().split("/").pop()!;
}

/** The operator's decision on an order from a row of the approvals page. */
async function decide(
  operator: Page,
  tab: "pending" | "activation",
  decision: "approve" | "activate" | "close",
  orderNo: string,
  reason?: string,
): Promise<void> {
  await operator.goto("/sys/approvals");
  await operator.getByTestId(`approvals-tab-${tab}`).click();
  await operator.getByTestId(`approval-${decision}-${orderNo}`).click();
  if (reason) await operator.getByTestId("approval-reason").fill(reason);
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-${decision}-${orderNo}`)).toHaveCount(0);
}

test("a manually activated host waits after approval until an operator activates it (zh-CN)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ops = await operatorApi(baseURL!);
  await fundDemoTenant(ops, "600");
  const suffix = Date.now() % 100_000;
  const productName = `E2E dedicated ${suffix}`;
  const hostName = `e2e-dedicated-${suffix}`;
  await manualHostProduct(ops, `e2e-manual-${suffix}`, productName, "oneLevel");

  const tenant = await signedInPage(browser, "zh-CN", TENANT.account, TENANT.password);
  const orderId = await buyHost(tenant, productName, hostName);
  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "approving");
  const { orderNo } = await ops.call<Order>("GET", `/api/audit/approval/${orderId}`);

  const operator = await signedInPage(browser, "zh-CN", "admin", "Admin@2026");
  await decide(operator, "pending", "approve", orderNo);

  // Approved, and then nothing happens until an operator activates it.
  await expect(tenant.getByTestId("order-awaiting-activation")).toBeVisible({ timeout: 20_000 });
  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "approved");
  await expect(tenant.getByTestId("order-detail-status-activation")).toBeVisible();
  await shot(tenant, "service-changes-awaiting-activation-zh-CN");

  await operator.goto("/sys/approvals");
  await operator.getByTestId("approvals-tab-activation").click();
  await operator.getByTestId(`approval-activate-${orderNo}`).click();
  await expect(operator.getByTestId("approval-activateHint")).toBeVisible();
  await shot(operator, "service-changes-activate-zh-CN");
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-activate-${orderNo}`)).toHaveCount(0);

  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
    timeout: 30_000,
  });
  await expect(tenant.getByTestId("order-awaiting-activation")).toHaveCount(0);
  await expect(tenant.getByTestId("order-event-activated")).toBeVisible();
  await tenant.goto("/mgt/cloudhost");
  await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running");
});

test("an order waiting for activation is closed with a reason and refunded (en-US)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ops = await operatorApi(baseURL!);
  await fundDemoTenant(ops, "600");
  const suffix = Date.now() % 100_000;
  const productName = `E2E reserved ${suffix}`;
  await manualHostProduct(ops, `e2e-closed-${suffix}`, productName, "none");
  const account = await tenantApi(baseURL!);
  const spendable = async () =>
    (await account.call<{ availableToSpend: string }>("GET", "/api/billing_account")).availableToSpend;
  const before = await spendable();

  const tenant = await signedInPage(browser, "en-US", TENANT.account, TENANT.password);
  const orderId = await buyHost(tenant, productName, `e2e-reserved-${suffix}`);
  // No approval flow: the paid order waits for activation at once.
  await expect(tenant.getByTestId("order-awaiting-activation")).toBeVisible();
  await expect(tenant.getByTestId("order-paid")).toHaveText("¥300.00000");
  expect(await spendable()).not.toBe(before);
  const { orderNo } = await ops.call<Order>("GET", `/api/audit/approval/${orderId}`);

  const operator = await signedInPage(browser, "en-US", "admin", "Admin@2026");
  await operator.goto("/sys/approvals");
  await operator.getByTestId("approvals-tab-activation").click();
  await operator.getByTestId(`approval-close-${orderNo}`).click();
  await expect(operator.getByTestId("approval-closeWarning")).toBeVisible();
  const reason = "The dedicated pool is fully booked this month";
  await operator.getByTestId("approval-reason").fill(reason);
  await shot(operator, "service-changes-close-en-US");
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-close-${orderNo}`)).toHaveCount(0);

  // The tenant's page shows the order closed, the reason and the full refund, and the money is back.
  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "terminated", {
    timeout: 20_000,
  });
  await expect(tenant.getByTestId("order-closed")).toContainText(reason);
  await expect(tenant.getByTestId("order-refunded")).toHaveText("¥300.00000");
  await expect(tenant.getByTestId("order-event-refunded")).toBeVisible();
  await shot(tenant, "service-changes-closed-en-US");
  expect(await spendable()).toBe(before);
});

test("a single disk is renewed with a coupon the operator issued (zh-CN)", async ({ browser, baseURL }) => {
  const ops = await operatorApi(baseURL!);
  await fundDemoTenant(ops, "200");
  const suffix = Date.now() % 100_000;
  const disk = `e2e-renew-${suffix}`;
  const couponName = `E2E 续费券 ${suffix}`;
  await boughtResource(await tenantApi(baseURL!), "evs-disk", disk, { diskType: "ssd", sizeGb: 50 });
  const now = Date.now();
  const [coupon] = await ops.call<{ couponNo: string }[]>("POST", "/api/ops/coupons", {
    body: {
      name: couponName,
      benefitKind: "value",
      value: "10",
      count: 1,
      orgId: DEMO_ORG,
      validFrom: new Date(now - 3_600_000).toISOString(),
      validUntil: new Date(now + 30 * 86_400_000).toISOString(),
    },
  });

  const page = await signedInPage(browser, "zh-CN", TENANT.account, TENANT.password);
  await page.goto("/mgt/renew");
  // Whatever the length of this month, the disk is in the 90-day window.
  await page.getByTestId("renew-range").click();
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", {
      hasText: "90",
    })
    .click();
  await searchList(page, "renew-keyword", disk);
  await page.getByTestId(`renew-one-${disk}`).click();
  await page.locator("label", { has: page.getByTestId("renew-period-1") }).click();
  await expect(page.getByTestId("renew-original")).toHaveText("¥50.00000");
  await expect(page.getByTestId("renew-coupon")).toHaveText("¥0.00000");
  await pickOption(page, page.getByTestId("renew-coupon-select"), couponName);
  await expect(page.getByTestId("renew-coupon")).toHaveText("¥10.00000");
  await expect(page.getByTestId("renew-payable")).toHaveText("¥40.00000");
  // The breakdown lists the coupon as one of the sources: with the balances they pay the 50.
  await expect(page.getByTestId("price-breakdown")).toContainText("优惠券");
  await expect(page.getByTestId("price-breakdown")).toContainText("¥10.00000");
  await expect.poll(() => paidFromSources(page)).toBe(50);
  await shot(page, "service-changes-renew-coupon-zh-CN");
  await page.getByTestId("renew-confirm").click();
  await expect(page.getByTestId("renew-quote")).toHaveCount(0);

  // The coupon is spent on this renewal.
  const spent = await ops.call<{ list: { status: string }[] }>("GET", "/api/ops/coupons", {
    query: { couponNo: coupon!.couponNo },
  });
  expect(spent.list.map((c) => c.status)).toEqual(["used"]);
});
