// Maintenance and console versions in the browser (issue 19 item 8), in zh-CN and en-US: the
// platform administrator closes the platform from /sys/config; a signed-in tenant is sent to
// /unavailable, which shows the message in the tenant's language and the expected end, and returns
// to the console by itself once the administrator ends maintenance. Then a console of an older
// build (its version header rewritten on the way out) is sent to /426, and its button reloads.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const MESSAGE = { messageZh: "数据库升级（浏览器测试）", messageEn: "Database upgrade (browser test)" };

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

/** "2099-01-01 08:00:00" two hours from now, as the date picker takes it (local time). */
function twoHoursAhead(): string {
  const d = new Date(Date.now() + 2 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
}

async function saveMode(operator: Page, mode: "closed" | "off"): Promise<void> {
  await operator.getByTestId(`maintenance-mode-${mode}`).click();
  await operator.getByTestId("maintenance-save").click();
  await expect(operator.locator(".ant-message")).toBeVisible();
}

test.describe.configure({ mode: "serial" });

// Whatever happens in a test, the shared server is left open for the other specs.
test.afterEach(async ({ baseURL }) => {
  const api = new OperatorApi(baseURL ?? "");
  await api.login();
  await api.call("PUT", "/api/ops/maintenance", { body: { mode: "off" } });
});

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`maintenance closes the platform to tenants and ends (${locale})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    const operator = await signedInPage(browser, locale, "admin", "Admin@2026");
    await operator.goto("/sys/config");
    await operator.getByTestId("config-tab-maintenance").click();
    await operator.getByTestId("maintenance-message-zh").fill(MESSAGE.messageZh);
    await operator.getByTestId("maintenance-message-en").fill(MESSAGE.messageEn);
    const end = operator.getByTestId("maintenance-ends-at");
    await end.click();
    await end.fill(twoHoursAhead());
    await end.press("Enter");
    await shot(operator, `maintenance-form-${locale}`);
    await saveMode(operator, "closed");

    // The tenant's next call answers 503: /unavailable with the message in the tenant's language.
    await tenant.goto("/mgt/dashboard");
    await expect(tenant).toHaveURL(/\/unavailable$/);
    await expect(tenant.getByTestId("maintenance-message")).toHaveText(
      locale === "zh-CN" ? MESSAGE.messageZh : MESSAGE.messageEn,
    );
    await expect(tenant.getByTestId("maintenance-ends-at")).toBeVisible();
    await shot(tenant, `maintenance-unavailable-${locale}`);

    // Operators still work while tenants are held back.
    await operator.reload();
    await expect(operator.getByTestId("maintenance-banner")).toBeVisible();
    // The reloaded page opens on its first tab.
    await operator.getByTestId("config-tab-maintenance").click();
    await saveMode(operator, "off");
    // The page polls every 15 seconds and goes back to the console by itself.
    await expect(tenant.getByTestId("console-menu")).toBeVisible({ timeout: 40_000 });
  });

  test(`an outdated console is asked to reload (${locale})`, async ({ browser }) => {
    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    // As if this tab had loaded the build before the last deploy.
    await tenant.route("**/api/**", (route) =>
      route.continue({ headers: { ...route.request().headers(), "x-console-version": "0.0.0+stale" } }),
    );
    await tenant.goto("/mgt/dashboard");
    await expect(tenant).toHaveURL(/\/426$/);
    await expect(tenant.getByTestId("exception-426")).toBeVisible();
    await shot(tenant, `maintenance-426-${locale}`);
    await tenant.unroute("**/api/**");
    await tenant.getByTestId("exception-primary").click();
    await expect(tenant.getByTestId("console-menu")).toBeVisible();
  });
}
