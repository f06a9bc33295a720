// Four-eyes in the browser (issue 11 §5): `admin` records a manual recharge above the approval
// threshold with the bank slip attached; it waits, `admin` cannot approve it; the second platform
// administrator (`approver`, from the demo seed) opens the slip and approves, and only then the
// tenant's balance moves — in both languages.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { APPROVER, BANK_SLIP_PNG, OperatorApi, registerTenantViaApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, shot, signIn } from "../support/ui";

const TEXT = {
  "zh-CN": { awaiting: "等待另一位运营管理员审批", applied: "已生效", pending: "须另一位运营管理员" },
  "en-US": {
    awaiting: "Awaiting another operator",
    applied: "Applied",
    pending: "another operator must approve it",
  },
} as const;

async function signedInPage(browser: Browser, locale: Locale, who: { account: string; password: string }) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, who.account, who.password);
  return page;
}

/** The row of the manual recharges table of this tenant. */
const rowOf = (page: Page, tenantName: string) =>
  page.getByTestId("manual-recharges-table").locator("tr", { hasText: tenantName });

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a manual recharge above the threshold moves money only when a second operator approves (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[locale];
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "fz" : "fe"}`;
    await registerTenantViaApi(baseURL, ops, suffix);
    const tenantName = `星河测试${suffix}`;
    const orgs = await ops.call<{ list: { orgId: string; name: string }[] }>("GET", "/api/ops/orgs", {
      query: { keyword: tenantName },
    });
    const orgId = orgs.list[0]!.orgId;
    const balance = async () =>
      (await ops.call<{ balance: string }>("GET", `/api/ops/orgs/${orgId}/account`)).balance;

    // The first operator records 12 345.6 yuan with the bank slip.
    const admin = await signedInPage(browser, locale, { account: "admin", password: "Admin@2026" });
    await admin.goto("/sys/finance/accounts");
    const search = admin.getByTestId("orgs-keyword").locator("input");
    await search.fill(tenantName);
    await search.press("Enter");
    await admin.getByTestId(`org-open-${orgId}`).click();
    await admin.getByTestId("org-recharge").click();
    await admin.getByTestId("recharge-amount").fill("12345.6");
    await admin.getByTestId("recharge-remark").fill(`Wire ${suffix}`);
    await admin.getByTestId("recharge-evidence").setInputFiles({
      name: "bank-slip.png",
      mimeType: "image/png",
      buffer: Buffer.from(BANK_SLIP_PNG),
    });
    await expect(admin.getByTestId("recharge-evidence-file")).toBeVisible();
    await shot(admin, `four-eyes-request-${locale}`);
    await clickInOpenDialog(admin, "recharge-submit");
    await expect(admin.locator(".ant-message")).toContainText(text.pending);
    expect(await balance()).toBe("0.00000");

    // The requester sees it waiting for someone else, with no way to approve it.
    await admin.goto("/sys/finance/approvals");
    await expect(rowOf(admin, tenantName)).toContainText(text.awaiting);
    await expect(rowOf(admin, tenantName).locator('[data-testid^="manual-recharge-approve-"]')).toHaveCount(
      0,
    );
    await shot(admin, `four-eyes-pending-${locale}`);

    // The second operator reads the slip and approves.
    const approver = await signedInPage(browser, locale, APPROVER);
    await approver.goto("/sys/finance/approvals");
    const row = rowOf(approver, tenantName);
    await row.locator('[data-testid^="manual-recharge-evidence-"]').click();
    await expect(approver.locator('[data-testid$="-image"]')).toBeVisible();
    await shot(approver, `four-eyes-evidence-${locale}`);
    await approver.keyboard.press("Escape");
    await row.locator('[data-testid^="manual-recharge-approve-"]').click();
    await approver.getByTestId("manual-recharge-remark").fill("Slip matches the bank statement");
    await clickInOpenDialog(approver, "manual-recharge-decide-submit");
    await expect(row).toHaveCount(0);
    expect(await balance()).toBe("12345.60000");

    // Applied, decided by the approver, in the history.
    await approver.getByTestId("manual-recharges-status").click();
    await approver.locator(".ant-select-item-option", { hasText: text.applied }).click();
    await expect(rowOf(approver, tenantName)).toContainText(APPROVER.account);
    await shot(approver, `four-eyes-applied-${locale}`);
  });
}
