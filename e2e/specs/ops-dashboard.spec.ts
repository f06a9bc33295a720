// The operators' dashboard (issue 19 §6) and the billing accounts (§7) in the browser: `admin`
// sees the money and tenant panels, and a tenant count opens the
// billing accounts list filtered by that state, the new tenant in it — in both languages.
import { expect, test } from "@playwright/test";
import type { OpsDashboard } from "@skyledger/contracts";
import { baseURL } from "../playwright.config";
import { OperatorApi, registerTenantViaApi } from "../support/api";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const HEADING = { "zh-CN": "计费账户", "en-US": "Billing accounts" } as const;

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a dashboard count opens the billing accounts filtered by its state (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "dz" : "de"}`;
    await registerTenantViaApi(baseURL, ops, suffix);
    const tenantName = `星河测试${suffix}`;
    const dashboard = await ops.call<OpsDashboard>("GET", "/api/ops/dashboard");
    expect(dashboard.tenants!.byState.unverified).toBeGreaterThan(0);

    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await expect(page).toHaveURL(/\/sys\/overview$/);
    await expect(page.getByTestId("ops-money")).toBeVisible();
    const unverified = page.getByTestId("ops-tenants-unverified");
    // Other specs may register tenants meanwhile: the count is a number, the link its list.
    await expect(unverified).toContainText(/\d/);
    await expect(unverified).toHaveAttribute("href", "/mgt/accounts?state=unverified");
    await shot(page, `ops-dashboard-${locale}`);

    await unverified.click();
    await expect(page).toHaveURL(/\/mgt\/accounts\?state=unverified$/);
    await expect(page.getByRole("heading", { name: HEADING[locale] })).toBeVisible();
    await expect(
      page.getByTestId("billing-accounts-table").locator("tr", { hasText: tenantName }),
    ).toBeVisible();
  });
}
