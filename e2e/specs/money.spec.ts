// The money side in the browser: top up through the sandbox payment page and see the balance
// change, redeem a cash voucher, export bills and download the file — in both languages.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { exportAndDownloadBills } from "../support/bills";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const ORG_ID = "00000000-0000-4000-8000-000000000001";

async function balanceOnDashboard(page: Page): Promise<number> {
  await page.goto("/mgt/dashboard");
  const text = (await page.getByTestId("billing-balance").innerText()).replace(/[^\d.]/g, "");
  return Number(text);
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant tops up, redeems a voucher and exports bills (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    // A small adjustment gives the tenant a bill in the current cycle to export.
    await ops.call("POST", "/api/ops/adjustments", {
      body: { orgId: ORG_ID, amount: "1.50000", reason: `e2e ${locale}` },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    const {
      vouchers: [voucher],
    } = await ops.call<{ vouchers: { code: string }[] }>("POST", "/api/ops/cash_vouchers", {
      body: {
        kind: "deduction",
        faceValue: "20",
        count: 1,
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        remark: "e2e",
      },
    });

    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    const before = await balanceOnDashboard(page);

    // Top up 88 yuan through the sandbox gateway's payment page.
    await page.getByTestId("dashboard-topup").click();
    await expect(page).toHaveURL(/\/mgt\/onlinerecharge/);
    await page.getByTestId("topup-amount").fill("88");
    await page.getByTestId("topup-channel-sandbox").check();
    await shot(page, `topup-${locale}`);
    await page.getByTestId("topup-submit").click();
    await expect(page.getByTestId("sandbox-amount")).toHaveText("88.00000");
    await shot(page, `sandbox-pay-${locale}`);
    await page.getByTestId("sandbox-pay").click();
    await expect(page.getByTestId("recharge-result")).toHaveAttribute("data-status", "success", {
      timeout: 20_000,
    });
    await shot(page, `topup-result-${locale}`);
    expect(await balanceOnDashboard(page)).toBeCloseTo(before + 88, 5);

    // Redeem the cash voucher by its code.
    await page.goto("/mgt/couponordinary?tab=vouchers");
    await page.getByTestId("voucher-code").fill(voucher!.code);
    await page.getByTestId("voucher-check").click();
    await expect(page.getByTestId("voucher-check-result")).toHaveAttribute("data-redeemable", "true");
    await page.getByTestId("voucher-redeem").click();
    await expect(page.getByTestId("vouchers-table")).toContainText(voucher!.code);
    await shot(page, `vouchers-${locale}`);

    // Export this month's bills and download the spreadsheet.
    const { download, bytes } = await exportAndDownloadBills(page);
    expect(download.suggestedFilename()).toMatch(/^bills_\d{4}-\d{2}_\d{4}-\d{2}\.xlsx$/);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    await shot(page, `bills-${locale}`);
  });
}
