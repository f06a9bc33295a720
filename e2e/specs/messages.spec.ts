// An announcement reaching the message centre in the browser: an operator publishes one, the demo
// tenant sees the unread badge in the header and the announcement on the overview, opens it in the
// message centre and reads its content — in both languages.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`an operator's announcement reaches the tenant's message centre (${locale})`, async ({
    page,
    browser,
  }) => {
    const title = `e2e-announcement-${locale}-${Date.now() % 100000}`;
    const body =
      locale === "zh-CN" ? "今晚 22:00 至 23:00 存储升级。" : "Storage is upgraded tonight, 22:00 to 23:00.";

    const opsContext = await browser.newContext();
    const opsPage = await opsContext.newPage();
    await openIn(opsPage, locale, "/login");
    await signIn(opsPage, "admin", "Admin@2026");
    await opsPage.goto("/sys/announcements");
    await opsPage.getByTestId("announcement-new").click();
    await opsPage.getByTestId("announcement-title").fill(title);
    await opsPage.getByTestId("announcement-body").fill(body);
    await shot(opsPage, `announcement-new-${locale}`);
    await opsPage.getByTestId("announcement-submit").click();
    await expect(opsPage.getByTestId(`announcement-row-${title}`)).toContainText(
      locale === "zh-CN" ? "已发布" : "Published",
    );
    await opsContext.close();

    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/dashboard");
    await expect(page.getByTestId("dashboard-announcements")).toContainText(title);
    const badge = page.getByTestId("message-bell-count");
    await expect(badge).not.toHaveAttribute("data-count", "0");
    await page.getByTestId("message-bell").click();
    await expect(page).toHaveURL(/\/mgt\/msgs$/);
    await page.getByTestId("message-table").getByText(title).click();
    await expect(page.getByTestId("message-title")).toHaveText(title);
    await expect(page.getByTestId("message-body")).toHaveText(body);
    await shot(page, `announcement-read-${locale}`);
  });
}
