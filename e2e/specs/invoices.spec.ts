// Invoices in the browser (issue 17 item 1), in zh-CN and in en-US: the demo tenant, who bought a
// package paid in cash, adds an invoice title and requests an invoice for part of the invoiceable
// amount; an operator issues it on /sys/invoices with the e-invoice PDF and its number; the tenant
// sees the request invoiced with that number.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, pickFirst, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "200", "E2E invoices");
  // A prepaid purchase paid in cash: what makes an amount invoiceable.
  const tenant = new OperatorApi(baseURL!);
  await tenant.login(TENANT.account, TENANT.password);
  await tenant.call("POST", "/api/bag/buy", {
    body: { offerCode: "demo-ssd-hours", quantity: 1 },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant requests an invoice and an operator issues it (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const suffix = locale === "zh-CN" ? "zh" : "en";
    const invoiceNumber = `E2E${suffix.toUpperCase()}${Date.now() % 100_000}`;

    const tenantContext = await browser.newContext({ locale });
    const page = await tenantContext.newPage();
    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await page.goto("/mgt/invoice?tab=titles");
    await page.getByTestId("invoice-title-add").click();
    await page.getByTestId("invoice-title-name").fill(`E2E Lab ${suffix}`);
    await page.getByTestId("invoice-title-taxNumber").fill("91110108MA01ABCD2X");
    await page.getByTestId("invoice-title-submit").click();
    await expect(page.getByTestId("invoice-titles")).toContainText(`E2E Lab ${suffix}`);

    await page.goto("/mgt/invoice");
    await expect(page.getByTestId("invoice-request-open")).toBeEnabled({ timeout: 15_000 });
    await page.getByTestId("invoice-request-open").click();
    await pickFirst(page, page.getByTestId("invoice-request-title"));
    await page.getByTestId("invoice-request-amount").fill("10");
    await page.getByTestId("invoice-request-submit").click();
    const row = page.locator('[data-testid^="invoice-row-INV"]').first();
    await expect(row).toContainText(locale === "zh-CN" ? "开票中" : "Invoicing");
    const requestNo = ((await row.getAttribute("data-testid")) ?? "").replace("invoice-row-", "");
    await shot(page, `invoice-requested-${locale}`);

    const opsContext = await browser.newContext({ locale });
    const ops = await opsContext.newPage();
    await openIn(ops, locale, "/login");
    await signIn(ops, "admin", "Admin@2026");
    await ops.goto("/sys/invoices");
    await ops.getByTestId(`invoice-issue-${requestNo}`).click();
    await ops.getByTestId("invoice-issue-pdf").setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await expect(ops.getByTestId("invoice-issue-pdf-file")).toHaveCount(1);
    await ops.getByTestId("invoice-issue-number").fill(invoiceNumber);
    await ops.getByTestId("invoice-issue-submit").click();
    await expect(ops.getByTestId(`invoice-issue-${requestNo}`)).toHaveCount(0);
    await shot(ops, `invoice-queue-${locale}`);
    await opsContext.close();

    await page.reload();
    await expect(page.getByTestId(`invoice-state-${requestNo}`)).toContainText(
      locale === "zh-CN" ? "已开票" : "Invoiced",
    );
    await page.getByTestId(`invoice-open-${requestNo}`).click();
    await expect(page.getByTestId("invoice-request-number")).toHaveText(invoiceNumber);
    await expect(page.getByTestId("invoice-request-pdf")).toBeVisible();
    await shot(page, `invoice-issued-${locale}`);
    await tenantContext.close();
  });
}
