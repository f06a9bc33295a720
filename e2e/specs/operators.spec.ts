// Issue 19 §1 in the browser: the platform administrator creates a billing administrator on
// /sys/operators (zh-CN, then en-US in the same stepped-up session); each new operator signs in
// with the temporary password, must set their own, lands on the operators' overview and sees only
// their role's menus.
import { type Browser, expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, passStepUp, shot, signIn, uniquePhone } from "../support/ui";

type Created = { account: string; password: string };

const ROLE_TEXT: Record<Locale, string> = { "zh-CN": "计费管理员", "en-US": "Billing administrator" };

async function createBillingAdmin(page: import("@playwright/test").Page, locale: Locale): Promise<Created> {
  const account = `bill${String(Date.now()).slice(-8)}`;
  await page.getByTestId("operators-create").click();
  await page.getByTestId("operator-account").fill(account);
  await page.getByTestId("operator-real-name").fill("Qian");
  await page.getByTestId("operator-email").fill(`${account}@ops.example`);
  await page.getByTestId("operator-mobile").fill(uniquePhone());
  await page.getByTestId("operator-role-billingAdmin").click();
  await shot(page, `operators-create-${locale}`);
  await clickInOpenDialog(page, "operator-create-submit");
  return { account, password: "" };
}

async function signInFirstTime(browser: Browser, locale: Locale, who: Created) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await page.getByTestId("login-account").fill(who.account);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/firstLogin/);
  await page.getByTestId("first-login-password").fill("Billing@26x");
  await page.getByTestId("first-login-confirm").fill("Billing@26x");
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
  // On one of their pages the operations group is open: only the role's entries are in it.
  await page.goto("/sys/finance/adjustments");
  await expect(page.getByTestId("menu-item-sys-finance-adjustments")).toBeVisible();
  await expect(page.getByTestId("menu-item-sys-finance-approvals")).toBeVisible();
  await expect(page.getByTestId("menu-item-sys-operators")).toHaveCount(0);
  await expect(page.getByTestId("menu-item-sys-approvals")).toHaveCount(0);
  await expect(page.getByTestId("menu-item-sys-config")).toHaveCount(0);
  await shot(page, `operators-billing-admin-${locale}`);
  await context.close();
}

test("the administrator creates billing administrators who must set their password and see only their menus", async ({
  page,
  browser,
}) => {
  const ops = new OperatorApi(baseURL);
  await ops.login();
  const created: Record<Locale, Created> = {} as never;
  for (const locale of ["zh-CN", "en-US"] as const) {
    await openIn(page, locale, locale === "zh-CN" ? "/login" : "/sys/operators");
    if (locale === "zh-CN") {
      await signIn(page, "admin", "Admin@2026");
      await page.goto("/sys/operators");
    }
    const who = await createBillingAdmin(page, locale);
    // Making an operator is a way into the platform: the administrator's own step-up, once.
    if (locale === "zh-CN") await passStepUp(page, ops, "13800000001");
    who.password = (await page.getByTestId("user-password-value").textContent()) ?? "";
    expect(who.password.length).toBeGreaterThan(7);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("operators-table")).toContainText(who.account);
    await expect(page.getByTestId("operators-table")).toContainText(ROLE_TEXT[locale]);
    await shot(page, `operators-list-${locale}`);
    created[locale] = who;
  }
  for (const locale of ["zh-CN", "en-US"] as const) await signInFirstTime(browser, locale, created[locale]);
});
