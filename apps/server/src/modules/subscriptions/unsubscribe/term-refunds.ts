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
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../platform/db/client";
import { billingPolicies, products } from "../../catalog/catalog.schema";
import { writeBill } from "../../ledger/bills.repo";
import { refund } from "../../ledger/ledger.service";
import { fromJsonAllocations, moneyPaid } from "../../ledger/order-charge";
import { addEvent } from "../../orders/order-money";
import { orders } from "../../orders/orders.schema";
import type { resources } from "../../resources/resources.schema";
import { resourceTerms } from "../../resources/resources.schema";

type ResourceRow = typeof resources.$inferSelect;
type TermRow = typeof resourceTerms.$inferSelect;
export type TermDue = { term: TermRow; paid: Allocation[]; refund: Money };

/** The product's refund reading (spec §9): by month, or paid minus used. */
export async function refundPolicyOf(tx: Db, productId: string | null): Promise<RefundPolicy> {
  if (!productId) return "paid_minus_used";
  const [row] = await tx
    .select({ reading: billingPolicies.refundReading })
    .from(products)
    .innerJoin(billingPolicies, sql`${billingPolicies.id} = any(${products.billingPolicyIds})`)
    .where(and(eq(products.id, productId), eq(billingPolicies.method, "prepaid")))
    .limit(1);
  return row?.reading === "byMonth" ? "by_month" : "paid_minus_used";
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
  const terms = await tx.select().from(resourceTerms).where(eq(resourceTerms.resourceId, r.id));
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
    productName: string;
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
      memo: `unsubscribe ${r.name}`,
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
    await tx
      .update(resourceTerms)
      .set({ refunded: sql`${resourceTerms.refunded} + ${t.refund.toString()}::bigint` })
      .where(eq(resourceTerms.id, t.term.id));
    refunded += t.refund;
  }
  if (refunded > 0n) {
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} + ${refunded.toString()}::bigint`, updatedAt: ctx.now })
      .where(eq(orders.id, ctx.order.id));
    await addEvent(tx, {
      orderId: ctx.order.id,
      at: ctx.now,
      step: "refunded",
      detail: refundedDetail(formatYuan(refunded)),
    });
  }
  return refunded;
}
