// The catalogue's SQL: categories, billing policies, products and their pricing rows. Every function
// takes the caller's transaction (or the handle) first, so a service puts its writes and their audit
// row in one transaction. The rules live in catalog.service.ts and product-pricing.service.ts.
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { billingPolicies, productCategories, productPrices, products } from "./catalog.schema";

export type CategoryRow = typeof productCategories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof productPrices.$inferSelect;
export type PolicyRow = typeof billingPolicies.$inferSelect;
export type ProductFilter = {
  categoryId?: string;
  listingState?: ProductRow["listingState"];
  keyword?: string;
};

function productWhere(f: ProductFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.listingState) where.push(eq(products.listingState, f.listingState));
  if (f.keyword) {
    const k = containsPattern(f.keyword);
    where.push(or(ilike(products.code, k), ilike(products.nameZh, k), ilike(products.nameEn, k))!);
  }
  return where.length ? and(...where) : undefined;
}

// ---- categories ----

export function listCategories(tx: Tx, limit: number, offset: number) {
  return tx
    .select({
      c: productCategories,
      productCount: sql<number>`(select count(*)::int from ${products} where ${products.categoryId} = ${productCategories.id})`,
    })
    .from(productCategories)
    .orderBy(asc(productCategories.sort), asc(productCategories.code))
    .limit(limit)
    .offset(offset);
}

export function countCategories(tx: Tx) {
  return tx.select({ n: count() }).from(productCategories);
}

export async function findCategory(tx: Tx, id: string): Promise<CategoryRow | undefined> {
  return (await tx.select().from(productCategories).where(eq(productCategories.id, id)))[0];
}

export async function findCategoryByCode(tx: Tx, code: string): Promise<CategoryRow | undefined> {
  return (await tx.select().from(productCategories).where(eq(productCategories.code, code)))[0];
}

export async function insertCategory(tx: Tx, row: typeof productCategories.$inferInsert): Promise<void> {
  await tx.insert(productCategories).values(row);
}

/** The seed's categories: a row that exists stays as operators changed it. */
export async function insertCategoryIfMissing(
  tx: Tx,
  row: typeof productCategories.$inferInsert,
): Promise<void> {
  await tx.insert(productCategories).values(row).onConflictDoNothing();
}

export function updateCategory(tx: Tx, id: string, set: Partial<CategoryRow>) {
  return tx.update(productCategories).set(set).where(eq(productCategories.id, id)).returning();
}

export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.id, id));
}

/** A category with products or billing policies cannot be deleted. */
export async function categoryInUse(tx: Tx, id: string): Promise<boolean> {
  const [p] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  const [b] = await tx.select({ n: count() }).from(billingPolicies).where(eq(billingPolicies.categoryId, id));
  return (p?.n ?? 0) + (b?.n ?? 0) > 0;
}

// ---- billing policies ----

export function listPolicies(tx: Tx, limit: number, offset: number) {
  return tx.select().from(billingPolicies).orderBy(asc(billingPolicies.name)).limit(limit).offset(offset);
}

export function countPolicies(tx: Tx) {
  return tx.select({ n: count() }).from(billingPolicies);
}

export async function findPolicy(tx: Tx, id: string): Promise<PolicyRow | undefined> {
  return (await tx.select().from(billingPolicies).where(eq(billingPolicies.id, id)))[0];
}

export async function findPolicyByName(tx: Tx, name: string): Promise<PolicyRow | undefined> {
  return (await tx.select().from(billingPolicies).where(eq(billingPolicies.name, name)))[0];
}

/** Which of these billing policy ids exist. */
export async function existingPolicyIds(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: billingPolicies.id })
    .from(billingPolicies)
    .where(inArray(billingPolicies.id, ids));
  return rows.map((r) => r.id);
}

export async function insertPolicy(tx: Tx, row: typeof billingPolicies.$inferInsert): Promise<void> {
  await tx.insert(billingPolicies).values(row);
}

/** The seed's billing policies: rows that exist stay as operators changed them. */
export async function insertPoliciesIfMissing(
  tx: Tx,
  rows: (typeof billingPolicies.$inferInsert)[],
): Promise<void> {
  await tx.insert(billingPolicies).values(rows).onConflictDoNothing();
}

export function updatePolicy(tx: Tx, id: string, set: Partial<PolicyRow>) {
  return tx.update(billingPolicies).set(set).where(eq(billingPolicies.id, id)).returning();
}

export async function deletePolicy(tx: Tx, id: string): Promise<void> {
  await tx.delete(billingPolicies).where(eq(billingPolicies.id, id));
}

/** A billing policy a product names cannot be deleted. */
export async function policyInUse(tx: Tx, id: string): Promise<boolean> {
  const [r] = await tx
    .select({ n: count() })
    .from(products)
    .where(sql`${id} = any(${products.billingPolicyIds})`);
  return (r?.n ?? 0) > 0;
}

