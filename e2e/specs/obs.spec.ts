// Object storage in the browser (issue 16 item 1), in zh-CN and in en-US: the demo tenant buys a
// bucket on /mgt/obs/create (postpaid by use, nothing charged now), follows the order until it
// completes, finds the bucket on /mgt/obs available and said to be simulated, opens it, uploads a
// small file and sees it listed, makes a folder and opens it, downloads the file and gets its
// bytes, makes a one-hour share link that serves the same bytes to anyone, deletes the file, and
// releases the bucket from its detail page.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { choose, managedRow, unsubscribeManaged } from "../support/managed-service";
import { clickInOpenDialog, type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };
const CONTENT = "hello object storage\n";

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  // Usage is billed by the hour; a positive balance keeps the bucket from being frozen meanwhile.
  await ops.manualRecharge(DEMO_ORG, "10", "E2E object storage");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant buys a bucket, uploads, shares and deletes an object, and releases it (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const zh = locale === "zh-CN";
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    // No dots: the resource name (bucketResourceName) is then the bucket name itself.
    const name = `e2e-obs-${zh ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();

    await page.goto("/mgt/obs");
    await page.getByTestId("obs-buy").click();
    await page.getByTestId("obs-create-name").fill(name);
    await expect(page.getByTestId("obs-create-billing")).toContainText(
      zh ? "现在不扣费" : "nothing is charged now",
    );
    await choose(page, "obs-create-acl-private");
    await page.getByTestId("obs-create-submit").click();
    await expect(page.getByTestId("order-detail-status")).toHaveAttribute("data-status", "completed", {
      timeout: 60_000,
    });

    const row = await managedRow(page, "obs", name);
    await expect(row).toContainText(zh ? "可用" : "Available", { timeout: 30_000 });
    await expect(row).toContainText(zh ? "私有" : "Private");
    await expect(page.getByTestId("obs-simulated")).toBeVisible();

    await row.getByTestId(`obs-open-${name}`).click();
    await expect(page.getByTestId("obs-detail-page")).toBeVisible();
    await page.getByTestId("obs-tab-objects").click();

    // Upload: the progress bar ends complete and the file is listed.
    await page.getByTestId("obs-upload").click();
    await page.getByTestId("obs-upload-input").setInputFiles({
      name: "hello.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(CONTENT),
    });
    await expect(page.getByTestId("obs-upload-progress-hello.txt")).toHaveClass(
      /ant-progress-status-success/,
      {
        timeout: 30_000,
      },
    );
    await page.getByTestId("obs-upload-close").click();
    await expect(page.getByTestId("obs-entry-hello.txt")).toBeVisible({ timeout: 30_000 });

    // A folder, opened and left by the breadcrumb.
    await page.getByTestId("obs-new-folder").click();
    await page.getByTestId("obs-folder-name").fill("docs");
    await clickInOpenDialog(page, "obs-folder-ok");
    await page.getByTestId("obs-open-folder-docs").click();
    await expect(page.getByTestId("obs-crumb-docs/")).toBeVisible();
    await page.getByTestId("obs-crumb-").click();
    await expect(page.getByTestId("obs-entry-hello.txt")).toBeVisible();

    // Download: the browser saves the object's bytes under its name.
    const downloading = page.waitForEvent("download", { timeout: 15_000 });
    await page.getByTestId("obs-download-hello.txt").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("hello.txt");
    expect(readFileSync((await download.path())!).toString()).toBe(CONTENT);

    // A one-hour share link serves the same bytes to anyone, without signing in.
    await page.getByTestId("obs-share-hello.txt").click();
    await choose(page, "obs-share-expiry-hour");
    await clickInOpenDialog(page, "obs-share-ok");
    const url = (await page.getByTestId("obs-share-url").textContent())!.trim();
    const shared = await (await fetch(new URL(url, baseURL))).text();
    expect(shared).toBe(CONTENT);
    await page.getByTestId("obs-share-close").click();

    await page.getByTestId("obs-delete-hello.txt").click();
    await clickInOpenDialog(page, "obs-delete-confirm");
    await expect(page.getByTestId("obs-entry-hello.txt")).toHaveCount(0, { timeout: 30_000 });

    await unsubscribeManaged(page, "obs", name);
    await context.close();
  });
}
