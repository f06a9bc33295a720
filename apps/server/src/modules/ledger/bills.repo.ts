// Bill records (spec §3 "Bill"): every charge, refund and adjustment writes one.
import type { Allocation, Money } from "@skyledger/billing";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { localParts } from "./business-time";
import { bills } from "./ledger.schema";

export type BillInput = {
  orgId: string;
  type: "charge" | "refund" | "adjustment";
  productCode: string;
  productName: string;
  orderNo?: string | null;
  chargeType: "prepaid" | "postpaid" | "none";
  originalAmount: Money;
  discountAmount?: Money;
  couponDeduction?: Money;
  /** How the money moved: the allocation of a charge or refund over the sources. */
  allocations?: Allocation[];
  adjustmentAmount?: Money;
  entryId: bigint | null;
  usageStart?: Date | null;
  usageEnd?: Date | null;
  now: Date;
  timeZone: string;
};

async function nextBillNo(tx: Db, now: Date, timeZone: string): Promise<string> {
  const p = localParts(now, timeZone);
  const day = `${p.year}${p.month}${p.day}`;
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into bill_sequences (day, last) values (${day}, 1)
      on conflict (day) do update set last = bill_sequences.last + 1
      returning last`),
  );
  return `B${day}${String(row!.last).padStart(7, "0")}`;
}

export async function writeBill(tx: Db, input: BillInput): Promise<string> {
  const sumOf = (pred: (a: Allocation) => boolean) =>
    (input.allocations ?? []).filter(pred).reduce((s, a) => s + a.amount, 0n);
  const p = localParts(input.now, input.timeZone);
  const billNo = await nextBillNo(tx, input.now, input.timeZone);
  const coupon = input.couponDeduction ?? sumOf((a) => a.source === "coupon");
  const discount = input.discountAmount ?? 0n;
  const cash = sumOf((a) => a.source === "cash");
  const credit = sumOf((a) => a.source === "credit");
  const voucher = sumOf((a) => a.source === "deduction_voucher" || a.source === "topup_voucher");
  const isRefund = input.type === "refund";
  await tx.insert(bills).values({
    id: newId(),
    billNo,
    orgId: input.orgId,
    billingCycle: `${p.year}-${p.month}`,
    type: input.type,
    productCode: input.productCode,
    productName: input.productName,
    orderNo: input.orderNo ?? null,
    chargeType: input.chargeType,
    originalAmount: input.originalAmount,
    discountAmount: discount,
    couponDeduction: coupon,
    actualAmount:
      input.type === "adjustment" ? (input.adjustmentAmount ?? 0n) : input.originalAmount - discount - coupon,
    cashAmount: cash,
    creditAmount: credit,
    voucherAmount: voucher,
    refundAmount: isRefund ? cash + credit + voucher : 0n,
    adjustmentAmount: input.adjustmentAmount ?? 0n,
    entryId: input.entryId,
    usageStart: input.usageStart ?? null,
    usageEnd: input.usageEnd ?? null,
    createdAt: input.now,
  });
  return billNo;
}