// ---- products ----

// A product with its category's code (what operators type) and names (what people read).
const productWithCategory = {
  p: products,
  categoryCode: productCategories.code,
  categoryNameZh: productCategories.nameZh,
  categoryNameEn: productCategories.nameEn,
};
export type ProductWithCategory = {
  p: ProductRow;
  categoryCode: string;
  categoryNameZh: string;
  categoryNameEn: string;
};

export function listProducts(tx: Tx, f: ProductFilter, limit: number, offset: number) {
  return tx
    .select(productWithCategory)
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(productWhere(f))
    .orderBy(asc(productCategories.sort), asc(products.code))
    .limit(limit)
    .offset(offset);
}

export function countProducts(tx: Tx, f: ProductFilter) {
  return tx.select({ n: count() }).from(products).where(productWhere(f));
}

export async function findProduct(tx: Tx, id: string): Promise<ProductWithCategory | undefined> {
  return (
    await tx
      .select(productWithCategory)
      .from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(eq(products.id, id))
  )[0];
}

export async function findProductByCode(tx: Tx, code: string): Promise<ProductWithCategory | undefined> {
  return (
    await tx
      .select(productWithCategory)
      .from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(eq(products.code, code))
  )[0];
}

export async function insertProduct(tx: Tx, row: typeof products.$inferInsert): Promise<void> {
  await tx.insert(products).values(row);
}

/** The seed's products: false when the product was already there (its prices are left alone). */
export async function insertProductIfMissing(tx: Tx, row: typeof products.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(products).values(row).onConflictDoNothing().returning({ id: products.id });
  return inserted.length > 0;
}

export function updateProduct(tx: Tx, id: string, set: Partial<ProductRow>) {
  return tx.update(products).set(set).where(eq(products.id, id)).returning();
}

/** A listing change only lands when the product is still in the state it was read in. */
export function changeListing(
  tx: Tx,
  id: string,
  from: ProductRow["listingState"],
  set: Partial<ProductRow>,
) {
  return tx
    .update(products)
    .set(set)
    .where(and(eq(products.id, id), eq(products.listingState, from)))
    .returning({ id: products.id });
}

// ---- pricing rows ----

export async function listPrices(tx: Tx, productIds: string[]): Promise<PriceRow[]> {
  if (!productIds.length) return [];
  return tx
    .select()
    .from(productPrices)
    .where(inArray(productPrices.productId, productIds))
    .orderBy(asc(productPrices.productId), asc(productPrices.dimension));
}

export async function findPrice(tx: Tx, productId: string, dimension: string): Promise<PriceRow | undefined> {
  return (
    await tx
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), eq(productPrices.dimension, dimension)))
  )[0];
}

export async function insertPrices(tx: Tx, rows: (typeof productPrices.$inferInsert)[]): Promise<void> {
  await tx.insert(productPrices).values(rows);
}

export function updatePrice(tx: Tx, productId: string, id: string, set: Partial<PriceRow>) {
  return tx
    .update(productPrices)
    .set(set)
    .where(and(eq(productPrices.id, id), eq(productPrices.productId, productId)))
    .returning();
}

export function deletePrice(tx: Tx, productId: string, id: string) {
  return tx
    .delete(productPrices)
    .where(and(eq(productPrices.id, id), eq(productPrices.productId, productId)))
    .returning({ id: productPrices.id, dimension: productPrices.dimension });
}

/** Drops the product's pricing rows of dimensions its spec no longer has. */
export async function deletePricesNotIn(tx: Tx, productId: string, dimensions: string[]): Promise<void> {
  await tx.delete(productPrices).where(
    and(
      eq(productPrices.productId, productId),
      dimensions.length
        ? sql`${productPrices.dimension} not in (${sql.join(
            dimensions.map((d) => sql`${d}`),
            sql`, `,
          )})`
        : undefined,
    ),
  );
}

/** One page of the listed products' pricing rows (optionally of one product) and their total. */
export function listListedPrices(tx: Tx, productCode: string | undefined, limit: number, offset: number) {
  const where = and(
    eq(products.listingState, "listed"),
    productCode ? eq(products.code, productCode) : undefined,
  );
  return Promise.all([
    tx
      .select({ r: productPrices, productCode: products.code })
      .from(productPrices)
      .innerJoin(products, eq(products.id, productPrices.productId))
      .where(where)
      .orderBy(asc(products.code), asc(productPrices.dimension))
      .limit(limit)
      .offset(offset),
    tx
      .select({ n: count() })
      .from(productPrices)
      .innerJoin(products, eq(products.id, productPrices.productId))
      .where(where),
  ]);
}
