// Drizzle queries of the catalogue; the rules live in catalog.service.ts and price-inquiry.service.ts.
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { coupons } from "../finance/finance.schema";
import { readFunding } from "../ledger/funding";
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

export function createCatalogRepo(db: Db) {
  const productWhere = (f: ProductFilter): SQL | undefined => {
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
    if (f.listingState) where.push(eq(products.listingState, f.listingState));
    if (f.keyword) {
      const k = containsPattern(f.keyword);
      where.push(or(ilike(products.code, k), ilike(products.nameZh, k), ilike(products.nameEn, k))!);
    }
    return where.length ? and(...where) : undefined;
  };

  return {
    categories: (limit: number, offset: number) =>
      db
        .select({
          c: productCategories,
          productCount: sql<number>`(select count(*)::int from ${products} where ${products.categoryId} = ${productCategories.id})`,
        })
        .from(productCategories)
        .orderBy(asc(productCategories.sort), asc(productCategories.code))
        .limit(limit)
        .offset(offset),
    countCategories: () => db.select({ n: count() }).from(productCategories),
    category: async (id: string) =>
      (await db.select().from(productCategories).where(eq(productCategories.id, id)))[0],
    categoryByCode: async (code: string) =>
      (await db.select().from(productCategories).where(eq(productCategories.code, code)))[0],
    insertCategory: (row: typeof productCategories.$inferInsert) => db.insert(productCategories).values(row),
    updateCategory: (id: string, set: Partial<CategoryRow>) =>
      db.update(productCategories).set(set).where(eq(productCategories.id, id)).returning(),
    deleteCategory: (id: string) => db.delete(productCategories).where(eq(productCategories.id, id)),
    categoryInUse: async (id: string) => {
      const [p] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
      const [b] = await db
        .select({ n: count() })
        .from(billingPolicies)
        .where(eq(billingPolicies.categoryId, id));
      return (p?.n ?? 0) + (b?.n ?? 0) > 0;
    },

    policies: (limit: number, offset: number) =>
      db.select().from(billingPolicies).orderBy(asc(billingPolicies.name)).limit(limit).offset(offset),
    countPolicies: () => db.select({ n: count() }).from(billingPolicies),
    policy: async (id: string) =>
      (await db.select().from(billingPolicies).where(eq(billingPolicies.id, id)))[0],
    policyByName: async (name: string) =>
      (await db.select().from(billingPolicies).where(eq(billingPolicies.name, name)))[0],
    existingPolicyIds: async (ids: string[]) =>
      ids.length
        ? (
            await db
              .select({ id: billingPolicies.id })
              .from(billingPolicies)
              .where(inArray(billingPolicies.id, ids))
          ).map((r) => r.id)
        : [],
    insertPolicy: (row: typeof billingPolicies.$inferInsert) => db.insert(billingPolicies).values(row),
    updatePolicy: (id: string, set: Partial<PolicyRow>) =>
      db.update(billingPolicies).set(set).where(eq(billingPolicies.id, id)).returning(),
    deletePolicy: (id: string) => db.delete(billingPolicies).where(eq(billingPolicies.id, id)),
    policyInUse: async (id: string) => {
      const [r] = await db
        .select({ n: count() })
        .from(products)
        .where(sql`${id} = any(${products.billingPolicyIds})`);
      return (r?.n ?? 0) > 0;
    },

    products: (f: ProductFilter, limit: number, offset: number) =>
      db
        .select({ p: products, categoryCode: productCategories.code })
        .from(products)
        .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(productWhere(f))
        .orderBy(asc(productCategories.sort), asc(products.code))
        .limit(limit)
        .offset(offset),
    countProducts: (f: ProductFilter) => db.select({ n: count() }).from(products).where(productWhere(f)),
    product: async (id: string) =>
      (
        await db
          .select({ p: products, categoryCode: productCategories.code })
          .from(products)
          .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
          .where(eq(products.id, id))
      )[0],
    productByCode: async (code: string) =>
      (
        await db
          .select({ p: products, categoryCode: productCategories.code })
          .from(products)
          .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
          .where(eq(products.code, code))
      )[0],
    insertProduct: (row: typeof products.$inferInsert) => db.insert(products).values(row),
    updateProduct: (id: string, set: Partial<ProductRow>) =>
      db.update(products).set(set).where(eq(products.id, id)).returning(),
    /** A listing change only lands when the product is still in the state it was read in. */
    changeListing: (id: string, from: ProductRow["listingState"], set: Partial<ProductRow>) =>
      db
        .update(products)
        .set(set)
        .where(and(eq(products.id, id), eq(products.listingState, from)))
        .returning({ id: products.id }),

    prices: (productIds: string[]) =>
      productIds.length
        ? db
            .select()
            .from(productPrices)
            .where(inArray(productPrices.productId, productIds))
            .orderBy(asc(productPrices.productId), asc(productPrices.dimension))
        : Promise.resolve([] as PriceRow[]),
    price: async (productId: string, dimension: string) =>
      (
        await db
          .select()
          .from(productPrices)
          .where(and(eq(productPrices.productId, productId), eq(productPrices.dimension, dimension)))
      )[0],
    insertPrices: (rows: (typeof productPrices.$inferInsert)[]) => db.insert(productPrices).values(rows),
    updatePrice: (productId: string, id: string, set: Partial<PriceRow>) =>
      db
        .update(productPrices)
        .set(set)
        .where(and(eq(productPrices.id, id), eq(productPrices.productId, productId)))
        .returning(),
    deletePrice: (productId: string, id: string) =>
      db
        .delete(productPrices)
        .where(and(eq(productPrices.id, id), eq(productPrices.productId, productId)))
        .returning({ id: productPrices.id }),
    deletePricesNotIn: (productId: string, dimensions: string[]) =>
      db.delete(productPrices).where(
        and(
          eq(productPrices.productId, productId),
          dimensions.length
            ? sql`${productPrices.dimension} not in (${sql.join(
                dimensions.map((d) => sql`${d}`),
                sql`, `,
              )})`
            : undefined,
        ),
      ),
    listedPrices: (productCode: string | undefined, limit: number, offset: number) => {
      const where = and(
        eq(products.listingState, "listed"),
        productCode ? eq(products.code, productCode) : undefined,
      );
      return Promise.all([
        db
          .select({ r: productPrices, productCode: products.code })
          .from(productPrices)
          .innerJoin(products, eq(products.id, productPrices.productId))
          .where(where)
          .orderBy(asc(products.code), asc(productPrices.dimension))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(productPrices)
          .innerJoin(products, eq(products.id, productPrices.productId))
          .where(where),
      ]);
    },

    /** The caller's own coupon; another organisation's is as good as missing. */
    coupon: async (orgId: string, couponId: string) =>
      (
        await db
          .select()
          .from(coupons)
          .where(and(eq(coupons.id, couponId), eq(coupons.orgId, orgId)))
      )[0],

    /**
     * The organisation's money sources as they stand, read without locks: the inquiry only shows
     * how a charge would be covered; the order's charge locks and re-reads them.
     */
    async funding(orgId: string) {
      const f = await readFunding(db, orgId);
      return {
        cash: f.cash,
        availableCredit: f.creditLimit - f.creditUsed,
        debt: f.debt,
        deductionVouchers: f.deductionVouchers,
        topUpVouchers: f.topUpVouchers,
      };
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
