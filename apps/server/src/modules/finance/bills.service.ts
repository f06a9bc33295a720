// Bills (CC03): itemised records, totals per billing cycle, and exports of at most three months
// to .xlsx, generated in the background and streamed to disk. Rows are read in keyset pages and the
// next page is read only once the previous one has been compressed and written (the writer waits
// for the file to drain), so memory stays flat however many lines there are (docs/performance.md
// "Bill export").
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { formatYuan } from "@skyledger/billing";
import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { createXlsxWriter, type XlsxColumn } from "../../platform/xlsx/xlsx-writer";
import { organizations } from "../iam/iam.schema";
import { bills } from "../ledger/ledger.schema";
import { downloadTasks } from "./finance.schema";

type BillRow = typeof bills.$inferSelect;
const MAX_EXPORT_MONTHS = 3;
const EXPORT_PAGE = 2000;
// zlib level 1: files about the size ExcelJS wrote (72 MB per million lines; level 6 gives 57 MB)
// for well under half the compression CPU, which the export takes from the API process it runs in.
const EXPORT_COMPRESSION = 1;

export function monthsBetween(start: string, end: string): number {
  const [sy, sm] = start.split("-").map(Number) as [number, number];
  const [ey, em] = end.split("-").map(Number) as [number, number];
  return (ey - sy) * 12 + (em - sm) + 1;
}

const HEADERS = {
  "zh-CN": [
    "账单编号",
    "账期",
    "类型",
    "产品",
    "订单号",
    "计费方式",
    "原价",
    "折扣",
    "优惠券抵扣",
    "应付金额",
    "现金支付",
    "信用支付",
    "代金券支付",
    "欠费金额",
    "退款",
    "调账",
    "时间",
  ],
  "en-US": [
    "Bill no.",
    "Billing cycle",
    "Type",
    "Product",
    "Order no.",
    "Charge type",
    "Original",
    "Discount",
    "Coupon",
    "Actual",
    "Cash",
    "Credit",
    "Vouchers",
    "Owed",
    "Refund",
    "Adjustment",
    "Time",
  ],
} as const;

// Width in characters of each column, in the order of HEADERS: bill numbers are 16 characters,
// amounts up to about 15, times 24 (ISO 8601).
const WIDTHS = [18, 13, 11, 28, 22, 12, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 26];

function exportColumns(locale: "zh-CN" | "en-US"): XlsxColumn[] {
  return HEADERS[locale].map((header, i) => ({ header, width: WIDTHS[i] }));
}

export type BillsService = ReturnType<typeof createBillsService>;

