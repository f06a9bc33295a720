// The purchase, list and unsubscribe steps every managed data service's page shares (the database
// and cache pages are built on apps/web/src/features/services/managed-*), driven as a tenant would:
// `ns` is the service's route and test-id prefix (`rds`, `dcs`).
import { expect, type Locator, type Page } from "@playwright/test";
import { searchList } from "./ui";

/** Clicks the radio button whose inner element carries `testId`. */
export const choose = (page: Page, testId: string) =>
  page.locator("label", { has: page.getByTestId(testId) }).click();

/**
 * Buys one for a month, prepaid, on `/mgt/{ns}/create` with these radio choices, and waits until
 * its order has completed.
 */
export async function buyManaged(page: Page, ns: string, name: string, choices: string[]): Promise<void> {
  await page.goto(`/mgt/${ns}`);
  await page.getByTestId(`${ns}-buy`).click();
  for (const choice of choices) await choose(page, choice);
  await page.getByTestId(`${ns}-create-name`).fill(name);
  await choose(page, `${ns}-create-period-1`);
  await page.getByTestId(`${ns}-create-submit`).click();
  await expect(page.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
    timeout: 60_000,
  });
}

/** Its row on `/mgt/{ns}`, found by name (the demo tenant has more than a page of them by now). */
export async function managedRow(page: Page, ns: string, name: string): Promise<Locator> {
  await page.goto(`/mgt/${ns}`);
  await searchList(page, `${ns}-keyword`, name);
  return page.getByTestId(`${ns}-row-${name}`);
}

/**
 * Unsubscribes it from its detail page (with the refund quote shown first), and waits until the
 * list no longer shows it, or shows it being released.
 */
export async function unsubscribeManaged(page: Page, ns: string, name: string): Promise<void> {
  await page.getByTestId(`${ns}-unsubscribe-${name}`).click();
  await expect(page.getByTestId("unsubscribe-quote")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("unsubscribe-confirm").click();
  await expect(page).toHaveURL(new RegExp(`/mgt/${ns}$`), { timeout: 30_000 });
  await searchList(page, `${ns}-keyword`, name);
  await expect
    .poll(
      async () => {
        // Read without waiting: the row may go between two looks.
        const shown = await page.getByTestId(`${ns}-row-${name}`).allTextContents();
        return shown.length === 0 ? "gone" : shown.join(" ");
      },
      { timeout: 60_000 },
    )
    .toMatch(/gone|释放|Releas|退订|Unsubscrib/);
}
