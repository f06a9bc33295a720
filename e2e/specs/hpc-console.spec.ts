// The HPC job console in the browser (issue 14 item 5), in zh-CN and in en-US: the demo tenant's
// shared pool on the simulated cluster (ordered through the API as the order page would), opened
// from the pool's page; a job submitted from the Hello template with a short simulated run time
// (`#SIM runtime=5`), seen in the queue, its output read live until it ends, then found among the
// finished jobs with its state, exit code and core-hours. Runs with the real clock.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

let poolId = "";

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "200", "E2E HPC console");
  const tenant = new OperatorApi(baseURL!);
  await tenant.login(TENANT.account, TENANT.password);
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: "hpc-shared",
      spec: {},
      name: `e2e-console-${Date.now() % 100_000}`,
      quantity: 1,
      paymentType: "postpaid",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  await expect
    .poll(
      async () => {
        const o = await tenant.call<{ status: string; resourceIds: string[] }>(
          "GET",
          `/api/orders/${order.id}`,
        );
        if (o.status === "completed") poolId = o.resourceIds[0] ?? "";
        return o.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
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
    // From the pool's page to its console.
    await page.goto(`/mgt/hpc/${poolId}`);
    await page.getByTestId("hpc-pool-console").click();
    await expect(page).toHaveURL(new RegExp(`/hpcconsole\\?pool=${poolId}$`));
    await expect(page.getByTestId("hpc-console")).toBeVisible();
    await expect(page.getByTestId("hpc-console-simulated")).toBeVisible();
    await expect(page.getByTestId("hpc-console-cluster-user")).toHaveText(/^sk_/);
    await expect(page.getByTestId("hpc-console-blocked")).toHaveCount(0);

    // The Hello template, edited: its name and a five-second simulated run with progress lines.
    const script = page.getByTestId("hpc-console-script");
    await expect(script).toHaveValue(/^#!\/bin\/bash\n#SBATCH --job-name=hello/);
    await page.getByTestId("hpc-console-name").fill(jobName);
    const edited = (await script.inputValue()).replace(/#SIM .*/, "#SIM runtime=5 progress=5");
    await script.fill(edited);
    await page.getByTestId("hpc-console-submit-button").click();

    // In the queue (running at once on the idle simulated cluster).
    const queued = page.getByTestId("hpc-console-queue").locator("tr", { hasText: jobName });
    await expect(queued).toBeVisible();
    const jobId = ((await queued.getAttribute("data-testid")) ?? "").replace("hpc-console-job-", "");
    expect(jobId).toMatch(/^\d+$/);

    // Its output, followed until it ends.
    await page.getByTestId(`hpc-console-output-${jobId}`).click();
    await expect(page.getByTestId("hpc-console-output-text")).toContainText("Hello from");
    await expect(page.getByTestId("hpc-console-output-state")).toHaveAttribute("data-state", "completed", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("hpc-console-output-text")).toContainText("progress 5/5");
    await page.keyboard.press("Escape");

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
