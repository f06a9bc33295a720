// A coupon used by a charge and given back by a refund: the coupon row moves with the money, in
// the caller's transaction.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { coupons } from "./finance.schema";

/** Marks a coupon of `orgId` used by `orderNo` if it still may be used: false when it was used or withdrawn meanwhile. */
export async function markCouponUsed(
  tx: Tx,
  c: { couponId: string; orgId: string; orderNo: string; now: Date },
): Promise<boolean> {
  const used = await tx
    .update(coupons)
    .set({ status: "used", usedAt: c.now, usedOrderNo: c.orderNo })
    .where(
      and(
        eq(coupons.id, c.couponId),
        eq(coupons.orgId, c.orgId),
        sql`${coupons.status} in ('valid', 'inactive')`,
      ),
    )
    .returning({ id: coupons.id });
  return used.length > 0;
}

/** Gives back a coupon `orderNo` used (an order that never delivered). */
export async function restoreCouponOf(tx: Tx, couponId: string, orderNo: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ status: "valid", usedAt: null, usedOrderNo: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.usedOrderNo, orderNo)));
}
