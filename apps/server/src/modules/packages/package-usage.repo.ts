// SQL of what packages do to money (package-usage.ts holds the rules): the discount packages valid
// at a moment, the resource packages metering may draw on (locked), and one recorded use.
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { packageUsages, tenantPackages } from "./packages.schema";

/** The organisation's active discount packages, whatever their period. */
export const activeDiscountPackages = (orgId: string) =>
  and(
    eq(tenantPackages.orgId, orgId),
    eq(tenantPackages.kind, "discount"),
    eq(tenantPackages.status, "active"),
  );

/** The organisation's active discount packages valid at `at`, earliest first. */
export function discountPackagesAt(tx: Tx, orgId: string, at: Date) {
  return tx
    .select({
      id: tenantPackages.id,
      discountHundredths: tenantPackages.discountHundredths,
      productCodes: tenantPackages.productCodes,
    })
    .from(tenantPackages)
    .where(
      and(
        activeDiscountPackages(orgId),
        lte(tenantPackages.validFrom, at),
        gt(tenantPackages.validUntil, at),
      ),
    )
    .orderBy(asc(tenantPackages.validFrom));
}

/**
 * Active resource packages of the product and dimension that still hold `units` for an hour and
 * overlap [start, end), locked for the caller's transaction, ending soonest first.
 */
export function lockUsableResourcePackages(
  tx: Tx,
  q: { orgId: string; productCode: string; dimension: string; units: number; start: Date; end: Date },
) {
  return tx
    .select()
    .from(tenantPackages)
    .where(
      and(
        eq(tenantPackages.orgId, q.orgId),
        eq(tenantPackages.kind, "resource"),
        eq(tenantPackages.status, "active"),
        eq(tenantPackages.productCode, q.productCode),
        eq(tenantPackages.dimension, q.dimension),
        sql`${tenantPackages.remainingUnitHours} >= ${q.units}`,
        sql`${tenantPackages.validFrom} < ${q.end.toISOString()}::timestamptz`,
        gt(tenantPackages.validUntil, q.start),
      ),
    )
    .orderBy(asc(tenantPackages.validUntil), asc(tenantPackages.id))
    .for("update");
}

/** Whether the organisation holds any active resource package valid somewhere in [start, end). */
export async function holdsResourcePackages(
  tx: Tx,
  q: { orgId: string; start: Date; end: Date },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: tenantPackages.id })
    .from(tenantPackages)
    .where(
      and(
        eq(tenantPackages.orgId, q.orgId),
        eq(tenantPackages.kind, "resource"),
        eq(tenantPackages.status, "active"),
        sql`${tenantPackages.validFrom} < ${q.end.toISOString()}::timestamptz`,
        gt(tenantPackages.validUntil, q.start),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The organisation's active core-hour and GPU-hour packages of a product, with more conditions. */
function hpcPackagesWhere(tx: Tx, q: { orgId: string; productCode: string }, ...more: (SQL | undefined)[]) {
  return tx
    .select()
    .from(tenantPackages)
    .where(
      and(
        eq(tenantPackages.orgId, q.orgId),
        eq(tenantPackages.kind, "resource"),
        eq(tenantPackages.status, "active"),
        eq(tenantPackages.productCode, q.productCode),
        inArray(tenantPackages.dimension, ["coreHour", "gpuHour"]),
        ...more,
      ),
    )
    .orderBy(asc(tenantPackages.validUntil), asc(tenantPackages.id));
}

/**
 * Active core-hour and GPU-hour packages of the product with anything left, valid at some moment
 * of [start, end), locked for the caller's transaction, ending soonest first.
 */
export function lockHpcPackages(tx: Tx, q: { orgId: string; productCode: string; start: Date; end: Date }) {
  return hpcPackagesWhere(
    tx,
    q,
    sql`(${tenantPackages.remainingUnitHours} > 0 or ${tenantPackages.remainingPartSeconds} > 0)`,
    sql`${tenantPackages.validFrom} < ${q.end.toISOString()}::timestamptz`,
    gt(tenantPackages.validUntil, q.start),
  ).for("update");
}

/** The organisation's active packages of the product and dimension valid at `at`, ending soonest first. */
export function hpcPackagesAt(
  tx: Tx,
  q: { orgId: string; productCode: string; dimension: string; at: Date },
) {
  return hpcPackagesWhere(
    tx,
    q,
    eq(tenantPackages.dimension, q.dimension),
    lte(tenantPackages.validFrom, q.at),
    gt(tenantPackages.validUntil, q.at),
  );
}

/** The organisation's active core-hour and GPU-hour packages of the product not yet ended at `at`. */
export function hpcPackagesHeld(tx: Tx, q: { orgId: string; productCode: string; at: Date }) {
  return hpcPackagesWhere(tx, q, gt(tenantPackages.validUntil, q.at));
}

/** A core-hour or GPU-hour package's exact remainder after a use (used up at zero), and the use. */
export async function recordHpcPackageUse(
  tx: Tx,
  left: { hours: number; partSeconds: number },
  now: Date,
  use: typeof packageUsages.$inferInsert,
): Promise<void> {
  const empty = left.hours === 0 && left.partSeconds === 0;
  await tx
    .update(tenantPackages)
    .set({
      remainingUnitHours: left.hours,
      remainingPartSeconds: left.partSeconds,
      status: empty ? "used" : "active",
      updatedAt: now,
    })
    .where(eq(tenantPackages.id, use.packageId));
  await tx.insert(packageUsages).values(use);
}

/** A package's hours left after a use (used up below one unit-hour), and the use itself. */
export async function recordPackageUse(
  tx: Tx,
  left: number,
  now: Date,
  use: typeof packageUsages.$inferInsert,
): Promise<void> {
  await tx
    .update(tenantPackages)
    .set({ remainingUnitHours: left, status: left < 1 ? "used" : "active", updatedAt: now })
    .where(eq(tenantPackages.id, use.packageId));
  await tx.insert(packageUsages).values(use);
}
