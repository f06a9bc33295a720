// What happens to an order after it is placed, in the browser: an order the approver returns (驳回)
// with a reason, read by the tenant and resubmitted with a remark, then approved and provisioned
// without a second charge (zh-CN); another returned order withdrawn by the tenant and refunded in
// full (en-US); a disk unsubscribed from unsubscribe management after its quote, then followed in
// the unsubscribe records until done (en-US); the seeded third-party GPU host bought, activated by
// an operator who must enter the partner's instance reference, which the tenant then reads on the
// host (zh-CN). What a test only needs to exist (a product, money, a disk) is made through the API;
// what it is about is done in the browser. Money is compared exactly, as the account API states it.
// The server runs the simulator at 5 % of its delays and the lifecycle step every second
// (playwright.config.ts); the order page polls every 5 s while an order is moving.
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { chooseHostNetwork, openHostPurchase } from "../support/host-network";
import { clickInOpenDialog, type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };
const ADMIN = { account: "admin", password: "Admin@2026" };

test.use({ actionTimeout: 15_000 });

type Order = { id: string; orderNo: string; status: string };

/** Units of 0.00001 yuan in a text such as "¥300.00000" or "-12.50000", for exact comparisons. */
function units(text: string): bigint {
  const match = /(-?)(\d+)\.(\d{5})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = BigInt(match[2]!) * 100_000n + BigInt(match[3]!);
  return match[1] ? -value : value;
}
const yuan = (whole: number) => BigInt(whole) * 100_000n;

async function signedInApi(baseURL: string, who: { account: string; password: string }) {
  const api = new OperatorApi(baseURL);
  await api.login(who.account, who.password);
  return api;
}

async function fundDemoTenant(ops: OperatorApi, amount: string): Promise<void> {
  await ops.manualRecharge(DEMO_ORG, amount, "E2E order lifecycle");
}

/** What the tenant may spend now (cash, available credit and vouchers), as its account page reads it. */
async function spendable(tenant: OperatorApi): Promise<bigint> {
  const account = await tenant.call<{ availableToSpend: string }>("GET", "/api/billing_account");
  return units(account.availableToSpend);
}

async function signedInPage(browser: Browser, locale: Locale, who: { account: string; password: string }) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, who.account, who.password);
  return page;
}

/** A listed, automatically provisioned host product priced 300 a month, approved at one level. */
async function oneLevelHostProduct(ops: OperatorApi, code: string, name: string): Promise<void> {
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
      approvalFlow: "oneLevel",
    },
  });
  await ops.call("POST", `/api/ops/catalog/products/${product.id}/pricing`, {
    body: { rows: [{ dimension: "flavor:c2m4", model: "unit", unitPrice: "300" }] },
  });
  await ops.call("PUT", `/api/ops/catalog/products/${product.id}/listing`, {
    body: { listingState: "listed" },
  });
}

/** The purchase form filled for a month of the product's first flavour, priced as expected. */
async function fillHostPurchase(tenant: Page, productName: string, hostName: string, payable: string) {
  const vpcs = await openHostPurchase(tenant);
  await pickOption(tenant, tenant.getByTestId("host-create-product"), productName);
  await tenant.getByTestId("host-create-name").fill(hostName);
  await chooseHostNetwork(tenant, vpcs);
  await tenant.locator("label", { has: tenant.getByTestId("host-create-period-1") }).click();
  await expect(tenant.getByTestId("price-payable")).toHaveText(`¥${payable}`);
}

