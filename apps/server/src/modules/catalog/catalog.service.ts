// Operator rules of the catalogue: categories, billing policies, products with their listing states
// and their pricing rows (spec §4 product and pricing states, §5 pricing-row rules).
import { formatYuan, parseYuan } from "@skyledger/billing";
import {
  type AuditDetail,
  type BillingPolicyInput,
  type CategoryInput,
  dimensionName,
  type EndpointQuery,
  type endpoints,
  type ListingState,
  type listedProduct,
  type listingChange,
  type Pricing,
  type PricingRow,
  type Product,
  pricedDimensions,
  type pricingAdd,
  type pricingRow,
  type productInput,
  type SpecSchema,
} from "@skyledger/contracts";
import type { z } from "zod";
import { type Audit, changedFields } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { PriceRow, ProductFilter, ProductRow } from "./catalog.repo";
import * as repo from "./catalog.repo";

type ProductBody = z.output<typeof productInput>;
type PricingRowBody = z.output<typeof pricingRow>;
type ListingBody = z.output<typeof listingChange>;
type PricingAddBody = z.output<typeof pricingAdd>;
type OnSaleQuery = EndpointQuery<typeof endpoints.catalog.listOnSale>;
type ListedProduct = z.output<typeof listedProduct>;

/** Spec §4 listing states: which moves an operator may make. */
const LISTING_MOVES: Record<ListingState, readonly ListingState[]> = {
  pendingListing: ["listed", "delisted"],
  listed: ["delisted"],
  delisted: ["listed", "pendingListing"],
};

const LISTING_ACTIONS = {
  listed: "product.listed",
  delisted: "product.delisted",
  pendingListing: "product.pendingListing",
} as const;

export const discountText = (hundredths: number | null) =>
  hundredths === null ? null : (hundredths / 100).toFixed(2);
/** How an audit row names a category or a product: its code and both its names. */
const namesOf = (x: { code: string; nameZh: string; nameEn: string }) => ({
  code: x.code,
  nameZh: x.nameZh,
  nameEn: x.nameEn,
});

// The fields an edit's audit row compares, before and after.
const CATEGORY_FIELDS = ["code", "nameZh", "nameEn", "sort"] as const;
const POLICY_FIELDS = ["name", "frequency", "method", "cloudEnv", "refundReading"] as const;
const PRODUCT_FIELDS = [
  "code",
  "nameZh",
  "nameEn",
  "cloudEnv",
  "approvalFlow",
  "manualActivation",
  "postpaid",
  "prepaidPeriods",
] as const;

/** A priced dimension as an operator reads it: its flavour's, disk type's or option's name. */
const priceName = (spec: SpecSchema, dimension: string): string =>
  dimensionName(spec, dimension) ?? dimension;

const discountHundredths = (text: string | null) =>
  text === null ? null : Math.round(Number.parseFloat(text) * 100);

/** A price row's figures as the operators' pricing and the tenants' price list show them. */
export function priceFigures(r: PriceRow): Omit<PricingRow, "id"> {
  return {
    dimension: r.dimension,
    model: r.model,
    unitPrice: formatYuan(r.unitPrice),
    basePrice: formatYuan(r.basePrice),
    configurationFee: formatYuan(r.configurationFee),
    discount: discountText(r.discountHundredths),
  };
}

export function pricingRowDto(r: PriceRow): PricingRow {
  return { id: r.id, ...priceFigures(r) };
}

export function pricingOf(p: ProductRow, rows: PriceRow[]): Pricing {
  const dimensions = pricedDimensions(p.spec);
  const have = new Set(rows.map((r) => r.dimension));
  const missing = dimensions.filter((d) => !have.has(d));
  return {
    productId: p.id,
    dimensions,
    missing,
    configured: missing.length === 0,
    rows: rows.map(pricingRowDto),
  };
}

export function productDto(
  p: ProductRow,
  category: { categoryCode: string; categoryNameZh: string; categoryNameEn: string },
  rows: PriceRow[],
): Product {
  return {
    id: p.id,
    code: p.code,
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    categoryId: p.categoryId,
    categoryCode: category.categoryCode,
    categoryNameZh: category.categoryNameZh,
    categoryNameEn: category.categoryNameEn,
    provider: p.provider,
    spec: p.spec,
    prepaidPeriods: p.prepaidPeriods,
    postpaid: p.postpaid,
    approvalFlow: p.approvalFlow,
    manualActivation: p.manualActivation,
    billingPolicyIds: p.billingPolicyIds,
    listingState: p.listingState,
    pricingConfigured: pricingOf(p, rows).configured,
    updatedAt: p.updatedAt.toISOString(),
  };
}

