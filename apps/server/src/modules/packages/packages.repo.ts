// SQL of packages: the offers operators define and the packages tenants hold, with their usage.
// Each function takes the caller's transaction (or the handle outside one) first.
import { and, count, desc, eq, gt, inArray, lt, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { productPrices, products } from "../catalog/catalog.schema";
import { organizations } from "../iam/iam.schema";
import { activeDiscountPackages } from "./package-usage.repo";
import { packageOffers, packageUsages, tenantPackages } from "./packages.schema";

type OfferRow = typeof packageOffers.$inferSelect;
type PackageRow = typeof tenantPackages.$inferSelect;

// Offers.

/** How many of the product codes the catalogue knows. */
export async function knownProductCodes(tx: Tx, codes: string[]): Promise<number> {
  const found = await tx.select({ code: products.code }).from(products).where(inArray(products.code, codes));
  return found.length;
}

/** Whether the product has a price row of the dimension. */
export async function isPricedDimension(tx: Tx, productCode: string, dimension: string): Promise<boolean> {
  const [priced] = await tx
    .select({ id: productPrices.id })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .where(and(eq(products.code, productCode), eq(productPrices.dimension, dimension)));
  return priced !== undefined;
}

export async function findOffer(tx: Tx, id: string): Promise<OfferRow | undefined> {
  const [o] = await tx.select().from(packageOffers).where(eq(packageOffers.id, id));
  return o;
}

export async function offerByCode(tx: Tx, code: string): Promise<OfferRow | undefined> {
  const [o] = await tx.select().from(packageOffers).where(eq(packageOffers.code, code));
  return o;
}

export async function offerCodeTaken(tx: Tx, code: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: packageOffers.id })
    .from(packageOffers)
    .where(eq(packageOffers.code, code));
  return taken !== undefined;
}

export function offerFilter(q: {
  kind?: OfferRow["kind"] | undefined;
  listingState?: OfferRow["listingState"] | undefined;
}) {
  const filters: SQL[] = [];
  if (q.kind) filters.push(eq(packageOffers.kind, q.kind));
  if (q.listingState) filters.push(eq(packageOffers.listingState, q.listingState));
  return and(...filters);
}

export function listOffers(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return tx
    .select()
    .from(packageOffers)
    .where(where)
    .orderBy(desc(packageOffers.createdAt), packageOffers.id)
    .limit(limit)
    .offset(offset);
}

export function countOffers(tx: Tx, where: SQL | undefined) {
  return tx.select({ n: count() }).from(packageOffers).where(where);
}

export async function insertOffer(tx: Tx, values: typeof packageOffers.$inferInsert): Promise<void> {
  await tx.insert(packageOffers).values(values);
}

/** Inserts an offer unless one of its id or code exists (a seed that came later). */
export async function insertOfferIfMissing(tx: Tx, values: typeof packageOffers.$inferInsert): Promise<void> {
  await tx.insert(packageOffers).values(values).onConflictDoNothing();
}

/** Whether any offer exists, listed or not, other than those of `except`. */
export async function anyOffer(tx: Tx, except: string[] = []): Promise<boolean> {
  const [row] = await tx
    .select({ id: packageOffers.id })
    .from(packageOffers)
    .where(except.length ? notInArray(packageOffers.id, except) : undefined)
    .limit(1);
  return row !== undefined;
}

export async function updateOffer(
  tx: Tx,
  id: string,
  set: Partial<Omit<typeof packageOffers.$inferInsert, "id">>,
): Promise<void> {
  await tx.update(packageOffers).set(set).where(eq(packageOffers.id, id));
}

export async function deleteOffer(tx: Tx, id: string): Promise<void> {
  await tx.delete(packageOffers).where(eq(packageOffers.id, id));
}

/** Whether any tenant bought the offer. */
export async function offerSold(tx: Tx, offerId: string): Promise<boolean> {
  const [sold] = await tx
    .select({ id: tenantPackages.id })
    .from(tenantPackages)
    .where(eq(tenantPackages.offerId, offerId))
    .limit(1);
  return sold !== undefined;
}

