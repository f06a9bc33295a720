// Bills (CC03): itemised records, totals per billing cycle, and exports of at most three months
// to .xlsx, generated in the background and streamed to disk in keyset pages (streamed-export.ts).
import { createReadStream } from "node:fs";
import path from "node:path";
import { formatYuan } from "@skyledger/billing";
import type { Locale } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { XlsxColumn } from "../../platform/xlsx/xlsx-writer";
import {
  type BillFilter,
  billsCount,
  billsPage,
  countBillsInPeriod,
  cycleTotals,
  type ExportedBill,
  type ExportPeriod,
  exportPage,
  failGeneratingTasks,
  type ListedBill,
  listedBill,
  userDownloadTask,
  userDownloadTasks,
} from "./bill-reports.repo";
import { downloadTaskDto, type ExportRunner, type ExportSpec } from "./streamed-export";

const MAX_EXPORT_MONTHS = 3;
const EXPORT_PAGE = 2000;

/** A bill line's name in the reader's language (written in both: ledger/bills.repo.ts). */
const nameIn = (b: { productName: string; productNameEn: string }, locale: Locale) =>
  locale === "zh-CN" ? b.productName : b.productNameEn;

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
    "其中合同折扣",
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
  ],
} as const;

// Width in characters of each column, in the order of HEADERS: bill numbers are 16 characters,
// amounts up to about 15, times 24 (ISO 8601).
const WIDTHS = [18, 13, 11, 28, 22, 12, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 26];

function exportColumns(locale: "zh-CN" | "en-US"): XlsxColumn[] {
  return HEADERS[locale].map((header, i) => ({ header, width: WIDTHS[i] }));
}

export type BillsService = ReturnType<typeof createBillsService>;

export function createBillsService(db: Db, clock: Clock, exportDir: string, exports: ExportRunner) {
  const toDto = ({ b, orgName }: ListedBill, locale: Locale) => ({
    billNo: b.billNo,
    billingCycle: b.billingCycle,
    type: b.type,
    productCode: b.productCode,
    productName: nameIn(b, locale),
    orgId: b.orgId,
    orgName,
    orderNo: b.orderNo,
    chargeType: b.chargeType,
    originalAmount: formatYuan(b.originalAmount),
    discountAmount: formatYuan(b.discountAmount),
    contractDiscount: formatYuan(b.contractDiscount),
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

  /** One keyset page of an export, in a transaction of its own (its planner setting ends with it). */
  function page(period: ExportPeriod, after: string) {
    return db.transaction((tx) => exportPage(tx, period, after, EXPORT_PAGE));
  }

  function billsSpec(period: ExportPeriod, locale: "zh-CN" | "en-US"): ExportSpec<ExportedBill> {
    return {
      sheetName: locale === "zh-CN" ? "账单" : "Bills",
      columns: exportColumns(locale),
      count: () => countBillsInPeriod(db, period),
      // Keyset pages by bill number.
      page: (after) => page(period, after?.billNo ?? ""),
      cells: (b) => [
        b.billNo,
        b.billingCycle,
        b.type,
        nameIn(b, locale),
        b.orderNo,
        b.chargeType,
        formatYuan(b.originalAmount),
        formatYuan(b.discountAmount),
        formatYuan(b.contractDiscount),
        formatYuan(b.couponDeduction),
        formatYuan(b.actualAmount),
        formatYuan(b.cashAmount),
        formatYuan(b.creditAmount),
        formatYuan(b.voucherAmount),
        formatYuan(b.arrearsAmount),
        formatYuan(b.refundAmount),
        formatYuan(b.adjustmentAmount),
        b.createdAt.toISOString(),
      ],
    };
  }

  function list(f: BillFilter & PageRequest, locale: Locale) {
    return pageOf(
      f,
      (limit, offset) => billsPage(db, f, limit, offset),
      billsCount(db, f),
      (row: ListedBill) => toDto(row, locale),
    );
  }

  async function startExport(
    ctx: RequestContext,
    input: { orgId?: string | undefined; startCycle: string; endCycle: string },
  ) {
    if (monthsBetween(input.startCycle, input.endCycle) > MAX_EXPORT_MONTHS)
      throw new DomainError("EXPORT_PERIOD_TOO_LONG");
    const period: ExportPeriod = { orgId: input.orgId, start: input.startCycle, end: input.endCycle };
    return exports.start(
      ctx,
      {
        kind: "bills",
        fileName: `bills_${input.startCycle}_${input.endCycle}.xlsx`,
        orgId: input.orgId ?? null,
      },
      billsSpec(period, ctx.locale),
    );
  }

  return {
    /** The caller's organisation's bills. */
    listOwn(ctx: RequestContext, f: BillFilter & PageRequest) {
      return list({ ...f, orgId: ctx.ownTenant() }, ctx.locale);
    },

    /** Everyone's bills, for operators. */
    listAll(ctx: RequestContext, f: BillFilter & PageRequest) {
      return list(f, ctx.locale);
    },

    async detail(ctx: RequestContext, billNo: string) {
      const rows = await listedBill(db, ctx.ownTenant(), billNo);
      if (rows.length === 0) throw new DomainError("NOT_FOUND");
      return toDto(rows[0]!, ctx.locale);
    },

    /** The caller's organisation's totals per billing cycle. */
    async cycles(ctx: RequestContext) {
      const rows = await cycleTotals(db, ctx.ownTenant());
      const y = (s: string) => formatYuan(BigInt(s));
      return rows.map((r) => ({
        billingCycle: r.billingCycle,
        count: r.count,
        originalAmount: y(r.originalAmount),
        discountAmount: y(r.discountAmount),
        contractDiscount: y(r.contractDiscount),
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

    /** Starts exporting the caller's organisation's bills of the cycles asked. */
    exportOwn(ctx: RequestContext, cycles: { startCycle: string; endCycle: string }) {
      return startExport(ctx, { ...cycles, orgId: ctx.ownTenant() });
    },

    /** Starts exporting everyone's bills, or one organisation's, for operators. */
    exportAll(
      ctx: RequestContext,
      body: { startCycle: string; endCycle: string; orgId?: string | undefined },
    ) {
      return startExport(ctx, body);
    },

    async tasks(ctx: RequestContext) {
      const rows = await userDownloadTasks(db, ctx.actor.userId, 50);
      return rows.map(downloadTaskDto);
    },

    /** One of the caller's finished exports, to stream. */
    async file(ctx: RequestContext, taskId: string) {
      if (!/^[0-9a-f-]{36}$/.test(taskId)) throw new DomainError("NOT_FOUND");
      const task = await userDownloadTask(db, ctx.actor.userId, taskId);
      if (!task) throw new DomainError("NOT_FOUND");
      if (task.status !== "succeeded") throw new DomainError("DOWNLOAD_NOT_READY");
      return { fileName: task.fileName, stream: createReadStream(path.join(exportDir, `${task.id}.xlsx`)) };
    },

    /** Exports cut off by a stop are marked failed at the next start. */
    async failInterrupted() {
      await failGeneratingTasks(db, clock.now());
    },
  };
}
