// Budgets (issue 19 item 5): the tenant administrator opens Budgets from the cost centre menu, is
// refused a budget with 3 decimals, sets the organisation's monthly budget and sees it on the page
// with this month's spend and its percentage, then removes it — in both languages.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const TEXTS = {
  "zh-CN": { refusal: "预算金额须大于0，最多2位小数（单位：元）", scope: "整个租户" },
  "en-US": {
    refusal: "The budget is an amount in yuan above 0 with at most 2 decimals",
    scope: "The whole organisation",
  },
} as const;

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a monthly budget is set and shown with this month's spend (${locale})`, async ({ page }) => {
    const texts = TEXTS[locale];
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/budget");
    await expect(page.getByTestId("budget-table")).toBeVisible();

    await page.getByTestId("budget-add").click();
    await page.getByTestId("budget-amount").fill("100.123");
    await page.getByTestId("budget-submit").click();
    await expect(page.getByText(texts.refusal)).toBeVisible();
    await page.getByTestId("budget-amount").fill("800.5");
    await page.getByTestId("budget-submit").click();

    const row = page.getByTestId("budget-row-org");
    await expect(row).toContainText(texts.scope);
    await expect(row).toContainText("800.50");
    await expect(row).toContainText("%");
    await expect(page.getByTestId("budget-days-left")).toBeVisible();
    await shot(page, `budgets-${locale}`);

    // Removed again, so that the other language's run sets it afresh.
    await page.getByTestId("budget-org-delete").click();
    await page.locator(".ant-popconfirm .ant-btn-primary").click();
    await expect(page.getByTestId("budget-row-org")).toHaveCount(0);
  });
}
