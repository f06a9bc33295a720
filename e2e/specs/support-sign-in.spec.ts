// Signing in as support (issue 19 item 3, decision 0031), in both languages: the platform
// administrator opens the demo tenant's page, signs in as support with a reason, reads the tenant's
// bills under the support banner, is refused a top-up with the clear message, and ends the support
// session back on the tenant's page under their own session.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

const TEXTS = {
  "zh-CN": {
    banner: /的客服视图 — 只读，由 .*admin.* 登录/,
    refusal: "这是平台客服的只读支持会话，不能办理任何业务或修改数据",
    reasonInvalid: "请填写原因，5 到 200 个字符",
  },
  "en-US": {
    banner: /Support view of .* — read only, signed in by .*admin/,
    refusal: "This is a read-only support session of the platform: nothing can be changed or bought in it",
    reasonInvalid: "Enter the reason, 5 to 200 characters",
  },
} as const;

test.use({ actionTimeout: 15_000 });

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`an operator signs in as support, reads the tenant's bills, cannot top up, and ends it (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[locale];
    await openIn(page, locale, "/login");
    await signIn(page, "admin", "Admin@2026");
    await page.goto(`/sys/tenants/${DEMO_ORG}`);

    await page.getByTestId("tenant-support").click();
    await page.getByTestId("tenant-support-reason").fill("abc");
    await page.getByTestId("tenant-support-submit").click();
    await expect(page.getByText(texts.reasonInvalid)).toBeVisible();
    await page.getByTestId("tenant-support-reason").fill(`E2E ticket: a bill looks wrong (${locale})`);
    await page.getByTestId("tenant-support-submit").click();

    // The tenant's console, marked on every page.
    const banner = page.getByTestId("support-banner");
    await expect(banner).toContainText(texts.banner);
    await page.goto("/mgt/bill?tab=items");
    await expect(page.getByTestId("bills-table")).toBeVisible();
    await expect(banner).toBeVisible();
    await shot(page, `support-bills-${locale}`);

    // Money actions are refused by the server with the clear message.
    await page.goto("/mgt/onlinerecharge");
    await page.getByTestId("topup-amount").fill("88");
    await page.getByTestId("topup-channel-sandbox").check();
    await page.getByTestId("topup-submit").click();
    await expect(page.getByText(texts.refusal).first()).toBeVisible();
    await expect(page).toHaveURL(/\/mgt\/onlinerecharge/);
    await shot(page, `support-refused-${locale}`);

    await page.getByTestId("support-end").click();
    await expect(page).toHaveURL(new RegExp(`/sys/tenants/${DEMO_ORG}$`));
    await expect(page.getByTestId("support-banner")).toHaveCount(0);
    await expect(page.getByTestId("tenant-support")).toBeVisible();
  });
}