export function createBillsService(db: Db, clock: Clock, exportDir: string) {
  const toDto = ({ b, orgName }: { b: BillRow; orgName: string | null }) => ({
    billNo: b.billNo,
    billingCycle: b.billingCycle,
    type: b.type,
    productCode: b.productCode,
    productName: b.productName,
    orgId: b.orgId,
    orgName,
    orderNo: b.orderNo,
    chargeType: b.chargeType,
    originalAmount: formatYuan(b.originalAmount),
    discountAmount: formatYuan(b.discountAmount),
    couponDeduction: formatYuan(b.couponDeduction),
    actualAmount: formatYuan(b.actualAmount),
    cashAmount: formatYuan(b.cashAmount),
    creditAmount: formatYuan(b.creditAmount),
    voucherAmount: formatYuan(b.voucherAmount),
    arrearsAmount: formatYuan(b.arrearsAmount),
    refundAmount: formatYuan(b.refundAmount),
    adjustmentAmount: formatYuan(b.adjustmentAmount),
    usageStart: b.usageStart?.toISOString() ?? null,
    usageEnd: b.usageEnd?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  });

  function conditions(f: {
    orgId?: string;
    billingCycle?: string;
    type?: BillRow["type"];
    orderNo?: string;
  }) {
    const where: SQL[] = [];
    if (f.orgId) where.push(eq(bills.orgId, f.orgId));
    if (f.billingCycle) where.push(eq(bills.billingCycle, f.billingCycle));
    if (f.type) where.push(eq(bills.type, f.type));
    if (f.orderNo) where.push(eq(bills.orderNo, f.orderNo));
    return where.length ? and(...where) : undefined;
  }

  const select = () =>
    db
      .select({ b: bills, orgName: organizations.name })
      .from(bills)
      .leftJoin(organizations, eq(organizations.id, bills.orgId));

  /**
   * One keyset page of an export, in bill-number order. With sorting disabled for this statement
   * the planner walks an index in that order (bills_org_bill_no for one organisation, the bill
   * number's unique index for all), reading each row once over the whole export. Left to itself
   * without statistics (right after a bulk load) it reads every remaining bill of the period and
   * sorts it for every page: quadratic (docs/performance.md "Bill export").
   */
  function exportPage(cond: SQL | undefined, after: string) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      return tx
        .select({
          billNo: bills.billNo,
          billingCycle: bills.billingCycle,
          type: bills.type,
          productName: bills.productName,
          orderNo: bills.orderNo,
          chargeType: bills.chargeType,
          originalAmount: bills.originalAmount,
          discountAmount: bills.discountAmount,
          couponDeduction: bills.couponDeduction,
          actualAmount: bills.actualAmount,
          cashAmount: bills.cashAmount,
          creditAmount: bills.creditAmount,
          voucherAmount: bills.voucherAmount,
          arrearsAmount: bills.arrearsAmount,
          refundAmount: bills.refundAmount,
          adjustmentAmount: bills.adjustmentAmount,
          createdAt: bills.createdAt,
        })
        .from(bills)
        .where(and(cond, gt(bills.billNo, after)))
        .orderBy(asc(bills.billNo))
        .limit(EXPORT_PAGE);
    });
  }

  async function generate(
    taskId: string,
    orgId: string | undefined,
    start: string,
    end: string,
    locale: "zh-CN" | "en-US",
  ) {
    const cond = and(
      orgId ? eq(bills.orgId, orgId) : undefined,
      gte(bills.billingCycle, start),
      lte(bills.billingCycle, end),
    );
    const file = path.join(exportDir, `${taskId}.xlsx`);
    try {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(bills).where(cond);
      mkdirSync(exportDir, { recursive: true });
      const sheet = createXlsxWriter(createWriteStream(file), {
        sheetName: locale === "zh-CN" ? "账单" : "Bills",
        columns: exportColumns(locale),
        modified: clock.now(),
        compressionLevel: EXPORT_COMPRESSION,
      });
      let written = 0;
      try {
        // Keyset pages by bill number. Each row is awaited, so a page has been handed to the
        // compressor and the file (waiting for them to drain) before the next page is read.
        let after = "";
        for (;;) {
          const page = await exportPage(cond, after);
          if (page.length === 0) break;
          for (const b of page) {
            await sheet.addRow([
              b.billNo,
              b.billingCycle,
              b.type,
              b.productName,
              b.orderNo,
              b.chargeType,
              formatYuan(b.originalAmount),
              formatYuan(b.discountAmount),
              formatYuan(b.couponDeduction),
              formatYuan(b.actualAmount),
              formatYuan(b.cashAmount),
              formatYuan(b.creditAmount),
              formatYuan(b.voucherAmount),
              formatYuan(b.arrearsAmount),
              formatYuan(b.refundAmount),
              formatYuan(b.adjustmentAmount),
              b.createdAt.toISOString(),
            ]);
          }
          written += page.length;
          after = page.at(-1)!.billNo;
          await db
            .update(downloadTasks)
            .set({ rows: written, progress: n ? Math.min(99, Math.floor((written * 100) / n)) : 99 })
            .where(eq(downloadTasks.id, taskId));
        }
        await sheet.end();
      } catch (err) {
        sheet.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
      await db
        .update(downloadTasks)
        .set({ status: "succeeded", progress: 100, rows: written, finishedAt: clock.now() })
        .where(eq(downloadTasks.id, taskId));
    } catch (err) {
      // A failed export is never offered for download; its partial file is of no use.
      await rm(file, { force: true }).catch(() => undefined);
      await db
        .update(downloadTasks)
        .set({
          status: "failed",
          error: err instanceof Error ? err.message : String(err),
          finishedAt: clock.now(),
        })
        .where(eq(downloadTasks.id, taskId));
    }
  }

  const taskDto = (t: typeof downloadTasks.$inferSelect) => ({
    id: t.id,
    fileName: t.fileName,
    status: t.status,
    progress: t.progress,
    rows: t.rows,
    error: t.error,
    createdAt: t.createdAt.toISOString(),
    finishedAt: t.finishedAt?.toISOString() ?? null,
  });

  return {
    async list(f: {
      orgId?: string;
      billingCycle?: string;
      type?: BillRow["type"];
      orderNo?: string;
      pageNum: number;
      pageSize: number;
    }) {
      const cond = conditions(f);
      return pageOf(
        f,
        (limit, offset) =>
          select().where(cond).orderBy(desc(bills.createdAt), desc(bills.billNo)).limit(limit).offset(offset),
        db.select({ n: count() }).from(bills).where(cond),
        toDto,
      );
    },

    async detail(orgId: string | undefined, billNo: string) {
      const rows = await select().where(
        and(eq(bills.billNo, billNo), orgId ? eq(bills.orgId, orgId) : undefined),
      );
      if (rows.length === 0) throw new DomainError("NOT_FOUND");
      return toDto(rows[0]!);
    },

    async cycles(orgId: string | undefined) {
      const rows = await db
        .select({
          billingCycle: bills.billingCycle,
          count: count(),
          originalAmount: sql<string>`sum(${bills.originalAmount})::text`,
          discountAmount: sql<string>`sum(${bills.discountAmount})::text`,
          couponDeduction: sql<string>`sum(${bills.couponDeduction})::text`,
          actualAmount: sql<string>`sum(${bills.actualAmount})::text`,
          cashAmount: sql<string>`sum(${bills.cashAmount})::text`,
          creditAmount: sql<string>`sum(${bills.creditAmount})::text`,
          voucherAmount: sql<string>`sum(${bills.voucherAmount})::text`,
          arrearsAmount: sql<string>`sum(${bills.arrearsAmount})::text`,
          refundAmount: sql<string>`sum(${bills.refundAmount})::text`,
          adjustmentAmount: sql<string>`sum(${bills.adjustmentAmount})::text`,
        })
        .from(bills)
        .where(orgId ? eq(bills.orgId, orgId) : undefined)
        .groupBy(bills.billingCycle)
        .orderBy(desc(bills.billingCycle));
      const y = (s: string) => formatYuan(BigInt(s));
      return rows.map((r) => ({
        billingCycle: r.billingCycle,
        count: r.count,
        originalAmount: y(r.originalAmount),
        discountAmount: y(r.discountAmount),
        couponDeduction: y(r.couponDeduction),
        actualAmount: y(r.actualAmount),
        cashAmount: y(r.cashAmount),
        creditAmount: y(r.creditAmount),
        voucherAmount: y(r.voucherAmount),
        arrearsAmount: y(r.arrearsAmount),
        refundAmount: y(r.refundAmount),
        adjustmentAmount: y(r.adjustmentAmount),
      }));
    },

    async startExport(
      input: {
        orgId: string | undefined;
        userId: string;
        startCycle: string;
        endCycle: string;
        locale: "zh-CN" | "en-US";
      },
      run: (job: () => Promise<void>) => void,
    ) {
      if (monthsBetween(input.startCycle, input.endCycle) > MAX_EXPORT_MONTHS)
        throw new DomainError("EXPORT_PERIOD_TOO_LONG");
      const id = newId();
      const fileName = `bills_${input.startCycle}_${input.endCycle}.xlsx`;
      const [task] = await db
        .insert(downloadTasks)
        .values({
          id,
          orgId: input.orgId ?? null,
          userId: input.userId,
          kind: "bills",
          fileName,
          status: "generating",
          createdAt: clock.now(),
        })
        .returning();
      run(() => generate(id, input.orgId, input.startCycle, input.endCycle, input.locale));
      return taskDto(task!);
    },

    async tasks(userId: string) {
      const rows = await db
        .select()
        .from(downloadTasks)
        .where(eq(downloadTasks.userId, userId))
        .orderBy(desc(downloadTasks.createdAt))
        .limit(50);
      return rows.map(taskDto);
    },

    async file(userId: string, taskId: string) {
      const [task] = await db
        .select()
        .from(downloadTasks)
        .where(and(eq(downloadTasks.id, taskId), eq(downloadTasks.userId, userId)));
      if (!task) throw new DomainError("NOT_FOUND");
      if (task.status !== "succeeded") throw new DomainError("DOWNLOAD_NOT_READY");
      return { fileName: task.fileName, stream: createReadStream(path.join(exportDir, `${task.id}.xlsx`)) };
    },

    /** Exports cut off by a stop are marked failed at the next start. */
    async failInterrupted() {
      await db
        .update(downloadTasks)
        .set({ status: "failed", error: "interrupted by a restart", finishedAt: clock.now() })
        .where(eq(downloadTasks.status, "generating"));
    },
  };
}
