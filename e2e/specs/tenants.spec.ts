// A tenant account frozen and unfrozen by an operator (issue 19 item 3), in both languages: the
// operator freezes the demo tenant from its page with a reason; the tenant sees the banner, still
// reads its orders, and is refused a disk with the clear message; once unfrozen the same purchase
// goes through, and the tenant's page shows that order, its disk and its bill in their tabs.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

const TEXTS = {
  "zh-CN": {
    refusal: "您的账号已被平台冻结，只能查看，不能下单、续费或变更配置；如有疑问请联系平台客服",
    tabs: { orders: "订单", resources: "资源", bills: "账单", invoices: "发票" },
  },
  "en-US": {
    refusal:
      "Your account has been frozen by the platform: you can read but not order, renew or change resources. Contact the platform's support",
    tabs: { orders: "Orders", resources: "Resources", bills: "Bills", invoices: "Invoices" },
  },
} as const;

test.use({ actionTimeout: 15_000 });

async function signedInPage(browser: Browser, locale: Locale, account: string, password: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, account, password);
  return page;
}

/** Freezes or unfreezes the demo tenant from its page, with a reason. */
async function toggleFreeze(operator: Page, reason: string) {
  await operator.getByTestId("tenant-freeze").click();
  await operator.getByTestId("tenant-freeze-reason").fill(reason);
  await clickInOpenDialog(operator, "tenant-freeze-submit");
}

/** Fills the disk purchase form and submits it. */
async function buyDisk(tenant: Page, name: string) {
  await tenant.goto("/mgt/blockstorage/create");
  await tenant.getByTestId("disk-create-name").fill(name);
  await tenant.locator("label", { has: tenant.getByTestId("disk-create-period-1") }).click();
  await tenant.getByTestId("disk-create-submit").click();
}

// A failed run must not leave the demo tenant frozen for the specs after this one.
test.afterEach(async ({ baseURL }) => {
  const api = new OperatorApi(baseURL!);
  await api.login();
  const tenant = await api.call<{ frozen: boolean }>("GET", `/api/ops/tenants/${DEMO_ORG}`);
  if (tenant.frozen) {
    await api.call("POST", `/api/ops/tenants/${DEMO_ORG}/unfreeze`, { body: { reason: "e2e clean-up" } });
  }
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`an operator freezes and unfreezes a tenant; its page lists what it bought (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[locale];
    const diskName = `e2e-frz-${locale === "zh-CN" ? "zh" : "en"}`;
    const api = new OperatorApi(baseURL!);
    await api.login();
    await api.manualRecharge(DEMO_ORG, "500", "E2E tenants");

    const operator = await signedInPage(browser, locale, "admin", "Admin@2026");
    await operator.goto(`/sys/tenants/${DEMO_ORG}`);
    await toggleFreeze(operator, "Contract overdue (e2e)");
    await expect(operator.getByTestId("tenant-frozen-note")).toContainText("Contract overdue (e2e)");
    await shot(operator, `tenants-frozen-${locale}`);

    // The tenant reads on, with the banner, and is refused a purchase in clear words.
    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    await tenant.goto("/mgt/order");
    await expect(tenant.getByTestId("frozen-alert")).toBeVisible();
    await expect(tenant.getByTestId("orders-table")).toBeVisible();
    await buyDisk(tenant, diskName);
    await expect(tenant.getByText(texts.refusal).first()).toBeVisible();
    await expect(tenant).toHaveURL(/\/mgt\/blockstorage\/create/);
    await shot(tenant, `tenants-frozen-refusal-${locale}`);

    await toggleFreeze(operator, "Paid (e2e)");
    await expect(operator.getByTestId("tenant-frozen-note")).toHaveCount(0);

    // Unfrozen: the banner is gone and the same purchase goes through.
    await buyDisk(tenant, diskName);
    await expect(tenant).toHaveURL(/\/mgt\/orders\//);
    await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 30_000,
    });
    await expect(tenant.getByTestId("frozen-alert")).toHaveCount(0);
    const orderId = tenant.url().split("/").pop()!;
    const { orderNo } = await api.call<{ orderNo: string }>("GET", `/api/audit/approval/${orderId}`);

    // The tenant's page shows the order, the disk and the bill in its tabs.
    await operator.reload();
    await operator.getByRole("tab", { name: texts.tabs.orders }).click();
    await expect(operator.getByTestId(`tenant-order-${orderNo}`)).toBeVisible();
    await operator.getByRole("tab", { name: texts.tabs.resources }).click();
    await expect(operator.getByTestId(`tenant-resource-${diskName}`)).toBeVisible();
    await operator.getByRole("tab", { name: texts.tabs.bills }).click();
    await expect(operator.getByTestId("org-bills-table")).toContainText(orderNo);
    await operator.getByRole("tab", { name: texts.tabs.invoices }).click();
    await expect(operator.getByTestId("tenant-invoices-table")).toBeVisible();
    await operator.getByRole("tab", { name: texts.tabs.orders }).click();
    await shot(operator, `tenants-orders-${locale}`);
  });
}
