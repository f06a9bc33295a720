// A postpaid HPC bill lists the jobs it charged, one line per job (job id, user, partition, cores,
// GPUs, start, end, hours, amount), in both languages; a bill that charged no jobs shows no list.
import type { BillRecord, HpcBillJob } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });
resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

const tenant = makeUser({ permissions: ["CA", "CC03"], routes: ["/mgt/dashboard", "/mgt/bill"] });
const zero = "0.00000";
const bill: BillRecord = {
  billNo: "B202611220000007",
  billingCycle: "2026-11",
  type: "charge",
  productCode: "hpc-shared",
  productName: "hpc-lab",
  orgId: "org-1",
  orgName: "Acme AI Lab",
  orderNo: "SO2026112212345678",
  chargeType: "postpaid",
  originalAmount: "3.30000",
  discountAmount: "0.33000",
  contractDiscount: "0.00000",
  couponDeduction: zero,
  actualAmount: "2.97000",
  cashAmount: "2.97000",
  creditAmount: zero,
  voucherAmount: zero,
  arrearsAmount: zero,
  refundAmount: zero,
  adjustmentAmount: zero,
  usageStart: "2026-11-22T03:00:00Z",
  usageEnd: "2026-11-22T04:00:00Z",
  createdAt: "2026-11-22T04:00:05Z",
};
const job: HpcBillJob = {
  jobId: "4711",
  jobName: "train",
  user: "alice",
  partition: "gpu",
  cpus: 6,
  gpus: 1,
  start: "2026-11-22T03:00:00Z",
  end: "2026-11-22T04:00:00Z",
  seconds: 3600,
  packageCoreHours: "0.0000",
  packageGpuHours: "0.0000",
  coreHours: "6.0000",
  gpuHours: "1.0000",
  amount: "2.97000",
  originalAmount: "3.30000",
};

const cases = [
  { language: "en-US", title: "HPC jobs charged", header: ["Job ID", "Partition", "Cores", "GPUs", "Hours"] },
  {
    language: "zh-CN",
    title: "计费的 HPC 作业",
    header: ["作业 ID", "分区", "核数", "GPU 数", "时长（小时）"],
  },
] as const;

describe("a postpaid HPC bill", () => {
  for (const c of cases) {
    it(`lists the jobs it charged (${c.language})`, async () => {
      await setLanguage(c.language);
      const other = { ...bill, billNo: "B202611220000008", productName: "web-host" };
      renderApp(
        "/mgt/bill?tab=items",
        {
          "GET /bills": () => page([bill, other]),
          "GET /bills/listCycleBills": () => ({ data: [] }),
          [`GET /bills/listBillDetails/${bill.billNo}`]: () => ({ data: bill }),
          [`GET /bills/listBillDetails/${bill.billNo}/jobs`]: () => page([job]),
          [`GET /bills/listBillDetails/${other.billNo}`]: () => ({ data: other }),
          [`GET /bills/listBillDetails/${other.billNo}/jobs`]: () => page([]),
        },
        { user: tenant },
      );
      const table = await screen.findByTestId("bills-table", {}, WAIT);
      await waitFor(() => expect(table.textContent).toContain(bill.billNo), WAIT);
      fireEvent.click(screen.getByText(bill.billNo).closest("tr")!);
      const jobs = await screen.findByTestId("bill-jobs", {}, WAIT);
      const row = await screen.findByTestId("bill-job-4711", {}, WAIT);
      expect(jobs.textContent).toContain(c.title);
      for (const h of c.header) expect(jobs.textContent).toContain(h);
      expect(row.textContent).toContain("alice");
      expect(row.textContent).toContain("gpu");
      expect(row.textContent).toContain("1.0000");
      expect(row.textContent).toContain("¥2.97000");
      expect(row.textContent).toContain("—");
    });
  }

  it("shows what a package covered of a short job, however little", async () => {
    await setLanguage("en-US");
    // Five core-seconds, all from a core-hour package: nothing left to pay.
    const covered = {
      ...job,
      jobId: "4712",
      cpus: 1,
      gpus: 0,
      seconds: 5,
      packageCoreHours: "0.0014",
      coreHours: "0.0014",
      gpuHours: "0.0000",
      amount: "0.00000",
      originalAmount: "0.00049",
    };
    renderApp(
      "/mgt/bill?tab=items",
      {
        "GET /bills": () => page([bill]),
        "GET /bills/listCycleBills": () => ({ data: [] }),
        [`GET /bills/listBillDetails/${bill.billNo}`]: () => ({ data: bill }),
        [`GET /bills/listBillDetails/${bill.billNo}/jobs`]: () => page([covered]),
      },
      { user: tenant },
    );
    const table = await screen.findByTestId("bills-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain(bill.billNo), WAIT);
    fireEvent.click(screen.getByText(bill.billNo).closest("tr")!);
    const row = await screen.findByTestId("bill-job-4712", {}, WAIT);
    expect(row.textContent).toContain("0.0014 / 0.0000");
    expect(row.textContent).toContain("¥0.00000");
  });

  it("shows the contract's part of a bill's discount on its own line", async () => {
    await setLanguage("en-US");
    const discounted = { ...bill, billNo: "B202611220000011", contractDiscount: "0.20000" };
    renderApp(
      "/mgt/bill?tab=items",
      {
        "GET /bills": () => page([discounted]),
        "GET /bills/listCycleBills": () => ({ data: [] }),
        [`GET /bills/listBillDetails/${discounted.billNo}`]: () => ({ data: discounted }),
        [`GET /bills/listBillDetails/${discounted.billNo}/jobs`]: () => page([]),
      },
      { user: tenant },
    );
    const table = await screen.findByTestId("bills-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain(discounted.billNo), WAIT);
    fireEvent.click(screen.getByText(discounted.billNo).closest("tr")!);
    const detail = await screen.findByTestId("bill-detail", {}, WAIT);
    const line = [...detail.querySelectorAll("tr")].find((tr) =>
      tr.textContent?.includes("Of which contract discount"),
    );
    expect(line?.textContent).toContain("¥0.20000");
  });

  it("shows no job list for a bill that charged none", async () => {
    const other = { ...bill, billNo: "B202611220000009" };
    renderApp(
      "/mgt/bill?tab=items",
      {
        "GET /bills": () => page([other]),
        "GET /bills/listCycleBills": () => ({ data: [] }),
        [`GET /bills/listBillDetails/${other.billNo}`]: () => ({ data: other }),
        [`GET /bills/listBillDetails/${other.billNo}/jobs`]: () => page([]),
      },
      { user: tenant },
    );
    const table = await screen.findByTestId("bills-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain(other.billNo), WAIT);
    fireEvent.click(screen.getByText(other.billNo).closest("tr")!);
    await screen.findByTestId("bill-detail", {}, WAIT);
    await waitFor(() => expect(screen.queryByTestId("bill-jobs")).toBeNull(), WAIT);
  });
});
