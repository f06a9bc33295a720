// A job submitted in the HPC console is found in the tenant's bill (issue 14, item 6), in zh-CN and
// en-US. Jobs are charged by the hour, up to the last hour boundary, so this spec runs its own
// Skyledger: the job runs and ends, then the installation is restarted with its clock moved just
// past the next hour boundary (CLOCK_START_AT, as an operator trying a sandbox would), and the
// lifecycle's next pass charges the hour. The bill shows one line for the job, at the amount the
// console then shows as charged and the one rated from the line's own figures.
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { orderSharedPool, runHelloJob, TENANT } from "../support/hpc";
import { OwnServer } from "../support/own-server";
import { type Locale, openIn, signIn } from "../support/ui";

const HOUR_MS = 3_600_000;
const CORE_HOUR_PRICE_UNITS = 35_000n; // hpc-shared's seeded 0.35 yuan, in 0.00001 yuan
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8090) + 50, "e2e/.data-clock");

type BillJob = { jobId: string; user: string; cpus: number; gpus: number; seconds: number; amount: string };
type Bill = { billNo: string; orderNo: string; amount: string };

let pool = { poolId: "", orderNo: "" };
let jobId = "";
let bill: Bill;
let line: BillJob;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start();
  pool = await orderSharedPool(server.baseURL, `e2e-bill-${Date.now() % 100_000}`);
});
test.afterAll(() => server.stop());

/** Units of 0.00001 yuan from a decimal yuan text ("0.00049"). */
const units = (yuan: string): bigint => {
  const [whole = "0", frac = ""] = yuan.split(".");
  return BigInt(whole) * 100_000n + BigInt(frac.padEnd(5, "0").slice(0, 5));
};

async function openBill(page: import("@playwright/test").Page, locale: Locale) {
  await openIn(page, locale, "/login");
  await signIn(page, TENANT.account, TENANT.password);
  await page.goto("/mgt/bill?tab=items");
  await page.getByTestId("bills-filter-order").locator("input").fill(pool.orderNo);
  await page.getByTestId("bills-filter-order").locator("input").press("Enter");
  await page.locator(`[data-testid="bills-table"] tr[data-row-key="${bill.billNo}"]`).click();
  const row = page.getByTestId(`bill-job-${jobId}`);
  await expect(row).toBeVisible();
  return row;
}

test("a console job, charged at the hour, is one line of the bill (zh-CN)", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ locale: "zh-CN", baseURL: server.baseURL });
  const page = await context.newPage();
  await openIn(page, "zh-CN", "/login");
  await signIn(page, TENANT.account, TENANT.password);
  const job = await runHelloJob(page, pool.poolId, `e2e-bill-${Date.now() % 100_000}`);
  jobId = job.jobId;
  await page.getByTestId("hpc-console-tab-finished").click();
  await expect(page.getByTestId(`hpc-console-charged-${jobId}`)).toHaveText("尚未扣费");
  await context.close();

  // The hour ends: restarted on the same data with the clock a few seconds past the next boundary.
  const boundary = new Date(Math.ceil((await server.serverTime()).getTime() / HOUR_MS) * HOUR_MS + 3_000);
  await server.stop();
  await server.start({ CLOCK_START_AT: boundary.toISOString() });

  const tenant = new OperatorApi(server.baseURL);
  await tenant.login(TENANT.account, TENANT.password);
  await expect
    .poll(
      async () => {
        const page1 = await tenant.call<{ list: Bill[] }>("GET", "/api/bills", {
          query: { orderNo: pool.orderNo, pageNum: "1", pageSize: "10" },
        });
        for (const b of page1.list) {
          const jobs = await tenant.call<{ list: BillJob[] }>(
            "GET",
            `/api/bills/listBillDetails/${b.billNo}/jobs`,
            {
              query: { pageNum: "1", pageSize: "50" },
            },
          );
          const found = jobs.list.find((j) => j.jobId === jobId);
          if (found) [bill, line] = [b, found];
        }
        return line?.jobId;
      },
      { timeout: 60_000 },
    )
    .toBe(jobId);
  // Rated from its own figures: cores × seconds at 0.35 yuan the core-hour, rounded half up to 0.00001.
  const exact = BigInt(line.cpus) * BigInt(line.seconds) * CORE_HOUR_PRICE_UNITS;
  expect(units(line.amount)).toBe((exact + 1_800n) / 3_600n);
  expect(line.seconds).toBeGreaterThanOrEqual(5);

  const zh = await browser.newContext({ locale: "zh-CN", baseURL: server.baseURL });
  const row = await openBill(await zh.newPage(), "zh-CN");
  await expect(row).toContainText(line.user);
  await expect(row).toContainText(line.amount);
  await expect(row.page().getByTestId("bill-jobs")).toContainText("计费的 HPC 作业");
  await zh.close();
});

test("the same line in English, and the console shows the job charged (en-US)", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "en-US", baseURL: server.baseURL });
  const page = await context.newPage();
  const row = await openBill(page, "en-US");
  await expect(row).toContainText(line.amount);
  await expect(page.getByTestId("bill-jobs")).toContainText("HPC jobs charged");
  await expect(page.getByTestId("bill-jobs")).toContainText("Job ID");

  await page.goto(`/hpcconsole?pool=${pool.poolId}`);
  await page.getByTestId("hpc-console-tab-finished").click();
  await expect(page.getByTestId(`hpc-console-charged-${jobId}`)).toHaveText(`¥${line.amount}`);
  await context.close();
});
