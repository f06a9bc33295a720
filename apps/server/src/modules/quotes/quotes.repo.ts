// The SQL of quotes that is not the catalogue's: the caller's coupon.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import type { CouponRow } from "../finance/coupon-choice";
import { coupons } from "../finance/finance.schema";

/** The caller's own coupon; another organisation's is as good as missing. */
export async function findOwnCoupon(tx: Tx, orgId: string, couponId: string): Promise<CouponRow | undefined> {
  return (
    await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.orgId, orgId)))
  )[0];
}
