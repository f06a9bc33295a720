// The money of an order: the refunds a rejection, a closure, a failure or an unsubscribe give (the
// charge at submission is the ledger's chargeForOrder). Each runs inside the caller's transaction with the order row locked, so the
// order's `paid` and `refunded` figures and the journal can never disagree.
import { type Allocation, formatYuan, type Money } from "@skyledger/billing";
import { refundedDetail } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { restoreCouponOf } from "../finance/coupon-use.repo";
import { fromJsonAllocations } from "../finance/order-charge";
import { writeBill } from "../ledger/bills.repo";
import { type LedgerMemo, refund } from "../ledger/ledger.service";
import { addRefunded, insertOrderEvent } from "./orders.repo";
import type { orders } from "./orders.schema";

export type OrderRow = typeof orders.$inferSelect;

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
  await insertOrderEvent(tx, {
    orderId: e.orderId,
    at: e.at,
    actorId: e.actorId ?? null,
    action: e.step,
    level: e.level ?? null,
    detail: e.detail ?? null,
  });
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
    memo: LedgerMemo;
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
      productName: { zh: order.productNameZh, en: order.productNameEn },
      orderNo: order.orderNo,
      chargeType: order.paymentType,
      originalAmount: -input.amount,
      allocations: result.allocations,
      entryId: result.entryId,
      now: input.now,
      timeZone: input.timeZone,
    });
    await addRefunded(tx, order.id, input.amount, input.now);
  }
  if (input.restoreCoupon && order.couponId) {
    await restoreCouponOf(tx, order.couponId, order.orderNo);
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
  input: { actorId: string | null; now: Date; timeZone: string; memo: LedgerMemo },
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
