// Issue 19 in the browser: an auditor (the read-only operator role, BR) opens operator pages in
// both languages, reads their data, and finds no button that would change anything; each page says
// once that it is read-only. The auditor is made by the administrator through the API (the demo has
// none) and sets their own password at first sign-in.
import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, shot, uniquePhone } from "../support/ui";

const NOTE: Record<Locale, string> = {
  "zh-CN": "只读：您的角色可以查看本页面，但不能修改",
  "en-US": "Read-only: your role can view this page but not change it",
};
const PASSWORD = "Auditor@26x";

async function makeAuditor(): Promise<{ account: string; password: string }> {
  const ops = new OperatorApi(baseURL);
  await ops.login();
  // Making an operator is a way into the platform: the administrator's own step-up first.
  await ops.stepUp("13800000001");
  const account = `audit${String(Date.now()).slice(-8)}`;
  const made = await ops.call<{ password: string }>("POST", "/api/ops/operators", {
    body: {
      account,
      realName: "Sun",
      email: `${account}@ops.example`,
      mobile: uniquePhone(),
      roles: ["auditor"],
    },
  });
  return { account, password: made.password };
}

async function firstSignIn(page: Page, who: { account: string; password: string }) {
  await openIn(page, "zh-CN", "/login");
  await page.getByTestId("login-account").fill(who.account);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/firstLogin/);
  await page.getByTestId("first-login-password").fill(PASSWORD);
  await page.getByTestId("first-login-confirm").fill(PASSWORD);
  await page.getByTestId("first-login-submit").click();
  const privacy = page.getByTestId("privacy-accept");
  if (
    await privacy.waitFor({ state: "visible", timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    await privacy.click();
  }
  await expect(page).toHaveURL(/\/sys\/overview$/);
}

async function readOnly(page: Page, locale: Locale, path: string, hidden: string[]) {
  await page.goto(path);
  await expect(page.getByTestId("read-only-note")).toHaveText(NOTE[locale]);
  for (const testId of hidden) await expect(page.getByTestId(testId)).toHaveCount(0);
}

test("the auditor reads operator pages in both languages and is offered no action", async ({ page }) => {
  await firstSignIn(page, await makeAuditor());
  for (const locale of ["zh-CN", "en-US"] as const) {
    // Init scripts run in the order added: this language wins over the sign-in's on each load.
    await page.addInitScript((lng) => localStorage.setItem("skyledger.lang", lng), locale);

    // Operator accounts: the demo's administrators are listed, none can be created or changed.
    await readOnly(page, locale, "/sys/operators", ["operators-create", "operator-roles-admin"]);
    await expect(page.getByTestId("operators-table")).toContainText("approver");
    await expect(page.getByTestId("operator-toggle-admin")).toHaveCount(0);
    await expect(page.getByTestId("operator-reset-admin")).toHaveCount(0);
    await shot(page, `auditor-operators-${locale}`);

    // System configuration: the values are shown, in fields that cannot be changed or saved.
    await readOnly(page, locale, "/sys/config", ["config-save-system"]);
    await expect(page.getByTestId("config-system-name")).toBeDisabled();
    await expect(page.getByTestId("config-system-name")).not.toHaveValue("");
    await shot(page, `auditor-config-${locale}`);

    // The catalogue: the demo's products are listed; none is created, edited, listed or delisted.
    await readOnly(page, locale, "/mgt/productcategory", ["catalog-product-create"]);
    const products = page.getByTestId("catalog-products-table");
    await expect(products.locator("tbody tr.ant-table-row").first()).toBeVisible();
    await expect(products.locator('[data-testid^="catalog-product-edit-"]')).toHaveCount(0);
    await expect(products.locator('[data-testid^="catalog-product-delisted-"]')).toHaveCount(0);
    await shot(page, `auditor-catalogue-${locale}`);
  }
});