/** Places the filled purchase; the id of the order page it lands on. */
async function placeOrder(tenant: Page): Promise<string> {
  await tenant.getByTestId("host-create-submit").click();
  await expect(tenant).toHaveURL(/\/mgt\/orders\//);
  return tenant.url().split("/").pop()!;
}

async function buyHost(
  tenant: Page,
  productName: string,
  hostName: string,
  payable: string,
): Promise<string> {
  await fillHostPurchase(tenant, productName, hostName, payable);
  return placeOrder(tenant);
}

/** The operator returns (驳回) a pending order to its tenant from its row, with the reason. */
async function returnToTenant(operator: Page, orderNo: string, reason: string): Promise<void> {
  await operator.goto("/sys/approvals");
  await operator.getByTestId("approvals-tab-pending").click();
  await operator.getByTestId(`approval-return-${orderNo}`).click();
  await expect(operator.getByTestId("approval-returnToTenantHint")).toBeVisible();
  await operator.getByTestId("approval-reason").fill(reason);
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-return-${orderNo}`)).toHaveCount(0);
}

test("a returned order is resubmitted with a remark, approved and provisioned, charged once (zh-CN)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ops = await signedInApi(baseURL!, ADMIN);
  await fundDemoTenant(ops, "600");
  const suffix = Date.now() % 100_000;
  const productName = `E2E resubmit ${suffix}`;
  const hostName = `e2e-resubmit-${suffix}`;
  await oneLevelHostProduct(ops, `e2e-resubmit-${suffix}`, productName);
  const account = await signedInApi(baseURL!, TENANT);
  const before = await spendable(account);

  const tenant = await signedInPage(browser, "zh-CN", TENANT);
  const orderId = await buyHost(tenant, productName, hostName, "300.00000");
  const status = tenant.getByTestId("order-detail-status");
  await expect(status).toHaveAttribute("data-status", "approving");
  const charged = before - yuan(300);
  expect(await spendable(account)).toBe(charged);
  const { orderNo } = await ops.call<Order>("GET", `/api/audit/approval/${orderId}`);

  // The approver returns it; a return without a reason is refused by the form.
  const operator = await signedInPage(browser, "zh-CN", ADMIN);
  await operator.goto("/sys/approvals");
  await operator.getByTestId(`approval-return-${orderNo}`).click();
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.locator(".ant-modal .ant-form-item-explain-error")).toHaveText(
    "驳回需要填写 2 至 256 个字符的原因",
  );
  await operator.keyboard.press("Escape");
  const reason = "请在备注中说明这台主机的用途";
  await returnToTenant(operator, orderNo, reason);

  // The tenant's page, polling the order, shows it returned with the reason; the money stays held.
  await expect(status).toHaveAttribute("data-status", "applying", { timeout: 15_000 });
  await expect(tenant.getByTestId("order-returned-reason")).toHaveText(`驳回原因：${reason}`);
  await expect(tenant.getByTestId("order-event-returned")).toContainText(reason);
  await expect(tenant.getByTestId("order-paid")).toHaveText("¥300.00000");
  expect(await spendable(account)).toBe(charged);
  await shot(tenant, "orders-lifecycle-returned-zh-CN");

  const remark = "用于模型推理服务的前置网关";
  await tenant.getByTestId("order-resubmit").click();
  await tenant.getByTestId("order-resubmit-remark").fill(remark);
  await tenant.getByTestId("order-resubmit-submit").click();
  await expect(tenant.getByTestId("order-resubmit-remark")).toHaveCount(0);
  await expect(status).toHaveAttribute("data-status", "approving");
  await expect(tenant.getByTestId("order-returned")).toHaveCount(0);
  await expect(tenant.getByTestId("order-event-resubmitted")).toContainText(remark);
  expect(await spendable(account)).toBe(charged);

  // Back in the approver's queue, approved this time; the host is provisioned and runs.
  await operator.goto("/sys/approvals");
  await operator.getByTestId(`approval-approve-${orderNo}`).click();
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-approve-${orderNo}`)).toHaveCount(0);
  await expect(status).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(tenant.getByTestId("order-paid")).toHaveText("¥300.00000");
  await expect(tenant.getByTestId("order-refunded")).toHaveText("¥0.00000");
  await shot(tenant, "orders-lifecycle-resubmitted-completed-zh-CN");
  await tenant.goto("/mgt/cloudhost");
  await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running", {
    timeout: 20_000,
  });
  // One charge in all: neither the resubmission nor the approval took the money again.
  expect(await spendable(account)).toBe(charged);
  await tenant.context().close();
  await operator.context().close();
});

