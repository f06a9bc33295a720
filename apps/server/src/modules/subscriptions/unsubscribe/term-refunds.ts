// The unused part of a resource's prepaid terms, refunded by the unsubscribe rules (spec §9) to the
// sources that paid each term, whatever path takes the resource away: an unsubscribe, the lifecycle's
// release, or the provider's deletion of something that was paid for while it was on its way out.
// A term's refund is what the rules give now minus what it was refunded already (a configuration
// change refunds a term's remainder and closes it), so running this twice refunds nothing twice.
import {
  type Allocation,
  formatYuan,
  type Money,
  max,
  min,
  type RefundPolicy,
  termRefund,
} from "@skyledger/billing";
import { refundedDetail } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { fromJsonAllocations, moneyPaid } from "../../finance/order-charge";
import { type BillName, writeBill } from "../../ledger/bills.repo";
import { refund } from "../../ledger/ledger.service";
import { addEvent } from "../../orders/order-money";
import { addRefunded } from "../../orders/orders.repo";
import type { resources, resourceTerms } from "../../resources/resources.schema";
import { addTermRefunded, refundReadingOf, termsOf } from "../subscriptions.repo";

type ResourceRow = typeof resources.$inferSelect;
type TermRow = typeof resourceTerms.$inferSelect;
export type TermDue = { term: TermRow; paid: Allocation[]; refund: Money };

/** The product's refund reading (spec §9): by month, or paid minus used. */
export async function refundPolicyOf(tx: Db, productId: string | null): Promise<RefundPolicy> {
  if (!productId) return "paid_minus_used";
  return (await refundReadingOf(tx, productId)) === "byMonth" ? "by_month" : "paid_minus_used";
}

/** Each prepaid term of the resource with what its sources paid and the refund due on it now. */
export async function termsDue(
  tx: Db,
  r: ResourceRow,
  policy: RefundPolicy,
  now: Date,
  timeZone: string,
): Promise<TermDue[]> {
  if (r.paymentType !== "prepaid") return [];
  const terms = await termsOf(tx, r.id);
  return terms.map((term) => {
    const paid = fromJsonAllocations(term.paid);
    const due = termRefund({
      policy,
      start: term.startsAt,
      end: term.endsAt,
      months: term.months,
      paid,
      at: now,
      timeZone,
    }).refund;
    return { term, paid, refund: max(min(due, moneyPaid(paid)) - term.refunded, 0n) };
  });
}

/**
 * Refunds every term's due part under the removal order `order` (its `refunded` figure and trail
 * grow by it) and writes the refund bills. Inside the caller's transaction, the resource row locked.
 */
export async function refundUnusedTerms(
  tx: Db,
  r: ResourceRow,
  due: TermDue[],
  ctx: {
    order: { id: string; orderNo: string };
    productName: BillName;
    actorId: string | null;
    now: Date;
    timeZone: string;
  },
): Promise<Money> {
  let refunded: Money = 0n;
  for (const t of due) {
    if (t.refund <= 0n) continue;
    const result = await refund(tx, {
      orgId: r.orgId,
      amount: t.refund,
      paid: t.paid,
      referenceType: "order",
      referenceId: ctx.order.orderNo,
      memo: { key: "unsubscribe", params: { name: r.name } },
      createdBy: ctx.actorId,
      now: ctx.now,
    });
    await writeBill(tx, {
      orgId: r.orgId,
      type: "refund",
      productCode: r.productCode ?? r.kind,
      productName: ctx.productName,
      orderNo: ctx.order.orderNo,
      chargeType: "prepaid",
      originalAmount: -t.refund,
      allocations: result.allocations,
      entryId: result.entryId,
      now: ctx.now,
      timeZone: ctx.timeZone,
    });
    await addTermRefunded(tx, t.term.id, t.refund);
    refunded += t.refund;
  }
  if (refunded > 0n) {
    await addRefunded(tx, ctx.order.id, refunded, ctx.now);
    await addEvent(tx, {
      orderId: ctx.order.id,
      at: ctx.now,
      step: "refunded",
      detail: refundedDetail(formatYuan(refunded)),
    });
  }
  return refunded;
}
