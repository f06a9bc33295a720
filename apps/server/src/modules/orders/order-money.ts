// The money of an order: the charge at submission and the refunds a rejection, a closure, a
// failure or an unsubscribe give. Each runs inside the caller's transaction with the order row locked, so the
// order's `paid` and `refunded` figures and the journal can never disagree.
import { type Allocation, formatYuan, type Money } from "@skyledger/billing";
import { refundedDetail } from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { coupons } from "../finance/finance.schema";
import { writeBill } from "../ledger/bills.repo";
import { charge, refund } from "../ledger/ledger.service";
import { orderEvents, orders, type SerializedAllocation } from "./orders.schema";

export type OrderRow = typeof orders.$inferSelect;

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

export async function addEvent(
  tx: Db,
  e: {
    orderId: string;
    at: Date;
    actorId?: string | null;
    step: string;
    level?: string | null;
    detail?: string | null;
  },
) {
  await tx.insert(orderEvents).values({
    orderId: e.orderId,
    at: e.at,
    actorId: e.actorId ?? null,
    action: e.step,
    level: e.level ?? null,
    detail: e.detail ?? null,
  });
}

type ChargeInput = {
  orgId: string;
  orderNo: string;
  productCode: string;
  productName: string;
  paymentType: "prepaid" | "postpaid";
  originalAmount: Money;
  amount: Money;
  coupon?: { couponId: string; deduction: Money } | undefined;
  createdBy: string | null;
  now: Date;
  timeZone: string;
  usageStart?: Date | null;
  usageEnd?: Date | null;
  memo: string;
  /** Postpaid hours already used: what no source covers is owed (ledger `charge`). */
  arrearsAllowed?: boolean;
};

/**
 * Charges `amount` (coupon included) by the deduction order and writes the bill; a coupon used is
 * marked used by this order in the same transaction, so it can never pay twice.
 */
export async function chargeForOrder(tx: Db, input: ChargeInput): Promise<Allocation[]> {
  if (input.coupon) {
    const used = await tx
      .update(coupons)
      .set({ status: "used", usedAt: input.now, usedOrderNo: input.orderNo })
      .where(
        and(
          eq(coupons.id, input.coupon.couponId),
          eq(coupons.orgId, input.orgId),
          sql`${coupons.status} in ('valid', 'inactive')`,
        ),
      )
      .returning({ id: coupons.id });
    if (used.length === 0) throw new Error("the coupon was used or withdrawn meanwhile");
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
  await writeBill(tx, {
    orgId: input.orgId,
    type: "charge",
    productCode: input.productCode,
    productName: input.productName,
    orderNo: input.orderNo,
    chargeType: input.paymentType,
    originalAmount: input.originalAmount,
    discountAmount: input.originalAmount - input.amount,
    couponDeduction: input.coupon?.deduction ?? 0n,
    allocations: result.allocations,
    entryId: result.entryId,
    usageStart: input.usageStart ?? null,
    usageEnd: input.usageEnd ?? null,
    now: input.now,
    timeZone: input.timeZone,
  });
  return result.allocations;
}

/**
 * Refunds `amount` of what the order's money sources paid, in reverse deduction order, and writes
 * the refund bill. `restoreCoupon` gives an unused coupon back (an order that never delivered).
 */
export async function refundForOrder(
  tx: Db,
  order: OrderRow,
  input: {
    amount: Money;
    paid: Allocation[];
    restoreCoupon: boolean;
    actorId: string | null;
    now: Date;
    timeZone: string;
    memo: string;
  },
): Promise<void> {
  if (input.amount > 0n) {
    const result = await refund(tx, {
      orgId: order.orgId,
      amount: input.amount,
      paid: input.paid,
      referenceType: "order",
      referenceId: order.orderNo,
      memo: input.memo,
      createdBy: input.actorId,
      now: input.now,
    });
    await writeBill(tx, {
      orgId: order.orgId,
      type: "refund",
      productCode: order.productCode,
      productName: order.productNameZh,
      orderNo: order.orderNo,
      chargeType: order.paymentType,
      originalAmount: -input.amount,
      allocations: result.allocations,
      entryId: result.entryId,
      now: input.now,
      timeZone: input.timeZone,
    });
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${input.amount.toString()}::bigint`, updatedAt: input.now })
      .where(eq(orders.id, order.id));
  }
  if (input.restoreCoupon && order.couponId) {
    await tx
      .update(coupons)
      .set({ status: "valid", usedAt: null, usedOrderNo: null })
      .where(and(eq(coupons.id, order.couponId), eq(coupons.usedOrderNo, order.orderNo)));
  }
}

/**
 * An order that never delivered (rejected, closed, failed): everything its money sources paid and
 * was not refunded yet goes back, the coupon is given back, and the timeline says how much.
 * `order` must be the row read under its lock in this transaction.
 */
export async function refundInFull(
  tx: Db,
  order: OrderRow,
  input: { actorId: string | null; now: Date; timeZone: string; memo: string },
): Promise<Money> {
  const owed = order.amount - order.couponDeduction - order.refunded;
  await refundForOrder(tx, order, {
    amount: owed,
    paid: fromJsonAllocations(order.paid),
    restoreCoupon: true,
    actorId: input.actorId,
    now: input.now,
    timeZone: input.timeZone,
    memo: input.memo,
  });
  if (owed > 0n) {
    await addEvent(tx, {
      orderId: order.id,
      at: input.now,
      step: "refunded",
      detail: refundedDetail(formatYuan(owed)),
    });
  }
  return owed;
}