test("a returned order is withdrawn by the tenant and refunded in full (en-US)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ops = await signedInApi(baseURL!, ADMIN);
  await fundDemoTenant(ops, "600");
  const suffix = Date.now() % 100_000;
  const productName = `E2E withdraw ${suffix}`;
  const hostName = `e2e-withdraw-${suffix}`;
  await oneLevelHostProduct(ops, `e2e-withdraw-${suffix}`, productName);
  const account = await signedInApi(baseURL!, TENANT);
  const before = await spendable(account);

  const tenant = await signedInPage(browser, "en-US", TENANT);
  const orderId = await buyHost(tenant, productName, hostName, "300.00000");
  const status = tenant.getByTestId("order-detail-status");
  await expect(status).toHaveAttribute("data-status", "approving");
  expect(await spendable(account)).toBe(before - yuan(300));
  const { orderNo } = await ops.call<Order>("GET", `/api/audit/approval/${orderId}`);

  const operator = await signedInPage(browser, "en-US", ADMIN);
  const reason = "This project has no budget left for new hosts";
  await returnToTenant(operator, orderNo, reason);

  await expect(status).toHaveAttribute("data-status", "applying", { timeout: 15_000 });
  await expect(tenant.getByTestId("order-returned-reason")).toHaveText(`Reason: ${reason}`);
  await tenant.getByTestId("order-withdraw").click();
  await expect(tenant.getByTestId("order-withdraw-warning")).toContainText("300.00000 yuan paid is refunded");
  await shot(tenant, "orders-lifecycle-withdraw-en-US");
  await tenant.getByTestId("order-withdraw-confirm").click();

  // Ended unused: closed, the withdrawal said, refunded in full and nothing created.
  await expect(status).toHaveAttribute("data-status", "terminated");
  await expect(status).toHaveText("Closed");
  await expect(tenant.getByTestId("order-withdrawn")).toHaveText(
    "You withdrew this application; 300.00000 yuan was refunded in full.",
  );
  await expect(tenant.getByTestId("order-returned")).toHaveCount(0);
  await expect(tenant.getByTestId("order-refunded")).toHaveText("¥300.00000");
  await expect(tenant.getByTestId("order-event-withdrawn")).toBeVisible();
  await expect(tenant.getByTestId("order-resources")).toHaveCount(0);
  await shot(tenant, "orders-lifecycle-withdrawn-en-US");
  expect(await spendable(account)).toBe(before);

  await tenant.context().close();
  await operator.context().close();
});

test("a disk is unsubscribed from unsubscribe management and followed in its records (en-US)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ops = await signedInApi(baseURL!, ADMIN);
  await fundDemoTenant(ops, "200");
  const suffix = Date.now() % 100_000;
  const disk = `e2e-unsub-${suffix}`;
  const ip = `e2e-unsub-ip-${suffix}`;
  const account = await signedInApi(baseURL!, TENANT);
  const buy = async (productCode: string, name: string, spec: Record<string, unknown>) => {
    const order = await account.call<Order>("POST", "/api/service/apply", {
      body: { productCode, spec, name, quantity: 1, paymentType: "prepaid", periodMonths: 1 },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    await expect
      .poll(async () => (await account.call<Order>("GET", `/api/orders/${order.id}`)).status, {
        timeout: 30_000,
      })
      .toBe("completed");
  };
  await buy("evs-disk", disk, { diskType: "ssd", sizeGb: 50 });
  await buy("eip", ip, { bandwidthMbps: 1 });

  const page = await signedInPage(browser, "en-US", TENANT);
  await page.goto("/unsubscribe");
  await expect(page.getByTestId(`unsubscribable-row-${disk}`)).toBeVisible();
  await expect(page.getByTestId(`unsubscribable-row-${ip}`)).toBeVisible();

  // Only disks: the elastic IP leaves the list, the disk stays.
  await pickOption(page, page.getByTestId("unsubscribable-kind"), "Cloud disk");
  await expect(page.getByTestId(`unsubscribable-row-${ip}`)).toHaveCount(0);
  await expect(page.getByTestId(`unsubscribable-row-${disk}`)).toContainText("Cloud disk");
  await shot(page, "orders-lifecycle-unsubscribable-en-US");

  // The quote: a refund of part of the 50 paid, and the sources it goes back to, adding up to it.
  await page.getByTestId(`unsubscribable-unsubscribe-${disk}`).click();
  await expect(page.getByTestId("unsubscribe-title")).toHaveText(`Unsubscribe ${disk}`);
  await expect(page.getByTestId("unsubscribe-refund")).toHaveText(/^¥\d+\.\d{5}$/);
  const refund = units((await page.getByTestId("unsubscribe-refund").textContent()) ?? "");
  expect(refund).toBeGreaterThan(0n);
  expect(refund).toBeLessThanOrEqual(yuan(50));
  const refundTo = page.getByTestId("unsubscribe-refund-to");
  await expect(refundTo).toBeVisible();
  const returned = (await refundTo.locator("[data-testid^='unsubscribe-refund-to-']").allTextContents()).map(
    units,
  );
  expect(returned.length).toBeGreaterThan(0);
  expect(returned.reduce((a, b) => a + b, 0n)).toBe(refund);
  await shot(page, "orders-lifecycle-unsubscribe-quote-en-US");
  const before = await spendable(account);

  const posted = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      /\/api\/service\/unsubscribe\/[^/]+$/.test(new URL(r.url()).pathname),
  );
  await page.getByTestId("unsubscribe-confirm").click();
  const { data: order } = (await (await posted).json()) as { data: Order };
  await expect(page.getByTestId("unsubscribe-quote")).toHaveCount(0);
  await expect(page.getByTestId(`unsubscribable-row-${disk}`)).toHaveCount(0);
  expect(await spendable(account)).toBe(before + refund);

  // The records tab lists the unsubscribe order with the refund, in progress until the disk is gone.
  await page.getByTestId("unsubscribe-tab-records").click();
  await expect(page).toHaveURL(/tab=records/);
  const record = page.getByTestId(`record-row-${order.orderNo}`);
  await expect(record).toContainText(disk);
  await expect(record).toContainText("Unsubscribe");
  const recordRefund = page.getByTestId(`record-refund-${order.orderNo}`);
  await expect(recordRefund).toHaveText(/^¥\d+\.\d{5}$/);
  expect(units((await recordRefund.textContent()) ?? "")).toBe(refund);
  await expect(page.getByTestId(`record-status-${order.orderNo}`)).toHaveAttribute(
    "data-status",
    "completed",
    { timeout: 30_000 },
  );
  await shot(page, "orders-lifecycle-unsubscribe-records-en-US");
  await page.context().close();
});

