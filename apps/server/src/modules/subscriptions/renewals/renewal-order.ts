// The order a renewal records, so that a renewal reads like every other purchase: an SO number, a
// line in "My orders" of type `renewal`, and a bill naming the product, then the resource. A renewal
// moves its money at once, so its order is completed when it is written: submitted (by the tenant,
// or by the system for an automatic renewal), paid, completed with the new expiry.
import { type Allocation, formatYuan, type Money } from "@skyledger/billing";
import { paidDetail, renewedDetail } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { type BillName, toJsonAllocations } from "../../finance/order-charge";
import { addEvent } from "../../orders/order-money";
import { insertSubmittedOrder } from "../../orders/submitted-order";
import { SYSTEM_SUBMITTER } from "../../orders/system-submitter";
import type { resources } from "../../resources/resources.schema";
import { mergeAllocations } from "../merge-allocations";
import { productOf } from "../subscriptions.repo";

type ResourceRow = typeof resources.$inferSelect;

/** The product a renewed resource was bought as (its own name when the product is gone). */
export async function renewedProduct(tx: Db, r: ResourceRow): Promise<{ nameZh: string; nameEn: string }> {
  const product = r.productId ? await productOf(tx, r.productId) : undefined;
  return product ?? { nameZh: r.name, nameEn: r.name };
}

/** What a renewal's bill line says, in either language: the product's name, then the resource's. */
export const renewalLine = (
  product: { nameZh: string; nameEn: string },
  r: Pick<ResourceRow, "name">,
): BillName => ({ zh: `${product.nameZh} · ${r.name}`, en: `${product.nameEn} · ${r.name}` });

/** Inserts the completed renewal order of `r` and its trail, in the renewal's transaction. */
export async function insertRenewalOrder(
  tx: Db,
  r: ResourceRow,
  o: {
    id: string;
    orderNo: string;
    submittedBy: string | null;
    product: { nameZh: string; nameEn: string };
    months: number;
    originalAmount: Money;
    amount: Money;
    coupon: { couponId: string; deduction: Money } | undefined;
    paid: Allocation[];
    until: Date;
    now: Date;
  },
): Promise<void> {
  await insertSubmittedOrder(
    tx,
    {
      id: o.id,
      orderNo: o.orderNo,
      orgId: r.orgId,
      projectId: r.projectId,
      submittedBy: o.submittedBy ?? SYSTEM_SUBMITTER,
      type: "renewal",
      status: "completed",
      approvalFlow: "none",
      productId: r.productId ?? "",
      productCode: r.productCode ?? r.kind,
      productNameZh: o.product.nameZh,
      productNameEn: o.product.nameEn,
      paymentType: "prepaid",
      periodMonths: o.months,
      quantity: 1,
      request: { spec: r.spec, name: r.name },
      resourceId: r.id,
      originalAmount: o.originalAmount,
      amount: o.amount,
      couponId: o.coupon?.couponId ?? null,
      couponDeduction: o.coupon?.deduction ?? 0n,
      paid: toJsonAllocations(o.paid),
      createdAt: o.now,
      updatedAt: o.now,
    },
    { detail: r.name },
  );
  const shares = mergeAllocations(o.paid, "charge").map((a) => ({
    source: a.source,
    yuan: formatYuan(a.amount),
  }));
  if (shares.length > 0)
    await addEvent(tx, { orderId: o.id, at: o.now, step: "paid", detail: paidDetail(shares) });
  await addEvent(tx, {
    orderId: o.id,
    at: o.now,
    step: "completed",
    detail: renewedDetail(r.name, o.until.toISOString()),
  });
}
