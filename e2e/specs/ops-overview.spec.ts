// The operator lands on the operators' overview (issue 13 §5): after signing in, `admin` sees the
// queues waiting for an operator with the server's counts — never the tenant's "verify before using
// cloud services" card — and a count opens its queue, filtered; in both languages, without a
// console error. And the side menu of both (issue 13 §6) shows every label whole at 1440 px.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi, registerTenantViaApi } from "../support/api";
import { type Locale, openIn, shot, signIn } from "../support/ui";

/** Opens every group of the side menu and returns the labels it shows cut. */
async function cutMenuLabels(page: Page): Promise<string[]> {
  const menu = page.getByTestId("console-menu");
  const closed = menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  for (let groups = 0; groups < 10 && (await closed.count()) > 0; groups++) await closed.first().click();
  await expect(menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open)")).toHaveCount(0);
  return menu
    .locator(".ant-menu-title-content")
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent ?? ""),
    );
}

const TITLE = { "zh-CN": "运营概览", "en-US": "Operations overview" } as const;
const QUEUES = [
  "ordersToApprove",
  "ordersToActivate",
  "verifications",
  "adjustments",
  "manualRecharges",
  "voucherIssues",
] as const;

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`the operator lands on the queue summary, not on the tenant overview (${locale})`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const ops = new OperatorApi(baseURL);
    await ops.login();
    // A new tenant and an adjustment above the four-eyes threshold (10 000 yuan in the demo): it
    // waits for a second operator.
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "oz" : "oe"}`;
    await registerTenantViaApi(baseURL, ops, suffix);
    const tenantName = `星河测试${suffix}`;
    const orgs = await ops.call<{ list: { orgId: string }[] }>("GET", "/api/ops/orgs", {
      query: { keyword: tenantName },
    });
    const adjustment = await ops.call<{ status: string }>("POST", "/api/ops/adjustments", {
      body: { orgId: orgs.list[0]!.orgId, amount: "12000", reason: `e2e overview ${locale}` },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    expect(adjustment.status).toBe("pending_approval");
    const waiting = await ops.call<{ total: number }>("GET", "/api/ops/adjustments", {
      query: { status: "pending_approval", pageNum: "1", pageSize: "1" },
    });

    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await expect(page).toHaveURL(/\/sys\/overview$/);
    await expect(page.getByRole("heading", { name: TITLE[locale] })).toBeVisible();
    for (const queue of QUEUES) await expect(page.getByTestId(`ops-queue-${queue}`)).toBeVisible();
    await expect(page.getByTestId("ops-queue-adjustments")).toHaveAttribute(
      "data-count",
      String(waiting.total),
    );
    await expect(page.getByTestId("ops-queue-adjustments")).toContainText(String(waiting.total));
    await expect(page.getByTestId("overview-queue")).toBeVisible();
    // Nothing of the tenant overview: no verification card, no tenant overview in the menu.
    await expect(page.getByTestId("dashboard-verification")).toHaveCount(0);
    await expect(page.getByTestId("menu-item-mgt-dashboard")).toHaveCount(0);
    await expect(page.getByTestId("menu-item-sys-overview")).toBeVisible();
    await shot(page, `ops-overview-${locale}`);

    // The count opens the waiting adjustments, this tenant's among them.
    await page.getByTestId("ops-queue-adjustments").click();
    await expect(page).toHaveURL(/\/sys\/finance\/adjustments\?status=pending_approval$/);
    await expect(page.getByTestId("adjustments-table")).toContainText(tenantName);

    // The brand link goes back to the operator's landing page; the tenant overview is not theirs.
    await page.getByTestId("system-name").click();
    await expect(page).toHaveURL(/\/sys\/overview$/);
    await page.goto("/mgt/dashboard");
    await expect(page.getByTestId("exception-403")).toBeVisible();
    expect(errors).toEqual([]);
  });
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`the side menu shows every label whole, one-page groups as their page (${locale})`, async ({
    browser,
  }) => {
    for (const [account, password] of [
      ["demotenant", "Tenant@2026"],
      ["admin", "Admin@2026"],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openIn(page, locale, "/login");
      await signIn(page, account, password);
      // The tenant's quota group holds one page: it is that page, at the top level.
      if (account === "demotenant") await expect(page.getByTestId("menu-item-mgt-quota")).toBeVisible();
      expect(await cutMenuLabels(page), account).toEqual([]);
      await context.close();
    }
  });
}
