// Package offers operators define (`/sys/bag`, BA09): a discount package (a discount on some
// products) or a resource package (unit-hours of one product's priced dimension), each with its
// validity, price and listing state. Tenants see and buy only listed offers.
import { formatYuan, parseDiscount, parseYuan } from "@skyledger/billing";
import type {
  AuditDetail,
  listingChange,
  PackageOffer,
  packageOfferInput,
  packageOfferQuery,
} from "@skyledger/contracts";
import type { z } from "zod";
import { type Audit, changedFields } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import {
  countOffers,
  deleteOffer,
  findOffer,
  insertOffer,
  isPricedDimension,
  knownProductCodes,
  listOffers,
  offerByCode,
  offerCodeTaken,
  offerFilter,
  offerSold,
  updateOffer,
} from "./packages.repo";
import type { packageOffers } from "./packages.schema";

type OfferInput = z.output<typeof packageOfferInput>;
type OfferQuery = z.output<typeof packageOfferQuery>;
type ListingBody = z.output<typeof listingChange>;
export type OfferRow = typeof packageOffers.$inferSelect;

export const discountText = (hundredths: number | null): string | null =>
  hundredths === null ? null : (hundredths / 100).toFixed(2);

export function toPackageOffer(o: OfferRow): PackageOffer {
  return {
    id: o.id,
    code: o.code,
    nameZh: o.nameZh,
    nameEn: o.nameEn,
    kind: o.kind,
    discount: discountText(o.discountHundredths),
    productCodes: o.productCodes,
    productCode: o.productCode,
    dimension: o.dimension,
    unitHours: o.unitHours,
    validityMonths: o.validityMonths,
    price: formatYuan(o.price),
    listingState: o.listingState,
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** How an offer's audit rows describe it: its names, kind and price. */
const audited = (o: Pick<OfferRow, "code" | "nameZh" | "nameEn" | "kind" | "price">) => ({
  code: o.code,
  nameZh: o.nameZh,
  nameEn: o.nameEn,
  offerKind: o.kind,
  price: formatYuan(o.price),
});

export function createOffersService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** The columns of an offer, with the products it names checked against the catalogue. */
  async function columnsOf(input: OfferInput) {
    return {
      code: input.code,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      kind: input.kind,
      ...(await kindColumnsOf(input)),
      validityMonths: input.validityMonths,
      price: parseYuan(input.price),
    };
  }

  /** What the offer's kind adds: the discount and its products, or the product's unit-hours. */
  async function kindColumnsOf(input: OfferInput) {
    if (input.kind === "discount") {
      const parsed = parseDiscount(input.discount!);
      if (!parsed.ok) throw new DomainError("PARAM_INVALID");
      const codes = [...new Set(input.productCodes)];
      if (codes.length > 0) {
        if ((await knownProductCodes(db, codes)) !== codes.length)
          throw new DomainError("PACKAGE_PRODUCT_UNKNOWN");
      }
      return {
        discountHundredths: Number(parsed.discount.hundredths),
        productCodes: codes,
        productCode: null,
        dimension: null,
        unitHours: null,
      };
    }
    if (!(await isPricedDimension(db, input.productCode!, input.dimension!)))
      throw new DomainError("PACKAGE_PRODUCT_UNKNOWN");
    return {
      discountHundredths: null,
      productCodes: [],
      productCode: input.productCode,
      dimension: input.dimension,
      unitHours: input.unitHours,
    };
  }

  /** `tx`: inside a caller's transaction (PGlite has one connection, which the transaction holds). */
  async function byId(id: string, tx: Db = db): Promise<OfferRow> {
    const o = await findOffer(tx, id);
    if (!o) throw new DomainError("NOT_FOUND");
    return o;
  }

  /** The audit row of an operator's change to an offer (the platform's log), in the change's `tx`. */
  const record = (tx: Db, ctx: RequestContext, action: string, target: string, detail?: AuditDetail) =>
    audit.record(tx, { action, ...ctx.auditBy, orgId: null, target, ...(detail ? { detail } : {}) });

  async function list(q: OfferQuery, listedOnly: boolean) {
    const where = offerFilter({ kind: q.kind, listingState: listedOnly ? "listed" : q.listingState });
    return pageOf(
      q,
      (limit, offset) => listOffers(db, where, limit, offset),
      countOffers(db, where),
      toPackageOffer,
    );
  }

  return {
    byId,
    list: (q: OfferQuery) => list(q, false),
    listed: (q: OfferQuery) => list(q, true),

    /** The offer a tenant buys or renews: spec §8's message when it is not listed. */
    async listedByCode(code: string): Promise<OfferRow> {
      const o = await offerByCode(db, code);
      if (!o) throw new DomainError("NOT_FOUND");
      if (o.listingState !== "listed") throw new DomainError("PRODUCT_NOT_LISTED");
      return o;
    },

    async create(ctx: RequestContext, input: OfferInput): Promise<{ id: string }> {
      if (await offerCodeTaken(db, input.code)) throw new DomainError("PACKAGE_OFFER_CODE_TAKEN");
      const now = clock.now();
      const id = newId();
      // Read before the transaction (PGlite has one connection, which the transaction holds).
      const columns = await columnsOf(input);
      await db.transaction(async (tx) => {
        await insertOffer(tx, {
          id,
          ...columns,
          listingState: "pendingListing",
          createdAt: now,
          updatedAt: now,
        });
        await record(tx, ctx, "package.offerCreated", input.code, audited(columns));
      });
      return { id };
    },

    /** Edits change future purchases and renewals only: bought packages keep their own copy. */
    async update(ctx: RequestContext, id: string, input: OfferInput): Promise<{ ok: true }> {
      const o = await byId(id);
      if (input.code !== o.code) {
        if (await offerCodeTaken(db, input.code)) throw new DomainError("PACKAGE_OFFER_CODE_TAKEN");
      }
      const columns = await columnsOf(input);
      await db.transaction(async (tx) => {
        await updateOffer(tx, id, { ...columns, updatedAt: clock.now() });
        await record(tx, ctx, "package.offerUpdated", input.code, {
          nameZh: o.nameZh,
          nameEn: o.nameEn,
          ...changedFields(audited(o), audited(columns), ["code", "nameZh", "nameEn", "offerKind", "price"]),
        });
      });
      return { ok: true };
    },

    async setListing(ctx: RequestContext, id: string, body: ListingBody): Promise<{ ok: true }> {
      const o = await byId(id);
      const state = body.listingState;
      await db.transaction(async (tx) => {
        await updateOffer(tx, id, { listingState: state, updatedAt: clock.now() });
        await record(tx, ctx, "package.offerListing", o.code, {
          nameZh: o.nameZh,
          nameEn: o.nameEn,
          listingState: { from: o.listingState, to: state },
        });
      });
      return { ok: true };
    },

    async remove(ctx: RequestContext, id: string): Promise<{ ok: true }> {
      const o = await byId(id);
      if (await offerSold(db, id)) throw new DomainError("PACKAGE_OFFER_IN_USE");
      await db.transaction(async (tx) => {
        await deleteOffer(tx, id);
        await record(tx, ctx, "package.offerDeleted", o.code, { nameZh: o.nameZh, nameEn: o.nameEn });
      });
      return { ok: true };
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
