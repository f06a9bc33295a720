// Bills scoped to the caller's organisation (list, cycles, details) and their export: at most three
// billing cycles, generated in the background, listed with progress, downloaded as .xlsx by the
// user who asked for it and nobody else.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Allocation, formatYuan } from "@skyledger/billing";
import { ERRORS } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { writeBill } from "../src/modules/ledger/bills.repo";
import { charge, refund } from "../src/modules/ledger/ledger.service";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_ORG, fundCash, newOrg, y } from "./support/money";
import { readSheet } from "./support/xlsx-sheet";
import { readZip } from "./support/zip-reader";

type Bill = {
  billNo: string;
  billingCycle: string;
  type: string;
  orgId: string;
  productName: string;
  orderNo: string | null;
  chargeType: string;
  originalAmount: string;
  actualAmount: string;
  cashAmount: string;
  refundAmount: string;
};
type Cycle = {
  billingCycle: string;
  count: number;
  actualAmount: string;
  cashAmount: string;
  refundAmount: string;
};
type Task = {
  id: string;
  fileName: string;
  status: string;
  progress: number;
  rows: number;
  error: string | null;
};
type Page<T> = { list: T[]; total: number };

const SIGNATURE_INVALID = ERRORS.SIGNATURE_INVALID.code;
const EN_HEADERS = [
  "Bill no.",
  "Billing cycle",
  "Type",
  "Product",
  "Order no.",
  "Charge type",
  "Original",
  "Discount",
  "Of which contract",
  "Coupon",
  "Actual",
  "Cash",
  "Credit",
  "Vouchers",
  "Owed",
  "Refund",
  "Adjustment",
  "Time",
];

let t: TestApp;
let dataDir: string;
let tenant: TestClient;
let reader: TestClient;
let admin: TestClient;
let otherOrg: string;
const charged: Record<string, number> = {};

/** A charge and its bill in one transaction, as an order would write them. */
async function chargeWithBill(orgId: string, amount: string, at: string, orderNo: string) {
  const now = new Date(at);
  return t.database.db.transaction(async (tx) => {
    const result = await charge(tx, {
      orgId,
      amount: y(amount),
      referenceType: "order",
      referenceId: orderNo,
      now,
    });
    await writeBill(tx, {
      orgId,
      type: "charge",
      productCode: "gpu.a100",
      productName: { zh: "GPU A100 × 1", en: "GPU A100 × 1" },
      orderNo,
      chargeType: "prepaid",
      originalAmount: y(amount),
      allocations: result.allocations,
      entryId: result.entryId,
      now,
      timeZone: t.config.businessTimeZone,
    });
    return result.allocations;
  });
}

