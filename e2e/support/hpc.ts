// The HPC console's steps shared by the browser tests: the demo tenant's shared pool ordered through
// the API as the order page would, and a job from the Hello template run to its end in the console.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { OperatorApi } from "./api";

export const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
export const TENANT = { account: "demotenant", password: "Tenant@2026" } as const;

/** Funds the demo tenant and orders a postpaid `hpc-shared` pool; its id and order number once provisioned. */
export async function orderSharedPool(
  baseURL: string,
  name: string,
): Promise<{ poolId: string; orderNo: string }> {
  const ops = new OperatorApi(baseURL);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "200", "E2E HPC console");
  const tenant = new OperatorApi(baseURL);
  await tenant.login(TENANT.account, TENANT.password);
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: { productCode: "hpc-shared", spec: {}, name, quantity: 1, paymentType: "postpaid" },
    headers: { "idempotency-key": randomUUID() },
  });
  let pool = { poolId: "", orderNo: "" };
  await expect
    .poll(
      async () => {
        const o = await tenant.call<{ status: string; orderNo: string; resourceIds: string[] }>(
          "GET",
          `/api/orders/${order.id}`,
        );
        if (o.status === "completed") pool = { poolId: o.resourceIds[0] ?? "", orderNo: o.orderNo };
        return o.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
  return pool;
}

/**
 * On a signed-in page: opens the pool's console from its page, submits the Hello template with
 * `jobName` and a five-second simulated run, follows its output until it ends and closes it.
 * Answers the job's id and the queue row (gone once the job has finished).
 */
export async function runHelloJob(page: Page, poolId: string, jobName: string) {
  await page.goto(`/mgt/hpc/${poolId}`);
  await page.getByTestId("hpc-pool-console").click();
  await expect(page).toHaveURL(new RegExp(`/hpcconsole\\?pool=${poolId}$`));
  await expect(page.getByTestId("hpc-console")).toBeVisible();

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
  return { jobId, queued };
}
