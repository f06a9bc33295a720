// Packages in the browser: an operator defines and lists an offer picked from the catalogue; a
// visitor finds it on the public purchase page `/applyPackage`, signs in and lands in the purchase
// form with the deduction breakdown, pays, and sees the package with its unit-hours; a discount
// package is bought with auto-renew and renewed by hand — in both languages.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { openIn, pickOption, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

/** Money for the demo tenant, as an operator's manual recharge. */
async function fundDemoTenant(baseURL: string, amount: string): Promise<void> {
  const api = new OperatorApi(baseURL);
  await api.login();
  await api.manualRecharge(DEMO_ORG, amount, "E2E packages");
}

type Offer = {
  code: string;
  kind: "discount" | "resource";
  price: string;
  /** Resource packages: the product, the dimension's label and the unit-hours. */
  product?: string;
  dimension?: string;
  unitHours?: string;
  /** Discount packages: the discount and the one product it applies to. */
  discount?: string;
  discounted?: string;
};

async function defineAndList(page: Page, offer: Offer): Promise<void> {
  await page.goto("/sys/bag");
  await page.getByTestId("bag-offer-create").click();
  await page.getByTestId("bag-offer-code").fill(offer.code);
  await page.getByTestId("bag-offer-name-zh").fill(`浏览器测试包 ${offer.code}`);
  await page.getByTestId("bag-offer-name-en").fill(`Browser package ${offer.code}`);
  if (offer.kind === "resource") {
    await page.getByTestId("bag-offer-kind").getByRole("radio").nth(1).check();
    await pickOption(page, page.getByTestId("bag-offer-product"), offer.product!);
    await pickOption(page, page.getByTestId("bag-offer-dimension"), offer.dimension!);
    await page.getByTestId("bag-offer-unit-hours").fill(offer.unitHours!);
  } else {
    await page.getByTestId("bag-offer-discount").fill(offer.discount!);
    await pickOption(page, page.getByTestId("bag-offer-products"), offer.discounted!);
  }
  await page.getByTestId("bag-offer-price").fill(offer.price);
  await page.getByTestId("bag-offer-submit").click();
  await expect(page.getByTestId(`bag-listing-${offer.code}`)).toHaveAttribute("class", /processing/);
  await page.getByTestId(`bag-list-${offer.code}`).click();
  await expect(page.getByTestId(`bag-listing-${offer.code}`)).toHaveAttribute("class", /success/);
}

/** The sum of the amounts the deduction breakdown lists, in yuan. */
async function paidFromSources(page: Page): Promise<number> {
  const text = (await page.getByTestId("price-breakdown").textContent()) ?? "";
  const amounts = [...text.matchAll(/¥([\d.]+)/g)].map((m) => Number(m[1]));
  return Math.round(amounts.reduce((a, b) => a + b, 0) * 100_000) / 100_000;
}

async function operatorPage(browser: Browser, locale: "zh-CN" | "en-US"): Promise<Page> {
  const page = await browser.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, "admin", "Admin@2026");
  return page;
}

test("a visitor buys a listed resource package from the public purchase page (zh-CN)", async ({
  browser,
  page,
  baseURL,
}) => {
  await fundDemoTenant(baseURL!, "100");
  const code = `e2e-ssd-${Date.now() % 100_000}`;
  const operator = await operatorPage(browser, "zh-CN");
  await defineAndList(operator, {
    code,
    kind: "resource",
    product: "evs-disk",
    dimension: "ssd",
    unitHours: "72000",
    price: "30",
  });
  await shot(operator, "packages-offers-zh-CN");
  await operator.close();

  await openIn(page, "zh-CN", "/applyPackage");
  await expect(page.getByTestId(`apply-package-${code}`)).toContainText("¥30.00000");
  await shot(page, "packages-apply-zh-CN");
  await page.getByTestId(`apply-package-buy-${code}`).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, "demotenant", "Tenant@2026");

  // Back in the console, the purchase form of that offer is open with the live breakdown.
  await expect(page).toHaveURL(/\/mgt\/bag$/);
  await expect(page.getByTestId("bag-buy-submit")).toBeVisible();
  await page.getByTestId("bag-buy-quantity").fill("2");
  await expect(page.getByTestId("bag-buy-total")).toHaveText("¥60.00000");
  // Whatever vouchers other tests left the tenant, the sources pay exactly the total.
  await expect(page.getByTestId("price-breakdown")).toContainText("¥");
  await expect.poll(() => paidFromSources(page)).toBe(60);
  await shot(page, "packages-buy-zh-CN");
  await page.getByTestId("bag-buy-submit").click();
  await expect(page.getByTestId("bag-buy-submit")).toBeHidden();
  await expect(page.getByTestId(`bag-remaining-${code}`)).toContainText("144000");
  await shot(page, "packages-mine-zh-CN");
});

test("a tenant subscribes to a discount package and renews it by hand (en-US)", async ({
  browser,
  page,
  baseURL,
}) => {
  await fundDemoTenant(baseURL!, "20");
  const code = `e2e-disc-${Date.now() % 100_000}`;
  const operator = await operatorPage(browser, "en-US");
  await defineAndList(operator, {
    code,
    kind: "discount",
    discount: "0.90",
    // Only the HPC pool, so the other browser tests' host and disk prices stay as they are.
    discounted: "hpc-shared",
    price: "5",
  });
  await operator.close();

  await openIn(page, "en-US", "/login");
  await signIn(page, "demotenant", "Tenant@2026");
  await page.goto("/mgt/bag");
  await page.getByTestId(`bag-buy-${code}`).click();
  await expect(page.getByTestId("bag-buy-quantity")).toHaveCount(0);
  await expect.poll(() => paidFromSources(page)).toBe(5);
  await page.getByTestId("bag-buy-auto-renew").check();
  await page.getByTestId("bag-buy-submit").click();
  await expect(page.getByTestId("bag-buy-submit")).toBeHidden();
  const row = page.getByTestId(`bag-package-${code}`);
  await expect(row).toContainText("Active");
  await expect(page.getByTestId(`bag-auto-renew-${code}`)).toHaveAttribute("aria-checked", "true");

  await page.getByTestId(`bag-renew-${code}`).click();
  await page.getByRole("button", { name: "Renew and pay" }).click();
  await expect(page.getByText("Package renewed")).toBeVisible();
  await row.locator(".ant-table-row-expand-icon").click();
  await expect(page.getByTestId(`bag-detail-${code}`)).toContainText("Renewal");
  await shot(page, "packages-renewed-en-US");
});