function priceValues(row: PricingRowBody) {
  return {
    dimension: row.dimension,
    model: row.model,
    unitPrice: parseYuan(row.unitPrice),
    // A unit-model row has no base price, whatever the form sent.
    basePrice: row.model === "base_plus_unit" ? parseYuan(row.basePrice) : 0n,
    configurationFee: parseYuan(row.configurationFee),
    discountHundredths: discountHundredths(row.discount),
  };
}

function uniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
}

/**
 * What the catalogue needs of the registered HPC clusters: a cluster's name and whether it is
 * disabled, read in the caller's transaction. The hpc module answers it (it sits above catalog).
 */
export type ClusterLookup = (tx: Tx, id: string) => Promise<{ name: string; disabled: boolean } | undefined>;

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(deps: { db: Db; clock: Clock; audit: Audit; clusters: ClusterLookup }) {
  const { db, clock, audit } = deps;

  async function mustProduct(tx: Tx, id: string) {
    const found = await repo.findProduct(tx, id);
    if (!found) throw new DomainError("NOT_FOUND");
    return found;
  }

  async function checkReferences(tx: Tx, body: ProductBody) {
    if (!(await repo.findCategory(tx, body.categoryId))) throw new DomainError("NOT_FOUND");
    const known = await repo.existingPolicyIds(tx, body.billingPolicyIds);
    if (known.length !== new Set(body.billingPolicyIds).size) throw new DomainError("NOT_FOUND");
    // A pool product is provisioned on its cluster: one that is not there, or takes no new pools,
    // would only fail the tenant's order later.
    if (body.spec.kind === "hpcPool") {
      const { clusterId } = body.spec;
      const cluster = await deps.clusters(tx, clusterId);
      if (!cluster) throw new DomainError("CATALOG_CLUSTER_UNKNOWN", { clusterId });
      if (cluster.disabled) throw new DomainError("CATALOG_CLUSTER_DISABLED", { name: cluster.name });
    }
  }

  /** The audit row of an operator's change (the platform's log), written in the change's own transaction. */
  const record = (tx: Tx, action: string, ctx: RequestContext, target: string, detail?: AuditDetail) =>
    audit.record(tx, { action, ...ctx.auditBy, orgId: null, target, ...(detail ? { detail } : {}) });

  async function listProducts(filter: ProductFilter & { pageNum: number; pageSize: number }) {
    const page = await pageOf(
      filter,
      (limit, offset) => repo.listProducts(db, filter, limit, offset),
      repo.countProducts(db, filter),
      (row) => row,
    );
    const prices = await repo.listPrices(
      db,
      page.list.map((r) => r.p.id),
    );
    return {
      ...page,
      list: page.list.map(({ p, ...category }) =>
        productDto(
          p,
          category,
          prices.filter((r) => r.productId === p.id),
        ),
      ),
    };
  }

  return {
    // ---- categories ----
    listCategories: (page: { pageNum: number; pageSize: number }) =>
      pageOf(
        page,
        (limit, offset) => repo.listCategories(db, limit, offset),
        repo.countCategories(db),
        ({ c, productCount }) => ({
          id: c.id,
          code: c.code,
          nameZh: c.nameZh,
          nameEn: c.nameEn,
          sort: c.sort,
          productCount: Number(productCount),
        }),
      ),

    createCategory: (ctx: RequestContext, input: CategoryInput) =>
      db.transaction(async (tx) => {
        if (await repo.findCategoryByCode(tx, input.code))
          throw new DomainError("NAME_EXISTS", { name: input.code });
        const id = newId();
        const now = clock.now();
        await repo.insertCategory(tx, { id, ...input, createdAt: now, updatedAt: now });
        await record(tx, "productCategory.created", ctx, id, namesOf(input));
        return { id };
      }),

    updateCategory: (ctx: RequestContext, id: string, input: CategoryInput) =>
      db.transaction(async (tx) => {
        const other = await repo.findCategoryByCode(tx, input.code);
        if (other && other.id !== id) throw new DomainError("NAME_EXISTS", { name: input.code });
        const before = await repo.findCategory(tx, id);
        if (!before) throw new DomainError("NOT_FOUND");
        await repo.updateCategory(tx, id, { ...input, updatedAt: clock.now() });
        await record(tx, "productCategory.updated", ctx, id, {
          ...namesOf(before),
          ...changedFields(before, input, CATEGORY_FIELDS),
        });
        return { ok: true as const };
      }),

    deleteCategory: (ctx: RequestContext, id: string) =>
      db.transaction(async (tx) => {
        const category = await repo.findCategory(tx, id);
        if (!category) throw new DomainError("NOT_FOUND");
        if (await repo.categoryInUse(tx, id)) throw new DomainError("CATEGORY_IN_USE");
        await repo.deleteCategory(tx, id);
        await record(tx, "productCategory.deleted", ctx, id, namesOf(category));
        return { ok: true as const };
      }),

    // ---- billing policies ----
    listPolicies: (page: { pageNum: number; pageSize: number }) =>
      pageOf(
        page,
        (limit, offset) => repo.listPolicies(db, limit, offset),
        repo.countPolicies(db),
        (p) => ({
          id: p.id,
          name: p.name,
          categoryId: p.categoryId,
          frequency: p.frequency,
          method: p.method,
          cloudEnv: p.cloudEnv,
          refundReading: p.refundReading,
        }),
      ),

    createPolicy: (ctx: RequestContext, input: BillingPolicyInput) =>
      db.transaction(async (tx) => {
        if (!(await repo.findCategory(tx, input.categoryId))) throw new DomainError("NOT_FOUND");
        if (await repo.findPolicyByName(tx, input.name))
          throw new DomainError("NAME_EXISTS", { name: input.name });
        const id = newId();
        const now = clock.now();
        await repo.insertPolicy(tx, { id, ...input, createdAt: now, updatedAt: now });
        await record(tx, "billingPolicy.created", ctx, id, {
          name: input.name,
          frequency: input.frequency,
          method: input.method,
          cloudEnv: input.cloudEnv,
          refundReading: input.refundReading,
        });
        return { id };
      }),

    updatePolicy: (ctx: RequestContext, id: string, input: BillingPolicyInput) =>
      db.transaction(async (tx) => {
        if (!(await repo.findCategory(tx, input.categoryId))) throw new DomainError("NOT_FOUND");
        const other = await repo.findPolicyByName(tx, input.name);
        if (other && other.id !== id) throw new DomainError("NAME_EXISTS", { name: input.name });
        const before = await repo.findPolicy(tx, id);
        if (!before) throw new DomainError("NOT_FOUND");
        await repo.updatePolicy(tx, id, { ...input, updatedAt: clock.now() });
        await record(tx, "billingPolicy.updated", ctx, id, {
          ...(before.name === input.name ? { name: input.name } : {}),
          ...changedFields(before, input, POLICY_FIELDS),
        });
        return { ok: true as const };
      }),

    deletePolicy: (ctx: RequestContext, id: string) =>
      db.transaction(async (tx) => {
        const policy = await repo.findPolicy(tx, id);
        if (!policy) throw new DomainError("NOT_FOUND");
        if (await repo.policyInUse(tx, id)) throw new DomainError("BILLING_POLICY_IN_USE");
        await repo.deletePolicy(tx, id);
        await record(tx, "billingPolicy.deleted", ctx, id, { name: policy.name });
        return { ok: true as const };
      }),

    // ---- products ----
    listProducts,

    /** The tenants' catalogue: listed products, with what the purchase form needs of each. */
    async listOnSale(query: OnSaleQuery) {
      const found = await listProducts({ ...query, listingState: "listed" });
      return {
        ...found,
        list: found.list.map(
          (p): ListedProduct => ({
            id: p.id,
            code: p.code,
            nameZh: p.nameZh,
            nameEn: p.nameEn,
            categoryCode: p.categoryCode,
            spec: p.spec,
            prepaidPeriods: p.prepaidPeriods,
            postpaid: p.postpaid,
            approvalFlow: p.approvalFlow,
            // The purchase form tells the tenant that an administrator activates it after approval.
            // A third-party service always is (orders/third-party.ts), whatever the product's flag.
            manualActivation: p.manualActivation || p.provider === "thirdParty",
          }),
        ),
      };
    },

    async getProduct(id: string) {
      const { p, ...category } = await mustProduct(db, id);
      return productDto(p, category, await repo.listPrices(db, [id]));
    },

    createProduct: (ctx: RequestContext, body: ProductBody) =>
      db.transaction(async (tx) => {
        await checkReferences(tx, body);
        if (await repo.findProductByCode(tx, body.code))
          throw new DomainError("NAME_EXISTS", { name: body.code });
        const id = newId();
        const now = clock.now();
        try {
          // A new product waits for an operator to price and list it.
          await repo.insertProduct(tx, {
            id,
            ...body,
            prepaidPeriods: [...body.prepaidPeriods].sort((a, b) => a - b),
            listingState: "pendingListing",
            createdBy: ctx.actor.userId,
            createdAt: now,
            updatedAt: now,
          });
        } catch (err) {
          if (uniqueViolation(err)) throw new DomainError("NAME_EXISTS", { name: body.code });
          throw err;
        }
        await record(tx, "product.created", ctx, id, namesOf(body));
        return { id };
      }),

    updateProduct: (ctx: RequestContext, id: string, body: ProductBody) =>
      db.transaction(async (tx) => {
        const { p: before } = await mustProduct(tx, id);
        await checkReferences(tx, body);
        const other = await repo.findProductByCode(tx, body.code);
        if (other && other.p.id !== id) throw new DomainError("NAME_EXISTS", { name: body.code });
        await repo.updateProduct(tx, id, {
          ...body,
          prepaidPeriods: [...body.prepaidPeriods].sort((a, b) => a - b),
          updatedAt: clock.now(),
        });
        // Prices of flavours, disk types or options the spec no longer has can never be quoted.
        await repo.deletePricesNotIn(tx, id, pricedDimensions(body.spec));
        await record(tx, "product.updated", ctx, id, {
          ...namesOf(before),
          ...changedFields(
            { ...before, cloudEnv: before.provider },
            {
              ...body,
              cloudEnv: body.provider,
              prepaidPeriods: [...body.prepaidPeriods].sort((a, b) => a - b),
            },
            PRODUCT_FIELDS,
          ),
        });
        return { ok: true as const };
      }),

    setListing: (ctx: RequestContext, id: string, body: ListingBody) =>
      db.transaction(async (tx) => {
        const to = body.listingState;
        const { p } = await mustProduct(tx, id);
        if (!LISTING_MOVES[p.listingState].includes(to)) throw new DomainError("LISTING_TRANSITION_INVALID");
        if (to === "listed" && !pricingOf(p, await repo.listPrices(tx, [id])).configured)
          throw new DomainError("PRICING_NOT_CONFIGURED");
        const done = await repo.changeListing(tx, id, p.listingState, {
          listingState: to,
          updatedAt: clock.now(),
        });
        if (done.length === 0) throw new DomainError("LISTING_TRANSITION_INVALID");
        await record(tx, LISTING_ACTIONS[to], ctx, id, {
          ...namesOf(p),
          listingState: { from: p.listingState, to },
        });
        return { ok: true as const };
      }),

    // ---- pricing ----
    async getPricing(id: string) {
      const { p } = await mustProduct(db, id);
      return pricingOf(p, await repo.listPrices(db, [id]));
    },

    addPricing: (ctx: RequestContext, id: string, body: PricingAddBody) =>
      db.transaction(async (tx) => {
        const { rows } = body;
        const { p } = await mustProduct(tx, id);
        const dimensions = new Set(pricedDimensions(p.spec));
        const seen = new Set<string>();
        for (const row of rows) {
          if (!dimensions.has(row.dimension))
            throw new DomainError("PRICING_DIMENSION_UNKNOWN", { dimension: row.dimension });
          if (seen.has(row.dimension) || (await repo.findPrice(tx, id, row.dimension)))
            throw new DomainError("PRICING_ROW_EXISTS", { dimension: row.dimension });
          seen.add(row.dimension);
        }
        const now = clock.now();
        try {
          await repo.insertPrices(
            tx,
            rows.map((row) => ({
              id: newId(),
              productId: id,
              ...priceValues(row),
              createdAt: now,
              updatedAt: now,
            })),
          );
        } catch (err) {
          if (uniqueViolation(err))
            throw new DomainError("PRICING_ROW_EXISTS", { dimension: rows[0]!.dimension });
          throw err;
        }
        await record(tx, "product.pricingChanged", ctx, id, {
          ...namesOf(p),
          addedPrices: rows.map((r) => priceName(p.spec, r.dimension)),
        });
        return pricingOf(p, await repo.listPrices(tx, [id]));
      }),

    updatePricingRow: (ctx: RequestContext, id: string, rowId: string, row: PricingRowBody) =>
      db.transaction(async (tx) => {
        const { p } = await mustProduct(tx, id);
        if (!pricedDimensions(p.spec).includes(row.dimension))
          throw new DomainError("PRICING_DIMENSION_UNKNOWN", { dimension: row.dimension });
        const clash = await repo.findPrice(tx, id, row.dimension);
        if (clash && clash.id !== rowId)
          throw new DomainError("PRICING_ROW_EXISTS", { dimension: row.dimension });
        const done = await repo.updatePrice(tx, id, rowId, { ...priceValues(row), updatedAt: clock.now() });
        if (done.length === 0) throw new DomainError("NOT_FOUND");
        await record(tx, "product.pricingChanged", ctx, id, {
          ...namesOf(p),
          updatedPrice: priceName(p.spec, row.dimension),
        });
        return pricingOf(p, await repo.listPrices(tx, [id]));
      }),

    deletePricingRow: (ctx: RequestContext, id: string, rowId: string) =>
      db.transaction(async (tx) => {
        const { p } = await mustProduct(tx, id);
        const [done] = await repo.deletePrice(tx, id, rowId);
        if (!done) throw new DomainError("NOT_FOUND");
        await record(tx, "product.pricingChanged", ctx, id, {
          ...namesOf(p),
          removedPrice: priceName(p.spec, done.dimension),
        });
        return pricingOf(p, await repo.listPrices(tx, [id]));
      }),
  };
}
