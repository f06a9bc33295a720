// A ticket conversation in the browser: the tenant opens a ticket with a screenshot attached, an
// operator finds it in the queue and answers, and the tenant sees the answer with its unread badge
// gone once read — in both languages.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant's ticket with an attachment is answered by an operator (${locale})`, async ({
    page,
    browser,
  }) => {
    const title = `e2e-ticket-${locale}-${Date.now() % 100000}`;
    const answer = locale === "zh-CN" ? "请在控制台重启云主机。" : "Please reboot the host from the console.";
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/workorder");
    await page.getByTestId("ticket-new").click();
    await page.getByTestId("ticket-title").fill(title);
    await page
      .getByTestId("ticket-content")
      .fill(locale === "zh-CN" ? "云主机无法启动" : "The host does not boot");
    // A real PNG, rendered by the browser itself.
    const screenshot = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
    await page
      .getByTestId("ticket-files")
      .setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: screenshot });
    await expect(page.getByTestId("ticket-files-file")).toHaveCount(1);
    await shot(page, `ticket-new-${locale}`);
    await page.getByTestId("ticket-create-submit").click();
    // The new ticket's own page (the list behind it may hold other open tickets of the tenant).
    await expect(page).toHaveURL(/\/mgt\/workorder\/details\//);
    await expect(page.getByTestId("ticket-no")).toBeVisible();
    await expect(page.getByTestId("ticket-status-open")).toBeVisible();
    await expect(page.getByTestId("ticket-attachment-screen.png")).toBeVisible();
    const ticketNo = (await page.getByTestId("ticket-no").textContent()) ?? "";
    expect(ticketNo).toMatch(/^WO\d{14}$/);

    // The operator answers in their own browser context.
    const opsContext = await browser.newContext();
    const opsPage = await opsContext.newPage();
    await openIn(opsPage, locale, "/login");
    await signIn(opsPage, "admin", "Admin@2026");
    await opsPage.goto("/mgt/workorders");
    await opsPage.getByTestId("queue-keyword").locator("input").fill(ticketNo);
    await opsPage.getByTestId("queue-keyword").locator("input").press("Enter");
    await opsPage.getByTestId(`ticket-open-${ticketNo}`).click();
    await expect(opsPage.getByTestId("ticket-attachment-screen.png")).toBeVisible();
    await opsPage.getByTestId("ticket-reply-content").fill(answer);
    await opsPage.getByTestId("ticket-reply-send").click();
    await expect(opsPage.getByTestId("ticket-status-replied")).toBeVisible();
    await shot(opsPage, `ticket-desk-${locale}`);
    await opsContext.close();

    await page.goto("/mgt/workorder");
    const row = page.getByTestId(`ticket-row-${ticketNo}`);
    await expect(row.locator(".ant-badge-count")).toHaveText("1");
    await row.getByTestId(`ticket-open-${ticketNo}`).click();
    await expect(page.getByTestId("ticket-message-engineer")).toContainText(answer);
    await expect(page.getByTestId("ticket-status-replied")).toHaveText(
      locale === "zh-CN" ? "已回复" : "Answered",
    );
    await shot(page, `ticket-answered-${locale}`);
  });
}
