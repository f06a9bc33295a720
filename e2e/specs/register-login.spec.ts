// Sign-up with an invitation code → sign-in → privacy dialog → console, in both languages.
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { openIn, pickFirst, shot, uniquePhone } from "../support/ui";

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`a new tenant signs up, signs in and reaches the console (${locale})`, async ({ page }) => {
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "z" : "e"}`;
    const account = `e2e${suffix}`;
    const phone = uniquePhone();
    const password = "Start@2026";

    await openIn(page, locale, "/register");
    await page.getByTestId("register-account").fill(account);
    await page.getByTestId("register-company").fill(`星河测试${suffix}`);
    await page.getByTestId("register-email").fill(`${account}@example.com`);
    await page.getByTestId("register-mobile").fill(phone);
    await pickFirst(page, page.getByTestId("register-industry"));
    await pickFirst(page, page.getByTestId("register-scenario"));
    await pickFirst(page, page.getByTestId("register-size"));
    await page.getByTestId("register-invitation").fill("SKY-DEMO-2026");
    await page.getByTestId("register-password").fill(password);
    await page.getByTestId("register-confirm").fill(password);
    await page.getByTestId("register-sms-send").click();
    await expect(page.getByTestId("register-sms-send")).toBeDisabled();
    await expect.poll(() => ops.latestSmsCode(phone).catch(() => "")).toMatch(/^\d{6}$/);
    await page.getByTestId("register-sms-code").fill(await ops.latestSmsCode(phone));

    // The agreement must be ticked.
    await page.getByTestId("register-submit").click();
    await expect(page.getByText(locale === "zh-CN" ? /请勾选已阅读/ : /Please tick/).first()).toBeVisible();
    await page.getByTestId("register-agreement").check();
    await shot(page, `register-${locale}`);
    await page.getByTestId("register-submit").click();
    await page.getByTestId("register-success-login").click();

    await page.getByTestId("login-account").fill(account);
    await page.getByTestId("login-password").fill(password);
    await page.getByTestId("login-submit").click();

    const privacy = page.getByTestId("privacy-dialog");
    await expect(privacy).toBeVisible();
    await expect(privacy).toHaveAttribute("data-sign", "0");
    await shot(page, `privacy-${locale}`);
    await page.getByTestId("privacy-accept").click();
    await expect(privacy).toBeHidden();

    await expect(page).toHaveURL(/\/mgt\/dashboard$/);
    await expect(page.getByTestId("dashboard-account")).toContainText(account);
    await expect(page.getByTestId("certification-status")).toHaveAttribute("data-status", "noAuth");
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await expect(page.getByTestId("menu-item-sys-config")).toHaveCount(0);
    await shot(page, `dashboard-${locale}`);

    // Accepted once: the dialog does not come back after a reload.
    await page.reload();
    await expect(page.getByTestId("dashboard-account")).toBeVisible();
    await expect(privacy).toBeHidden();
  });
}

test("a republished privacy statement asks again; cancelling signs the user out", async ({ page }) => {
  // Publishing a new version makes every user see the dialog again, whatever they accepted before.
  const ops = new OperatorApi(baseURL);
  await ops.login();
  await ops.call("POST", "/api/ops/agreements/publish", {
    body: { kind: "privacy", contentZh: "隐私声明（新版）", contentEn: "Privacy statement (new version)" },
  });
  await openIn(page, "en-US", "/login");
  await page.getByTestId("login-account").fill("demotenant");
  await page.getByTestId("login-password").fill("Tenant@2026");
  await page.getByTestId("login-submit").click();
  const privacy = page.getByTestId("privacy-dialog");
  await expect(privacy).toBeVisible();
  await expect(privacy).toHaveAttribute("data-sign", /^[02]$/);
  await shot(page, "privacy-changed-en-US");
  await page.getByTestId("privacy-cancel").click();
  await expect(page).toHaveURL(/\/login/);
});
