// Real-name verification in the browser: a new tenant submits personal verification with both ID
// photos, sees it under review, an operator approves it in the review queue, and the tenant sees
// "succeeded" — in both languages.
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi, registerTenantViaApi } from "../support/api";
import { type Locale, openIn, shot, signIn } from "../support/ui";

// GB 11643's published example: the check digit X is right for these 17 digits.
const ID_NUMBER = "11010519491231002X";

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`personal verification is submitted, approved by an operator and shown as succeeded (${locale})`, async ({
    page,
    browser,
  }) => {
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "vz" : "ve"}`;
    const tenant = await registerTenantViaApi(baseURL, ops, suffix);

    await openIn(page, locale, "/login");
    await signIn(page, tenant.account, tenant.password);
    await page.goto("/authent");
    await expect(page.getByTestId("authent-status")).toHaveAttribute("data-status", "noAuth");

    // A real PNG, rendered by the browser itself, stands in for the photos of both sides.
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
    await page.getByTestId("authent-name").fill("王小明");
    await page.getByTestId("authent-id-number").fill(ID_NUMBER);
    await page
      .getByTestId("authent-portrait")
      .setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByTestId("authent-portrait-file")).toHaveCount(1);
    await page
      .getByTestId("authent-emblem")
      .setInputFiles({ name: "emblem.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByTestId("authent-emblem-file")).toHaveCount(1);
    await shot(page, `authent-form-${locale}`);
    await page.getByTestId("authent-submit").click();

    await expect(page.getByTestId("authent-status")).toHaveAttribute("data-status", "authing");
    await expect(page.getByTestId("authent-status-hint")).toContainText(
      locale === "zh-CN" ? "1-2" : "1 to 2 days",
    );
    await shot(page, `authent-review-${locale}`);

    // The operator reviews in their own browser context.
    const opsContext = await browser.newContext();
    const opsPage = await opsContext.newPage();
    await openIn(opsPage, locale, "/login");
    await signIn(opsPage, "admin", "Admin@2026");
    await opsPage.goto("/sys/verifications");
    const row = opsPage.locator(`[data-account="${tenant.account}"]`);
    await expect(row).toBeVisible();
    await row.locator('[data-testid^="review-open-"]').click();
    await expect(opsPage.getByTestId("review-drawer")).toBeVisible();
    await expect(opsPage.getByTestId("review-photo-portrait")).toBeVisible();
    await shot(opsPage, `review-drawer-${locale}`);
    await opsPage.getByTestId("review-approve").click();
    await opsPage
      .getByTestId("review-remark")
      .fill(locale === "zh-CN" ? "资料清晰，通过" : "Documents are clear");
    await opsPage.getByTestId("review-confirm").click();
    await expect(opsPage.getByTestId("review-status")).toHaveText(locale === "zh-CN" ? "已通过" : "Approved");
    await opsContext.close();

    await page.reload();
    await expect(page.getByTestId("authent-status")).toHaveAttribute("data-status", "authSucceed");
    await shot(page, `authent-succeeded-${locale}`);
  });
}
