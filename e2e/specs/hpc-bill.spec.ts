// A job submitted in the HPC console is found in the tenant's bill (issue 14, item 6), in zh-CN and
// en-US. Jobs are charged by the hour, up to the last hour boundary, so this spec runs its own
// Skyledger: the job runs and ends, then the installation is restarted with its clock moved just
// past the next hour boundary (CLOCK_START_AT, as an operator trying a sandbox would), and the
// lifecycle's next pass charges the hour. The bill shows one line for the job, at the amount the
// console then shows as charged and the one rated from the line's own figures. Then the tenant buys
// a core-hour package on /mgt/bag, and the next hour's job is covered by it: its line says what the
// package covered, it costs nothing, and the package shows the hours used.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { DEMO_ORG, orderSharedPool, runHelloJob, TENANT } from "../support/hpc";
import { OwnServer } from "../support/own-server";
import { type Locale, openIn, signIn } from "../support/ui";

const HOUR_MS = 3_600_000;
const CORE_HOUR_PRICE_UNITS = 35_000n; // hpc-shared's seeded 0.35 yuan, in 0.00001 yuan
const ownPort = Number(process.env.E2E_PORT ?? 8090) + 50;
const server = new OwnServer(ownPort, `e2e/.data/${ownPort}`);

type BillJob = {
  jobId: string;
  user: string;
  cpus: number;
  gpus: number;
  seconds: number;
  packageCoreHours: string;
  amount: string;
};
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

/** The hour ends: the installation restarts on the same data with its clock just past the next boundary. */
async function pastTheHour(): Promise<void> {
  const boundary = new Date(Math.ceil((await server.serverTime()).getTime() / HOUR_MS) * HOUR_MS + 3_000);
  await server.stop();
  await server.start({ CLOCK_START_AT: boundary.toISOString() });
}

/** The pool's bill holding the job and the job's line, once the lifecycle has charged the hour. */
async function billOf(job: string): Promise<{ bill: Bill; line: BillJob }> {
  const tenant = new OperatorApi(server.baseURL);
  await tenant.login(TENANT.account, TENANT.password);
  let found: { bill: Bill; line: BillJob } | undefined;
  await expect
    .poll(
      async () => {
        const bills = await tenant.call<{ list: Bill[] }>("GET", "/api/bills", {
          query: { orderNo: pool.orderNo, pageNum: "1", pageSize: "10" },
        });
        for (const b of bills.list) {
          const jobs = await tenant.call<{ list: BillJob[] }>(
            "GET",
            `/api/bills/listBillDetails/${b.billNo}/jobs`,
            {
              query: { pageNum: "1", pageSize: "50" },
            },
          );
          const l = jobs.list.find((j) => j.jobId === job);
          if (l) found = { bill: b, line: l };
        }
        return found?.line.jobId;
      },
      { timeout: 60_000 },
    )
    .toBe(job);
  return found!;
}

/** Signed in on a fresh page of the moved installation, in `locale`. */
async function signedIn(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL: server.baseURL });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, TENANT.account, TENANT.password);
  return page;
}

/** The bill's drawer on /mgt/bill (itemised, found by the pool's order number) and the job's line. */
async function openBill(page: Page, billNo: string, job: string) {
  await page.goto("/mgt/bill?tab=items");
  await page.getByTestId("bills-filter-order").locator("input").fill(pool.orderNo);
  await page.getByTestId("bills-filter-order").locator("input").press("Enter");
  await page.locator(`[data-testid="bills-table"] tr[data-row-key="${billNo}"]`).click();
  const row = page.getByTestId(`bill-job-${job}`);
  await expect(row).toBeVisible();
  return row;
}

test("a console job, charged at the hour, is one line of the bill (zh-CN)", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, "zh-CN");
  const job = await runHelloJob(page, pool.poolId, `e2e-bill-${Date.now() % 100_000}`);
  jobId = job.jobId;
  await page.getByTestId("hpc-console-tab-finished").click();
  await expect(page.getByTestId(`hpc-console-charged-${jobId}`)).toHaveText("尚未扣费");
  await page.context().close();

  await pastTheHour();
  ({ bill, line } = await billOf(jobId));
  // Rated from its own figures: cores × seconds at 0.35 yuan the core-hour, rounded half up to 0.00001.
  const exact = BigInt(line.cpus) * BigInt(line.seconds) * CORE_HOUR_PRICE_UNITS;
  expect(units(line.amount)).toBe((exact + 1_800n) / 3_600n);
  expect(line.seconds).toBeGreaterThanOrEqual(5);

  const zh = await signedIn(browser, "zh-CN");
  const row = await openBill(zh, bill.billNo, jobId);
  await expect(row).toContainText(line.user);
  await expect(row).toContainText(line.amount);
  await expect(zh.getByTestId("bill-jobs")).toContainText("计费的 HPC 作业");
  await zh.context().close();
});

test("the same line in English, and the console shows the job charged (en-US)", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, "en-US");
  const row = await openBill(page, bill.billNo, jobId);
  await expect(row).toContainText(line.amount);
  await expect(page.getByTestId("bill-jobs")).toContainText("HPC jobs charged");
  await expect(page.getByTestId("bill-jobs")).toContainText("Job ID");

  await page.goto(`/hpcconsole?pool=${pool.poolId}`);
  await page.getByTestId("hpc-console-tab-finished").click();
  await expect(page.getByTestId(`hpc-console-charged-${jobId}`)).toHaveText(`¥${line.amount}`);
  await page.context().close();
});

test("a core-hour package bought on /mgt/bag covers the next hour's job (zh-CN)", async ({ browser }) => {
  test.setTimeout(240_000);
  const ops = new OperatorApi(server.baseURL);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "400", "E2E HPC package");
  const code = "hpc-core-hours-1000";
  const page = await signedIn(browser, "zh-CN");
  await page.goto("/mgt/bag");
  await page.getByTestId(`bag-buy-${code}`).click();
  await page.getByTestId("bag-buy-submit").click();
  await expect(page.getByTestId("bag-buy-submit")).toBeHidden();
  await expect(page.getByTestId(`bag-remaining-${code}`)).toContainText("1000");

  const covered = (await runHelloJob(page, pool.poolId, `e2e-pkg-${Date.now() % 100_000}`)).jobId;
  await page.context().close();
  await pastTheHour();
  const charged = await billOf(covered);
  // Every core-second came from the package: the line says so and costs nothing.
  expect(charged.line.amount).toBe("0.00000");
  expect(charged.line.packageCoreHours).toBe(
    (Number(BigInt(charged.line.cpus) * BigInt(charged.line.seconds)) / 3600).toFixed(4),
  );

  const zh = await signedIn(browser, "zh-CN");
  const row = await openBill(zh, charged.bill.billNo, covered);
  await expect(row).toContainText(`${charged.line.packageCoreHours} / 0.0000`);
  await expect(row).toContainText("¥0.00000");
  await zh.goto("/mgt/bag");
  await expect(zh.getByTestId(`bag-remaining-${code}`)).toContainText("999");
  await zh.context().close();
});
