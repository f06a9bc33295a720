// The HPC job console in the browser (issue 14 item 5), in zh-CN and in en-US: the demo tenant's
// shared pool on the simulated cluster (ordered through the API as the order page would), opened
// from the pool's page; a job submitted from the Hello template with a short simulated run time
// (`#SIM runtime=5`), seen in the queue, its output read live until it ends, then found among the
// finished jobs with its state, exit code and core-hours. Runs with the real clock.
import { expect, test } from "@playwright/test";
import { orderSharedPool, runHelloJob, TENANT } from "../support/hpc";
import { type Locale, openIn, signIn } from "../support/ui";

let poolId = "";

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  ({ poolId } = await orderSharedPool(baseURL!, `e2e-console-${Date.now() % 100_000}`));
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a member submits a job from a template, follows it and sees it finished (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const jobName = `e2e-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    // From the pool's page to its console, a job from the Hello template followed to its end.
    const { jobId, queued } = await runHelloJob(page, poolId, jobName);
    await expect(page.getByTestId("hpc-console-simulated")).toBeVisible();
    await expect(page.getByTestId("hpc-console-cluster-user")).toHaveText(/^sk_/);
    await expect(page.getByTestId("hpc-console-blocked")).toHaveCount(0);

    // Gone from the queue, among the finished jobs with its exit code.
    await expect(queued).toHaveCount(0, { timeout: 15_000 });
    await page.getByTestId("hpc-console-tab-finished").click();
    const finished = page.getByTestId(`hpc-console-job-${jobId}`);
    await expect(finished).toBeVisible();
    await expect(page.getByTestId(`hpc-console-state-${jobId}`)).toHaveAttribute("data-state", "completed");
    await expect(page.getByTestId(`hpc-console-charged-${jobId}`)).toBeVisible();

    // A script without #! is refused in the reader's language, and nothing is queued.
    await page.getByTestId("hpc-console-script").fill("echo no shebang\n");
    await page.getByTestId("hpc-console-submit-button").click();
    await expect(
      page.getByText(locale === "zh-CN" ? "作业脚本第一行须以#!开头" : "must start with #!"),
    ).toBeVisible();
    await context.close();
  });
}