test("a third-party GPU host is activated with the partner's reference, read on the host (zh-CN)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ops = await signedInApi(baseURL!, ADMIN);
  await fundDemoTenant(ops, "10000");
  const suffix = Date.now() % 100_000;
  const hostName = `e2e-partner-${suffix}`;
  const externalRef = `ins-a800-${suffix}`;
  const accessNote = `ssh ubuntu@gpu-${suffix}.partner.example.com`;

  // The seeded partner-cloud product: no approval, activated by hand (the form says so).
  const tenant = await signedInPage(browser, "zh-CN", TENANT);
  await fillHostPurchase(tenant, "合作伙伴云GPU主机（第三方）", hostName, "9800.00000");
  await expect(tenant.getByTestId("manual-activation-notice")).toBeVisible();
  const orderId = await placeOrder(tenant);
  await expect(tenant.getByTestId("order-awaiting-activation")).toBeVisible();
  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "approved");
  const { orderNo } = await ops.call<Order>("GET", `/api/audit/approval/${orderId}`);

  const operator = await signedInPage(browser, "zh-CN", ADMIN);
  const activations: string[] = [];
  operator.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/activate")) activations.push(r.url());
  });
  await operator.goto("/sys/approvals");
  await operator.getByTestId("approvals-tab-activation").click();
  await operator.getByTestId(`approval-activate-${orderNo}`).click();
  await expect(operator.getByTestId("approval-activateThirdPartyHint")).toBeVisible();

  // Without the partner's reference the form refuses, and nothing is sent.
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.locator(".ant-modal .ant-form-item-explain-error")).toHaveText(
    "第三方实例标识为1到128个字符",
  );
  await expect(operator.getByTestId("approval-external-ref")).toBeVisible();
  expect(activations).toEqual([]);
  await shot(operator, "orders-lifecycle-third-party-refused-zh-CN");

  await operator.getByTestId("approval-external-ref").fill(externalRef);
  await operator.getByTestId("approval-access-note").fill(accessNote);
  await clickInOpenDialog(operator, "approval-decide-submit");
  await expect(operator.getByTestId(`approval-activate-${orderNo}`)).toHaveCount(0);
  expect(activations).toHaveLength(1);

  // The tenant's order completes at once (nothing is provisioned here); the host shows the reference.
  await expect(tenant.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
    timeout: 15_000,
  });
  await expect(tenant.getByTestId("order-awaiting-activation")).toHaveCount(0);
  await tenant.getByTestId("order-resources").getByRole("link").click();
  await expect(tenant).toHaveURL(/\/mgt\/host\/[^/]+\/detail$/);
  await expect(tenant.getByTestId("host-detail-external-ref")).toHaveText(externalRef);
  await expect(tenant.getByTestId("host-detail-access-note")).toHaveText(accessNote);
  await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running");
  await shot(tenant, "orders-lifecycle-third-party-host-zh-CN");
  await tenant.context().close();
  await operator.context().close();
});