async function refundWithBill(
  orgId: string,
  amount: string,
  paid: Allocation[],
  at: string,
  orderNo: string,
) {
  const now = new Date(at);
  await t.database.db.transaction(async (tx) => {
    const result = await refund(tx, {
      orgId,
      amount: y(amount),
      paid,
      referenceType: "order",
      referenceId: orderNo,
      now,
    });
    await writeBill(tx, {
      orgId,
      type: "refund",
      productCode: "gpu.a100",
      productName: { zh: "GPU A100 × 1", en: "GPU A100 × 1" },
      orderNo,
      chargeType: "prepaid",
      originalAmount: y(amount),
      allocations: result.allocations,
      entryId: result.entryId,
      now,
      timeZone: t.config.businessTimeZone,
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-export-"));
  t = await startTestApp({ DATA_DIR: dataDir });
  [tenant, reader, admin] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.tenant),
    signedIn(t.app, t.clock, DEMO.reader),
    signedIn(t.app, t.clock, DEMO.admin),
  ]);
  await fundCash(t.database.db, DEMO_ORG, y("10000"), new Date("2026-08-01T00:00:00Z"));
  // 2 bills in 2026-08, 3 in 09, 4 in 10, 5 in 11 (the last one a refund), Asia/Shanghai cycles.
  for (const [month, count] of [
    ["08", 2],
    ["09", 3],
    ["10", 4],
    ["11", 4],
  ] as const) {
    for (let i = 0; i < count; i++) {
      await chargeWithBill(DEMO_ORG, `${10 + i}.5`, `2026-${month}-1${i}T04:00:00Z`, `ORD-${month}-${i}`);
    }
    charged[`2026-${month}`] = count;
  }
  const paid = await chargeWithBill(DEMO_ORG, "100", "2026-11-18T04:00:00Z", "ORD-11-R");
  await refundWithBill(DEMO_ORG, "40", paid, "2026-11-19T04:00:00Z", "ORD-11-R");
  charged["2026-11"] = 6;
  // Another organisation's bills, in the same cycles.
  otherOrg = await newOrg(t.database.db, t.clock.now());
  await fundCash(t.database.db, otherOrg, y("100"), new Date("2026-09-01T00:00:00Z"));
  await chargeWithBill(otherOrg, "7", "2026-09-20T04:00:00Z", "OTHER-1");
  await chargeWithBill(otherOrg, "8", "2026-10-20T04:00:00Z", "OTHER-2");
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const listBills = async (client: TestClient, query: Record<string, string | number> = {}) =>
  (await client.request<Page<Bill>>("/api/bills", { query: { pageSize: 200, ...query } })).body.data;

describe("bills", () => {
  it("lists only the caller's organisation, filtered and paged", async () => {
    const all = await listBills(tenant);
    expect(all.total).toBe(2 + 3 + 4 + 6);
    expect(new Set(all.list.map((b) => b.orgId))).toEqual(new Set([DEMO_ORG]));
    expect(all.list.map((b) => b.orderNo)).not.toContain("OTHER-1");
    // Newest first.
    expect(all.list[0]).toMatchObject({ type: "refund", orderNo: "ORD-11-R", refundAmount: "40.00000" });
    expect((await listBills(tenant, { billingCycle: "2026-10" })).total).toBe(4);
    expect((await listBills(tenant, { type: "refund" })).list.map((b) => b.orderNo)).toEqual(["ORD-11-R"]);
    expect((await listBills(tenant, { orderNo: "ORD-09-1" })).list).toMatchObject([
      { billingCycle: "2026-09", actualAmount: "11.50000", cashAmount: "11.50000", chargeType: "prepaid" },
    ]);
    const page2 = await tenant.request<Page<Bill>>("/api/bills", { query: { pageNum: 2, pageSize: 5 } });
    expect(page2.body.data.list).toHaveLength(5);
    expect(page2.body.data.list[0]!.billNo).toBe(all.list[5]!.billNo);
    const bad = await tenant.request("/api/bills", { query: { billingCycle: "2026-13" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Billing cycles are written YYYY-MM");
  });

  it("totals each billing cycle", async () => {
    const res = await tenant.request<Cycle[]>("/api/bills/listCycleBills");
    expect(res.body.data.map((c) => [c.billingCycle, c.count])).toEqual([
      ["2026-11", 6],
      ["2026-10", 4],
      ["2026-09", 3],
      ["2026-08", 2],
    ]);
    const oct = res.body.data.find((c) => c.billingCycle === "2026-10")!;
    expect(oct).toMatchObject({ actualAmount: "48.00000", cashAmount: "48.00000" });
    const nov = res.body.data.find((c) => c.billingCycle === "2026-11")!;
    expect(nov.refundAmount).toBe("40.00000");
  });

  it("shows one bill's details, but not another organisation's (404)", async () => {
    const [mine] = (await listBills(tenant, { orderNo: "ORD-08-0" })).list;
    const detail = await tenant.request<Bill>(`/api/bills/listBillDetails/${mine!.billNo}`);
    expect(detail.body.data).toMatchObject({
      billNo: mine!.billNo,
      billingCycle: "2026-08",
      orgId: DEMO_ORG,
    });
    const theirs = (await admin.request<Page<Bill>>("/api/ops/bills", { query: { orgId: otherOrg } })).body
      .data;
    expect(theirs.total).toBe(2);
    const denied = await tenant.request(`/api/bills/listBillDetails/${theirs.list[0]!.billNo}`);
    expect(denied.status).toBe(404);
    expect((await tenant.request("/api/bills/listBillDetails/B000000000000000")).status).toBe(404);
  });
});

describe("export", () => {
  const exportBills = (
    startCycle: string,
    endCycle: string,
    client = tenant,
    locale: "en-US" | "zh-CN" = "en-US",
  ) =>
    client.request<Task>("/api/bills/asynExportBills", {
      method: "POST",
      body: { startCycle, endCycle },
      locale,
    });
  const tasks = async (client = tenant) => (await client.request<Task[]>("/api/download/list")).body.data;
  const download = (id: string, client = tenant) => client.raw(`/api/download/file/${id}`);

  async function holdBills(): Promise<{ release(): Promise<void> } | undefined> {
    if (t.database.kind !== "postgres") return undefined;
    type Client = { query(q: string): Promise<unknown>; release(): void };
    const pool = (t.database.db as unknown as { $client: { connect(): Promise<Client> } }).$client;
    const client = await pool.connect();
    await client.query("begin");
    await client.query("lock table bills in access exclusive mode");
    return {
      async release() {
        await client.query("commit");
        client.release();
      },
    };
  }

  it("refuses more than three billing cycles (23002)", async () => {
    const res = await exportBills("2026-08", "2026-11");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 23002,
      message: "The selected billing period exceeds three months",
    });
    const zh = await exportBills("2025-12", "2026-03", tenant, "zh-CN");
    expect(zh.body).toMatchObject({ code: 23002, message: "所选账期超过三个月" });
    const reversed = await exportBills("2026-11", "2026-09");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("The end time must not be earlier than the start time");
    expect(await tasks()).toEqual([]);
  });

  it("generates three cycles in the background, listed with progress, downloadable as .xlsx", async () => {
    // On PostgreSQL the job would race this test over other connections: hold it at its first
    // read of the bills until the task has been seen generating. (On PGlite the job's queries
    // queue behind the listing's on the one connection, so it cannot finish first.)
    const hold = await holdBills();
    let id: string;
    try {
      const started = await exportBills("2026-09", "2026-11");
      expect(started.status).toBe(200);
      expect(started.body.data).toMatchObject({
        fileName: "bills_2026-09_2026-11.xlsx",
        status: "generating",
        progress: 0,
        rows: 0,
      });
      id = started.body.data.id;
      const listed = (await tasks()).find((x) => x.id === id);
      expect(listed?.status).toBe("generating");
    } finally {
      await hold?.release();
    }
    await t.app.finance.idle();
    const done = (await tasks()).find((x) => x.id === id);
    const expected = charged["2026-09"]! + charged["2026-10"]! + charged["2026-11"]!;
    expect(done).toMatchObject({ status: "succeeded", progress: 100, rows: expected, error: null });

    const file = await download(id);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.headers["content-disposition"]).toBe('attachment; filename="bills_2026-09_2026-11.xlsx"');
    expect(file.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");
    // Every entry's CRC-32 and sizes verify (ExcelJS's reader does not check them).
    expect(readZip(file.rawPayload).has("xl/worksheets/sheet1.xml")).toBe(true);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.name).toBe("Bills");
    expect(sheet.rows[0]).toEqual(EN_HEADERS);
    expect(sheet.headerBold).toBe(true);
    expect(sheet.rows).toHaveLength(1 + expected);
    const body = sheet.rows.slice(1);
    expect(new Set(body.map((r) => r[1]))).toEqual(new Set(["2026-09", "2026-10", "2026-11"]));
    expect(body.map((r) => r[4])).not.toContain("OTHER-1");
    const refundRow = body.find((r) => r[2] === "refund")!;
    expect(refundRow[15]).toBe(formatYuan(y("40")));
    // Money given back is negative in the cash column.
    expect(refundRow[11]).toBe(formatYuan(-y("40")));
    expect(refundRow.slice(3, 6)).toEqual(["GPU A100 × 1", "ORD-11-R", "prepaid"]);
    // In bill-number order, amounts as the 5-decimal text the API shows, times in ISO 8601.
    expect(body.map((r) => r[0])).toEqual(body.map((r) => r[0]).sort());
    expect(body.find((r) => r[4] === "ORD-09-1")!.slice(10, 12)).toEqual(["11.50000", "11.50000"]);
    expect(refundRow[17]).toBe("2026-11-19T04:00:00.000Z");
  });

  it("writes the headers in the caller's language and handles an empty period", async () => {
    const started = await exportBills("2026-01", "2026-01", tenant, "zh-CN");
    await t.app.finance.idle();
    const done = (await tasks()).find((x) => x.id === started.body.data.id);
    expect(done).toMatchObject({ status: "succeeded", rows: 0, progress: 100 });
    const sheet = await readSheet((await download(started.body.data.id)).rawPayload);
    expect(sheet.name).toBe("账单");
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]![0]).toBe("账单编号");
  });

  it("cannot be downloaded or listed by another user (404), nor without a signature", async () => {
    const [task] = await tasks();
    for (const other of [reader, admin]) {
      const res = await download(task!.id, other);
      expect(res.statusCode).toBe(404);
      expect((await tasks(other)).map((x) => x.id)).not.toContain(task!.id);
    }
    const unsigned = await tenant.raw(`/api/download/file/${task!.id}`, { unsigned: true });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: SIGNATURE_INVALID });
    expect((await download("not-a-task-id")).statusCode).toBe(404);
  });

  it("is withheld, like every other call, while the user must first set a new password", async () => {
    const [task] = await tasks();
    expect((await download(task!.id)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ loginNotFirst: false })
      .where(eq(users.account, DEMO.tenant.account));
    try {
      const pending = await signedIn(t.app, t.clock, DEMO.tenant);
      const res = await download(task!.id, pending);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ERRORS.PASSWORD_CHANGE_REQUIRED.code });
      expect(res.headers["content-disposition"]).toBeUndefined();
    } finally {
      await t.database.db
        .update(users)
        .set({ loginNotFirst: true })
        .where(eq(users.account, DEMO.tenant.account));
    }
  });

  it("lets an operator export one tenant's bills", async () => {
    const started = await admin.request<Task>("/api/ops/bills/asynExportBills", {
      method: "POST",
      body: { startCycle: "2026-09", endCycle: "2026-10", orgId: otherOrg },
    });
    expect(started.status).toBe(200);
    await t.app.finance.idle();
    const sheet = await readSheet((await download(started.body.data.id, admin)).rawPayload);
    expect(
      sheet.rows
        .slice(1)
        .map((r) => r[4])
        .sort(),
    ).toEqual(["OTHER-1", "OTHER-2"]);
  });
});