// Tenant packages.

/** Another active discount package of the organisation overlapping [from, until), if any. */
export async function overlappingDiscount(
  tx: Tx,
  orgId: string,
  from: Date,
  until: Date,
  except?: string,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: tenantPackages.id })
    .from(tenantPackages)
    .where(
      and(
        activeDiscountPackages(orgId),
        lt(tenantPackages.validFrom, until),
        gt(tenantPackages.validUntil, from),
        ...(except ? [ne(tenantPackages.id, except)] : []),
      ),
    )
    .limit(1);
  return clash !== undefined;
}

/** Locks the organisation row: one package purchase or renewal of it at a time. */
export async function lockOrganization(tx: Tx, orgId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for("update");
}

/** The organisation's package, locked when asked. */
export async function ownPackage(
  tx: Tx,
  orgId: string,
  id: string,
  lock: boolean,
): Promise<PackageRow | undefined> {
  const q = tx
    .select()
    .from(tenantPackages)
    .where(and(eq(tenantPackages.id, id), eq(tenantPackages.orgId, orgId)));
  const [p] = lock ? await q.for("update") : await q;
  return p;
}

export async function findPackage(tx: Tx, id: string, lock = false): Promise<PackageRow | undefined> {
  const q = tx.select().from(tenantPackages).where(eq(tenantPackages.id, id));
  const [p] = lock ? await q.for("update") : await q;
  return p;
}

export async function insertPackage(tx: Tx, values: typeof tenantPackages.$inferInsert): Promise<void> {
  await tx.insert(tenantPackages).values(values);
}

export async function updatePackage(
  tx: Tx,
  id: string,
  set: Partial<Omit<typeof tenantPackages.$inferInsert, "id">>,
): Promise<void> {
  await tx.update(tenantPackages).set(set).where(eq(tenantPackages.id, id));
}

/** The packages' usage rows, newest first. */
export function usagesOf(tx: Tx, packageIds: string[]) {
  return tx
    .select()
    .from(packageUsages)
    .where(inArray(packageUsages.packageId, packageIds))
    .orderBy(desc(packageUsages.at), desc(packageUsages.usageStart));
}

/** The unit-hours each package has given. */
export function usedUnitHours(tx: Tx, packageIds: string[]) {
  return tx
    .select({
      packageId: packageUsages.packageId,
      n: sql<string>`coalesce(sum(${packageUsages.unitHours}), 0)`,
    })
    .from(packageUsages)
    .where(inArray(packageUsages.packageId, packageIds))
    .groupBy(packageUsages.packageId);
}

export function packageFilter(
  orgId: string,
  q: { kind?: PackageRow["kind"] | undefined; status?: PackageRow["status"] | undefined },
) {
  const filters: SQL[] = [eq(tenantPackages.orgId, orgId)];
  if (q.kind) filters.push(eq(tenantPackages.kind, q.kind));
  if (q.status) filters.push(eq(tenantPackages.status, q.status));
  return and(...filters);
}

export function listPackages(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return tx
    .select()
    .from(tenantPackages)
    .where(where)
    .orderBy(desc(tenantPackages.createdAt), tenantPackages.id)
    .limit(limit)
    .offset(offset);
}

export function countPackages(tx: Tx, where: SQL | undefined) {
  return tx.select({ n: count() }).from(tenantPackages).where(where);
}

/** Active or used packages whose validity ended by `now` (the expiry sweep). */
export function packagesEnded(tx: Tx, now: Date) {
  return tx
    .select({ id: tenantPackages.id, orgId: tenantPackages.orgId })
    .from(tenantPackages)
    .where(
      and(
        inArray(tenantPackages.status, ["active", "used"]),
        sql`${tenantPackages.validUntil} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

/** Expires a package still active at the end of its validity. */
export async function expirePackage(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(tenantPackages)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(tenantPackages.id, id),
        eq(tenantPackages.status, "active"),
        sql`${tenantPackages.validUntil} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}
