// Charging for something a tenant buys — an order, a renewal, a package, a change, metered hours —
// and the numbers such charges carry. Below orders, packages and resources, so that each of them
// charges the same way without importing another: the deduction order (ledger `charge`), the bill,
// and the coupon marked used in the same transaction so it can never pay twice.
import type { Allocation, Money } from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { randomDigits } from "../../platform/ids";
import { localParts } from "../../platform/time-zone";
import { type BillName, writeBill } from "../ledger/bills.repo";

// A bill line is named in both languages; callers name it without reaching into the ledger.
export { asTyped, type BillName, namesOf } from "../ledger/bills.repo";

import { charge, type LedgerMemo } from "../ledger/ledger.service";
import { markCouponUsed } from "./coupon-use.repo";

/** An allocation as a JSON column keeps it: the amount as a decimal string of units. */
export type SerializedAllocation = { source: Allocation["source"]; sourceId?: string; amount: string };

export const toJsonAllocations = (allocations: Allocation[]): SerializedAllocation[] =>
  allocations.map((a) => ({
    source: a.source,
    ...(a.sourceId ? { sourceId: a.sourceId } : {}),
    amount: a.amount.toString(),
  }));

export const fromJsonAllocations = (allocations: SerializedAllocation[]): Allocation[] =>
  allocations.map((a) => ({
    source: a.source,
    ...(a.sourceId ? { sourceId: a.sourceId } : {}),
    amount: BigInt(a.amount),
  }));

/** What money sources gave (the coupon's share moves no money). */
export const moneyPaid = (allocations: Allocation[]): Money =>
  allocations.filter((a) => a.source !== "coupon").reduce((s, a) => s + a.amount, 0n);

/** Order numbers: SO, the local day, eight random digits (the unique index catches the rare clash). */
export function newOrderNo(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  return `SO${p.year}${p.month}${p.day}${randomDigits(8)}`;
}

export type ChargeInput = {
  orgId: string;
  orderNo: string;
  productCode: string;
  productName: BillName;
  paymentType: "prepaid" | "postpaid";
  originalAmount: Money;
  amount: Money;
  /** The contract discount's part of `originalAmount − amount` (decision 0029), shown on the bill. */
  contractDiscount?: Money;
  coupon?: { couponId: string; deduction: Money } | undefined;
  createdBy: string | null;
  now: Date;
  timeZone: string;
  usageStart?: Date | null;
  usageEnd?: Date | null;
  memo: LedgerMemo;
  /** Postpaid hours already used: what no source covers is owed (ledger `charge`). */
  arrearsAllowed?: boolean;
};

/**
 * Charges `amount` (coupon included) by the deduction order and writes the bill; a coupon used is
 * marked used by this order in the same transaction, so it can never pay twice.
 */
export async function chargeForOrder(tx: Tx, input: ChargeInput): Promise<Allocation[]> {
  return (await chargeWithBill(tx, input)).allocations;
}

/** chargeForOrder, answering the bill's number too (for details kept against the bill). */
export async function chargeWithBill(
  tx: Tx,
  input: ChargeInput,
): Promise<{ allocations: Allocation[]; billNo: string }> {
  if (input.coupon) {
    const used = await markCouponUsed(tx, {
      couponId: input.coupon.couponId,
      orgId: input.orgId,
      orderNo: input.orderNo,
      now: input.now,
    });
    if (!used) throw new Error("the coupon was used or withdrawn meanwhile");
  }
  const result = await charge(tx, {
    orgId: input.orgId,
    amount: input.amount,
    ...(input.coupon ? { coupon: input.coupon } : {}),
    referenceType: "order",
    referenceId: input.orderNo,
    memo: input.memo,
    createdBy: input.createdBy,
    now: input.now,
    arrearsAllowed: input.arrearsAllowed ?? false,
  });
  const billNo = await writeBill(tx, {
    orgId: input.orgId,
    type: "charge",
    productCode: input.productCode,
    productName: input.productName,
    orderNo: input.orderNo,
    chargeType: input.paymentType,
    originalAmount: input.originalAmount,
    discountAmount: input.originalAmount - input.amount,
    contractDiscount: input.contractDiscount ?? 0n,
    couponDeduction: input.coupon?.deduction ?? 0n,
    allocations: result.allocations,
    entryId: result.entryId,
    usageStart: input.usageStart ?? null,
    usageEnd: input.usageEnd ?? null,
    now: input.now,
    timeZone: input.timeZone,
  });
  return { allocations: result.allocations, billNo };
}
