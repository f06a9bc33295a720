// Contracts in the browser (issue 17 item 2): a billing operator creates a contract for the demo
// tenant with a discount on the cloud-host category and its signed PDF; the tenant sees the
// contract and its discount as its own line of a host's live price on the purchase page; the
// operator then terminates it with a reason (so the other specs' host prices stay as they are) and
// the tenant reads the reason — in both languages.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { clickInOpenDialog, type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const TEXT = {
  "zh-CN": { host: "通用型云主机", created: "已创建", executing: "执行中", terminated: "已终止" },
  "en-US": {
    host: "General-purpose cloud host",
    created: "created",
    executing: "In execution",
    terminated: "Terminated",
  },
} as const;

async function signedInPage(
  browser: Browser,
  locale: Locale,
  account: string,
  password: string,
): Promise<Page> {
  const page = await browser.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, account, password);
  return page;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`an operator's contract discount shows in a host's live price (${locale})`, async ({ browser }) => {
    const text = TEXT[locale];
    const contractNo = `E2E-${locale}-${Date.now() % 1_000_000}`;
    const operator = await signedInPage(browser, locale, "admin", "Admin@2026");
    await operator.goto("/sys/contracts");
    await operator.getByTestId("contract-new").click();
    await pickOption(operator, operator.getByTestId("contract-org"), "Demo AI Lab");
    await operator.getByTestId("contract-no").fill(contractNo);
    await operator.getByTestId("contract-name").fill("Browser contract");
    await operator.getByTestId("contract-amount").fill("100000");
    await operator.getByTestId("contract-credit").fill("0");
    const signed = operator.getByTestId("contract-signed-on");
    await signed.click();
    await signed.fill(day(-1));
    await signed.press("Enter");
    // The range picker's two inputs (its test id lands on the first one only).
    const period = operator.locator(".ant-modal .ant-picker-range input");
    await period.first().click();
    await period.first().fill(`${day(-1)} 00:00:00`);
    await period.first().press("Enter");
    await period.last().fill(`${day(365)} 00:00:00`);
    await period.last().press("Enter");
    await operator.getByTestId("contract-discount-add").click();
    await pickOption(
      operator,
      operator.getByTestId("contract-discount-target-0"),
      locale === "zh-CN" ? "产品分类" : "Product category",
    );
    await operator.getByTestId("contract-discount-code-0").fill("cloud-host");
    await operator.getByTestId("contract-discount-rate-0").fill("0.50");
    await operator.getByTestId("contract-file-upload").setInputFiles({
      name: "contract.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await expect(operator.getByTestId("contract-file-upload-file")).toBeVisible();
    await shot(operator, `contracts-create-${locale}`);
    await clickInOpenDialog(operator, "contract-create-submit");
    await expect(operator.locator(".ant-message")).toContainText(text.created);
    const row = operator.getByTestId(`contract-row-${contractNo}`);
    await expect(row).toContainText(text.executing);

    // The tenant: the contract, then a host's live price with the contract discount on its own line.
    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    await tenant.goto("/mgt/contract");
    await tenant.getByTestId(`contract-link-${contractNo}`).click();
    await expect(tenant.getByTestId("contract-discounts")).toContainText("cloud-host");
    await tenant.goto("/mgt/cloudhost/create");
    await pickOption(tenant, tenant.getByTestId("host-create-product"), text.host);
    await tenant.locator("label", { has: tenant.getByTestId("host-create-period-1") }).click();
    const line = tenant.getByTestId("price-contract-discount");
    await expect(line).toHaveText(/[1-9]/);
    // Half the price is taken off: the line equals what is payable (no coupon chosen).
    await expect
      .poll(
        async () => (await line.textContent()) === (await tenant.getByTestId("price-payable").textContent()),
      )
      .toBe(true);
    await shot(tenant, `contracts-price-${locale}`);

    // The operator ends it early; the tenant reads the state and the reason.
    await operator.getByTestId(`contract-terminate-${contractNo}`).click();
    await operator.getByTestId("contract-terminate-reason").fill("Browser test finished");
    await clickInOpenDialog(operator, "contract-terminate-submit");
    await expect(row).toContainText(text.terminated);
    await tenant.goto("/mgt/contract");
    await tenant.getByTestId(`contract-link-${contractNo}`).click();
    await expect(tenant.getByTestId("contract-reason")).toHaveText("Browser test finished");
    await operator.close();
    await tenant.close();
  });
}
