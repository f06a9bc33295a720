// Every resource can be renewed from where it is (issue 13 §3), in both languages: the demo tenant's
// host bought for three months shows its private address on the host list, is renewed for a month
// from its row's "more" menu with renewal management's dialog, has auto-renew turned on there, and
// — its term far beyond 30 days — is found on renewal management once "all" is chosen. The server
// runs the simulator at 5 % of its delays (playwright.config.ts).
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, pickOption, searchList, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const ALL_LABEL: Record<Locale, string> = { "zh-CN": "全部包年包月资源", "en-US": "All prepaid resources" };

test.use({ actionTimeout: 15_000 });

type Renewable = { list: { name: string; expiresAt: string | null; autoRenew: boolean }[] };

async function signedInPage(browser: Browser, locale: Locale, account: string, password: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, account, password);
  return page;
}

/** Clicks the visible label of an antd radio whose input carries the test id. */
async function choose(page: Page, testId: string) {
  await page.locator("label", { has: page.getByTestId(testId) }).click();
}

for (const locale of ["zh-CN", "en-US"] as const) {
  test(`renewing a host from its row (${locale})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const hostName = `e2e-renew-${locale === "zh-CN" ? "zh" : "en"}`;
    const operator = new OperatorApi(baseURL!);
    await operator.login();
    await operator.manualRecharge(DEMO_ORG, "1000", "E2E renew from the row");

    // The demo tenant buys a host for three months (the seed's product needs no approval).
    const tenantApi = new OperatorApi(baseURL!);
    await tenantApi.login("demotenant", "Tenant@2026");
    await tenantApi.call("POST", "/api/service/apply", {
      body: {
        productCode: "ecs-standard",
        spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
        name: hostName,
        quantity: 1,
        paymentType: "prepaid",
        periodMonths: 3,
      },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    const hostRecord = async () =>
      (await tenantApi.call<Renewable>("GET", "/api/renew", { query: { kind: "host" } })).list.find(
        (h) => h.name === hostName,
      );

    const tenant = await signedInPage(browser, locale, "demotenant", "Tenant@2026");
    await tenant.goto("/mgt/cloudhost");
    await expect(tenant.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running", {
      timeout: 30_000,
    });
    // Its private address under its name; the list still needs no sideways scroll at 1440 × 900.
    await expect(tenant.getByTestId(`ip-${hostName}`)).toHaveText(/10\.\d{1,3}\.\d{1,3}\.\d{1,3}/);
    const hostTable = tenant
      .getByTestId("hosts-table")
      .locator(".ant-table-content, .ant-table-body")
      .first();
    expect(await hostTable.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    const before = (await hostRecord())!;

    // Renewed for a month from the row's menu, in renewal management's dialog.
    await tenant.getByTestId(`host-more-${hostName}`).click();
    await tenant.getByTestId(`host-renew-${hostName}`).click();
    await expect(tenant.getByTestId("renew-panel")).toBeVisible();
    await choose(tenant, "renew-period-1");
    await expect(tenant.getByTestId("renew-payable")).toHaveText(/150\.00000/);
    await shot(tenant, `renew-from-row-${locale}`);
    await clickInOpenDialog(tenant, "renew-confirm");
    await expect(tenant.getByTestId("renew-panel")).toHaveCount(0);
    const after = (await hostRecord())!;
    expect(new Date(after.expiresAt!).getTime()).toBeGreaterThan(new Date(before.expiresAt!).getTime());

    // Auto-renew turned on from the same menu; the entry then offers to turn it off.
    await tenant.getByTestId(`host-more-${hostName}`).click();
    await tenant.getByTestId(`host-autoRenew-${hostName}`).click();
    await expect.poll(async () => (await hostRecord())?.autoRenew).toBe(true);
    await tenant.getByTestId(`host-more-${hostName}`).click();
    await expect(tenant.getByTestId(`host-autoRenew-${hostName}`)).toHaveText(
      locale === "zh-CN" ? "关闭自动续订" : "Turn off auto-renew",
    );
    await tenant.keyboard.press("Escape");

    // Renewal management lists it once "all" is chosen: its term ends long after 30 days.
    await tenant.goto("/mgt/renew");
    await expect(tenant.getByTestId("renew-table")).toBeVisible();
    await searchList(tenant, "renew-keyword", hostName);
    await expect(tenant.getByTestId(`renew-row-${hostName}`)).toHaveCount(0);
    await pickOption(tenant, tenant.getByTestId("renew-range"), ALL_LABEL[locale]);
    await expect(tenant.getByTestId(`renew-row-${hostName}`)).toBeVisible();
    await expect(tenant.getByTestId(`renew-auto-${hostName}`)).toHaveAttribute("data-checked", "true");
    await shot(tenant, `renew-all-${locale}`);
    await tenant.context().close();
  });
}
