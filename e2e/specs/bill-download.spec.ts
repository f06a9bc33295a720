// Downloads download (issue 13 §8): a tenant exports this month's bills, waits for the export to
// finish and clicks its download button; the browser saves the file under the name the task shows,
// and the file is a spreadsheet (an xlsx is a zip: it starts with "PK") — in both languages.
import { expect, test } from "@playwright/test";
import { exportAndDownloadBills } from "../support/bills";
import { type Locale, openIn, signIn } from "../support/ui";

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a finished bill export downloads as an xlsx file under its name (${locale})`, async ({ page }) => {
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    const { shownName, download, bytes } = await exportAndDownloadBills(page);
    expect(shownName).toMatch(/^bills_\d{4}-\d{2}_\d{4}-\d{2}\.xlsx$/);
    expect(download.suggestedFilename()).toBe(shownName);
    expect(await download.failure()).toBeNull();
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
  });
}
