import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

/**
 * Exports this month's bills on /mgt/bill, waits for the new export task to finish, clicks its
 * download button and returns the name shown in the task's row, the browser's download and the
 * saved file's bytes. The download must start within 15 s of the click (issue 13 §8).
 */
export async function exportAndDownloadBills(page: Page) {
  await page.goto("/mgt/bill");
  const tasks = page.locator('[data-testid^="download-task-"]');
  await expect(page.getByTestId("downloads-panel")).toBeVisible();
  const earlier = new Set(
    await tasks.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid"))),
  );
  await page.getByTestId("bill-export").click();
  await page.getByTestId("bill-export-submit").click();
  await expect.poll(() => tasks.count(), { timeout: 10_000 }).toBeGreaterThan(earlier.size);
  const testIds = await tasks.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")));
  const id = testIds.find((testId) => !earlier.has(testId))!.replace("download-task-", "");
  const task = page.getByTestId(`download-task-${id}`);
  await expect(task).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  const shownName = ((await task.locator("td").first().textContent()) ?? "").trim();
  const downloading = page.waitForEvent("download", { timeout: 15_000 });
  await page.getByTestId(`download-file-${id}`).click();
  const download = await downloading;
  const bytes = readFileSync((await download.path())!);
  return { shownName, download, bytes };
}
