// Coupons' SQL. Every function takes the caller's transaction (or the handle outside one).
import { and, count, desc, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations } from "../iam/iam.schema";
import { coupons } from "./finance.schema";

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type ListedCoupon = { c: CouponRow; orgName: string | null };
export type CouponFilter = { orgId?: string; status?: CouponRow["status"]; couponNo?: string };

const listed = (tx: Tx) =>
  tx
    .select({ c: coupons, orgName: organizations.name })
    .from(coupons)
    .leftJoin(organizations, eq(organizations.id, coupons.orgId));

/** Coupons not used or voided whose validity ended by `now` become expired. */
export async function expireCoupons(tx: Tx, now: Date): Promise<void> {
  await tx
    .update(coupons)
    .set({ status: "expired" })
    .where(and(inArray(coupons.status, ["valid", "undistribute", "inactive"]), lte(coupons.validUntil, now)));
}

/** Inactive coupons whose validity has begun by `now` become valid. */
export async function activateCoupons(tx: Tx, now: Date): Promise<void> {
  await tx
    .update(coupons)
    .set({ status: "valid" })
    .where(and(eq(coupons.status, "inactive"), lte(coupons.validFrom, now)));
}

export async function insertCoupons(tx: Tx, rows: NewCoupon[]): Promise<void> {
  await tx.insert(coupons).values(rows);
}

export function listedCouponBatch(tx: Tx, batchNo: string): Promise<ListedCoupon[]> {
  return listed(tx).where(eq(coupons.batchNo, batchNo)).orderBy(coupons.couponNo);
}

/** Gives an undistributed coupon to an organisation; undefined when it was not undistributed. */
export async function distributeCoupon(
  tx: Tx,
  id: string,
  orgId: string,
  now: Date,
): Promise<{ validFrom: Date } | undefined> {
  const [done] = await tx
    .update(coupons)
    .set({ orgId, distributedAt: now, status: "valid" })
    .where(and(eq(coupons.id, id), eq(coupons.status, "undistribute")))
    .returning({ id: coupons.id, validFrom: coupons.validFrom });
  return done;
}

export async function setCouponInactive(tx: Tx, id: string): Promise<void> {
  await tx.update(coupons).set({ status: "inactive" }).where(eq(coupons.id, id));
}

/** Voids a coupon not yet used, expired or voided: false when there was none. */
export async function voidCoupon(tx: Tx, id: string): Promise<boolean> {
  const done = await tx
    .update(coupons)
    .set({ status: "voided" })
    .where(and(eq(coupons.id, id), inArray(coupons.status, ["undistribute", "valid", "inactive"])))
    .returning({ id: coupons.id });
  return done.length > 0;
}

function conditions(f: CouponFilter) {
  const where: SQL[] = [];
  if (f.orgId) where.push(eq(coupons.orgId, f.orgId));
  if (f.status) where.push(eq(coupons.status, f.status));
  if (f.couponNo !== undefined) where.push(eq(coupons.couponNo, f.couponNo));
  return where.length ? and(...where) : undefined;
}

export function couponsPage(tx: Tx, f: CouponFilter, limit: number, offset: number) {
  return listed(tx)
    .where(conditions(f))
    .orderBy(desc(coupons.createdAt), coupons.couponNo)
    .limit(limit)
    .offset(offset);
}

export function couponsCount(tx: Tx, f: CouponFilter) {
  return tx.select({ n: count() }).from(coupons).where(conditions(f));
}
