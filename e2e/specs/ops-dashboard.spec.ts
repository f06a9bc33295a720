// The operators' dashboard (issue 19 §6) and the billing accounts (§7) in the browser: `admin`
// sees the money, tenant and resource panels and the dead-message queue; a tenant count opens the
// billing accounts list filtered by that state, the new tenant in it, the top-ups total opens the
// money movements of the same 30 days and today's point of the top-ups chart those of today, each
// adding up to the number, and a resource number opens every tenant's resources filtered as it
// counts, whose total is the number — in both languages.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type { OpsDashboard, OpsResourceRecord } from "@skyledger/contracts";
import { baseURL } from "../playwright.config";
import { OperatorApi, registerTenantViaApi } from "../support/api";
import { DEMO_ORG } from "../support/hpc";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const HEADING = { "zh-CN": "计费账户", "en-US": "Billing accounts" } as const;
const MOVEMENTS = { "zh-CN": "资金流水", "en-US": "Money movements" } as const;
const TOP_UPS = { "zh-CN": "充值", "en-US": "Top-ups" } as const;
const RESOURCES = { "zh-CN": "资源管理", "en-US": "Resources" } as const;
const TOTAL = { "zh-CN": (n: string) => `共 ${n} 条`, "en-US": (n: string) => `${n} in total` } as const;

const exactly = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

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

  test(`the top-ups total opens the money movements of its 30 days (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    // A new tenant's manual recharge today: a top-up the list must show under the tenant's name.
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "mz" : "me"}`;
    await registerTenantViaApi(baseURL, ops, suffix);
    const tenantName = `星河测试${suffix}`;
    const orgs = await ops.call<{ list: { orgId: string }[] }>("GET", "/api/ops/orgs", {
      query: { keyword: tenantName },
    });
    await ops.manualRecharge(orgs.list[0]!.orgId, "123.45", `e2e dashboard ${locale}`);
    const { money } = await ops.call<OpsDashboard>("GET", "/api/ops/dashboard");
    const [from, to] = [money!.days[0]!.date, money!.days.at(-1)!.date];

    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await expect(page).toHaveURL(/\/sys\/overview$/);
    await expect(page.getByTestId("ops-resources")).toBeVisible();
    await expect(page.getByTestId("ops-resources-products")).toBeVisible();
    await expect(page.getByTestId("ops-queue-deadMessages")).toHaveAttribute(
      "href",
      "/sys/outbox?status=failed",
    );
    const topUps = page.getByTestId("ops-money-topUps");
    await expect(topUps).toHaveAttribute(
      "href",
      `/sys/finance/movements?series=topUps&from=${from}&to=${to}`,
    );
    // The total on the card is the sum of the list it opens (specs run one at a time).
    const total = (await topUps.locator(".ant-statistic-content").textContent())!.trim();
    expect(total).toMatch(/\d\.\d{5}$/);
    await topUps.click();
    await expect(page).toHaveURL(new RegExp(`/sys/finance/movements\\?series=topUps&from=${from}&to=${to}$`));
    await expect(page.getByRole("heading", { name: MOVEMENTS[locale] })).toBeVisible();
    await expect(page.getByTestId("movements-series")).toContainText(TOP_UPS[locale]);
    await expect(page.getByTestId("movements-sum")).toContainText(total);
    const row = page.getByTestId("movements-table").locator("tr", { hasText: tenantName });
    await expect(row).toContainText("123.45000");
    await shot(page, `ops-money-movements-${locale}`);

    // Today's point of the top-ups chart (series 0 of the arrivals chart) opens today's top-ups,
    // whose sum is the day's value.
    await page.goBack();
    const today = money!.days.at(-1)!;
    const dayPath = `/sys/finance/movements?series=topUps&from=${today.date}&to=${today.date}`;
    const point = page.getByTestId(`ops-money-chart-topups-point-0-${money!.days.length - 1}`);
    await expect(point).toHaveAttribute("href", dayPath);
    await point.click();
    await expect(page).toHaveURL(exactly(dayPath));
    await expect(page.getByTestId("movements-series")).toContainText(TOP_UPS[locale]);
    await expect(page.getByTestId("movements-sum")).toContainText(`¥${today.topUps}`);
    await expect(page.getByTestId("movements-table").locator("tr", { hasText: tenantName })).toContainText(
      "123.45000",
    );
    await shot(page, `ops-money-day-${locale}`);
  });

  test(`a resource number opens every tenant's resources filtered as it counts (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    // The demo tenant buys a host (the seed's product needs no approval) and it comes up running.
    const hostName = `e2e-ops-res-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100000}`;
    await ops.manualRecharge(DEMO_ORG, "200", `e2e ops resources ${locale}`);
    const tenant = new OperatorApi(baseURL);
    await tenant.login("demotenant", "Tenant@2026");
    await tenant.call("POST", "/api/service/apply", {
      body: {
        productCode: "ecs-standard",
        spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
        name: hostName,
        quantity: 1,
        paymentType: "prepaid",
        periodMonths: 1,
      },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    await expect
      .poll(
        async () =>
          (
            await ops.call<{ list: OpsResourceRecord[] }>("GET", "/api/ops/resources", {
              query: { keyword: hostName },
            })
          ).list[0]?.status,
        { timeout: 30_000 },
      )
      .toBe("running");
    // Its product's running hosts: the dashboard's cell the spec opens.
    const { resources } = await ops.call<OpsDashboard>("GET", "/api/ops/dashboard");
    const product = resources!.byProduct.find((p) => p.kind === "host" && p.productId !== null)!;
    const status = "running";
    const productId = product.productId!;
    const path = `/sys/resources?kind=host&productId=${productId}&status=${status}`;

    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await expect(page).toHaveURL(/\/sys\/overview$/);
    const cell = page.getByTestId(`ops-resources-cell-host-${productId}-${status}`);
    await expect(cell).toHaveAttribute("href", path);
    const count = /(\d+)\s*$/.exec((await cell.textContent()) ?? "")![1]!;
    await cell.click();
    await expect(page).toHaveURL(exactly(path));
    await expect(page.getByRole("heading", { name: RESOURCES[locale] })).toBeVisible();
    await expect(page.locator(".ant-pagination-total-text")).toHaveText(TOTAL[locale](count));
    const rows = page.getByTestId("ops-resources-table").locator("tbody tr.ant-table-row");
    await expect(rows).toHaveCount(Math.min(Number(count), 20));
    // Newest first: the host just bought, under its tenant's name, which opens the tenant's page.
    const row = page.getByTestId(`ops-resource-${hostName}`);
    await expect(row.locator(`a[href="/sys/tenants/${DEMO_ORG}"]`)).toBeVisible();
    await shot(page, `ops-resources-${locale}`);

    // The count of every resource opens the whole list, whose total is that count.
    await page.goBack();
    const all = page.getByTestId("ops-resources-total");
    await expect(all).toHaveAttribute("href", "/sys/resources");
    const total = (await all.locator(".ant-statistic-content").textContent())!.replace(/\D/g, "");
    await all.click();
    await expect(page).toHaveURL(exactly("/sys/resources"));
    await expect(page.locator(".ant-pagination-total-text")).toHaveText(TOTAL[locale](total));
  });
}
