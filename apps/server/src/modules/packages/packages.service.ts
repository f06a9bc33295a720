// The packages a tenant buys (`/bag`): buy, apply (buy with a subscription and/or a later start),
// renew, auto-renew and the expiry sweep. Every purchase and renewal is one transaction under the
// caller's Idempotency-Key: the organisation row is locked (so two discount packages can never be
// bought for the same period at once), the charge goes through chargeForOrder (deduction order,
// a bill) and the package row records the charge's allocation.
import { formatYuan, periodEnd } from "@skyledger/billing";
import type {
  Locale,
  PackageQuote,
  packageApply,
  packageAutoRenew,
  packageBuy,
  TenantPackage,
  tenantPackageQuery,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { chargeForOrder, namesOf, newOrderNo, toJsonAllocations } from "../finance/order-charge";
import { assertNotFrozen } from "../iam/tenant-freeze";
import { deductionBreakdown, type Funding } from "../quotes/deduction-breakdown";
import { assertVerified } from "../verification/verification.gate";
import { discountText, type OfferRow, type OffersService } from "./offers.service";
import {
  countPackages,
  expirePackage,
  ownPackage as findOwnPackage,
  findPackage,
  insertPackage,
  listPackages,
  lockOrganization,
  overlappingDiscount,
  packageFilter,
  packagesEnded,
  updatePackage,
  usagesOf,
  usedUnitHours,
} from "./packages.repo";
import type { tenantPackages } from "./packages.schema";

type ApplyBody = z.output<typeof packageApply>;
type BuyBody = z.output<typeof packageBuy>;
type PackageQuery = z.output<typeof tenantPackageQuery>;
type PackageRow = typeof tenantPackages.$inferSelect;
type Charge = PackageRow["charges"][number];

const USAGES_SHOWN = 50;

const insufficient = (err: unknown) => err instanceof DomainError && err.key === "INSUFFICIENT_BALANCE";

export function createPackagesService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  offers: OffersService;
  /** The organisation's balances as the deduction order reads them, for quotes. */
  funding: (orgId: string) => Promise<Funding>;
  audit: Audit;
}) {
  const { db, clock, timeZone, offers, audit } = deps;

  /** Spec §9: one discount package per period. Another active one overlapping [from, until) refuses. */
  async function assertNoDiscountOverlap(tx: Db, orgId: string, from: Date, until: Date, except?: string) {
    if (await overlappingDiscount(tx, orgId, from, until, except))
      throw new DomainError("PACKAGE_DISCOUNT_OVERLAP");
  }

  /** Charges the offer's price × quantity and returns the charge as the package records it. */
  async function pay(
    tx: Db,
    input: {
      orgId: string;
      offer: OfferRow;
      quantity: number;
      kind: Charge["kind"];
      by: string | null;
      now: Date;
    },
  ): Promise<Charge> {
    const amount = input.offer.price * BigInt(input.quantity);
    const orderNo = `PK${newOrderNo(input.now, timeZone).slice(2)}`;
    const allocations = await chargeForOrder(tx, {
      orgId: input.orgId,
      orderNo,
      productCode: input.offer.code,
      productName: namesOf(input.offer),
      paymentType: "prepaid",
      originalAmount: amount,
      amount,
      createdBy: input.by,
      now: input.now,
      timeZone,
      memo: {
        key: input.kind === "renewal" ? "packageRenewal" : "packagePurchase",
        params: { offerZh: input.offer.nameZh, offerEn: input.offer.nameEn, quantity: input.quantity },
      },
    });
    return {
      orderNo,
      kind: input.kind,
      amount: amount.toString(),
      at: input.now.toISOString(),
      paid: toJsonAllocations(allocations),
    };
  }

  /**
   * Extends a package by its offer's validity, charged again: on time from its end, late (ended
   * already) from now; a resource package gets the offer's unit-hours again (hours left over from
   * an ended period are gone).
   */
  async function renewLocked(
    tx: Db,
    p: PackageRow,
    offer: OfferRow,
    by: string | null,
    now: Date,
    onTime = p.validUntil > now,
  ) {
    const from = onTime ? p.validUntil : now;
    const until = periodEnd(from, offer.validityMonths, timeZone);
    if (p.kind === "discount") await assertNoDiscountOverlap(tx, p.orgId, from, until, p.id);
    const charge = await pay(tx, { orgId: p.orgId, offer, quantity: p.quantity, kind: "renewal", by, now });
    const added = p.kind === "resource" ? (offer.unitHours ?? 0) * p.quantity : 0;
    await updatePackage(tx, p.id, {
      ...(onTime ? {} : { validFrom: now }),
      validUntil: until,
      status: "active",
      totalUnitHours: p.totalUnitHours + added,
      remainingUnitHours: (onTime ? p.remainingUnitHours : 0) + added,
      remainingPartSeconds: onTime ? p.remainingPartSeconds : 0,
      charges: [...p.charges, charge],
      updatedAt: now,
    });
    return charge;
  }

  /** The caller's package (another organisation's answers 404, as a missing one). */
  async function ownPackage(tx: Db, ctx: RequestContext, id: string, lock: boolean): Promise<PackageRow> {
    const p = await findOwnPackage(tx, ctx.ownTenant(), id, lock);
    if (!p) throw new DomainError("NOT_FOUND");
    return p;
  }

  async function views(rows: PackageRow[], locale: Locale): Promise<TenantPackage[]> {
    const ids = rows.map((r) => r.id);
    const [usages, used] =
      ids.length === 0 ? [[], []] : await Promise.all([usagesOf(db, ids), usedUnitHours(db, ids)]);
    return rows.map((p) => ({
      id: p.id,
      offerCode: p.offerCode,
      name: locale === "zh-CN" ? p.nameZh : p.nameEn,
      kind: p.kind,
      discount: discountText(p.discountHundredths),
      productCodes: p.productCodes,
      productCode: p.productCode,
      dimension: p.dimension,
      quantity: p.quantity,
      totalUnitHours: p.totalUnitHours,
      remainingUnitHours: p.remainingUnitHours,
      usedUnitHours: Number(used.find((u) => u.packageId === p.id)?.n ?? 0),
      validFrom: p.validFrom.toISOString(),
      validUntil: p.validUntil.toISOString(),
      status: p.status,
      autoRenew: p.autoRenew,
      charges: p.charges.map((c) => ({
        orderNo: c.orderNo,
        kind: c.kind,
        amount: formatYuan(BigInt(c.amount)),
        at: c.at,
        allocations: c.paid.map((a) => ({
          source: a.source,
          sourceId: a.sourceId ?? null,
          amount: formatYuan(BigInt(a.amount)),
        })),
      })),
      usages: usages
        .filter((u) => u.packageId === p.id)
        .slice(0, USAGES_SHOWN)
        .map((u) => ({
          resourceId: u.resourceId,
          resourceName: u.resourceName,
          hours: u.hours,
          unitHours: u.unitHours,
          usageStart: u.usageStart.toISOString(),
          usageEnd: u.usageEnd.toISOString(),
          at: u.at.toISOString(),
        })),
    }));
  }

  async function viewOf(id: string, locale: Locale): Promise<TenantPackage> {
    const p = await findPackage(db, id);
    return (await views([p!], locale))[0]!;
  }

  async function purchase(
    ctx: RequestContext,
    body: ApplyBody,
    scope: "buy" | "apply",
  ): Promise<TenantPackage> {
    const orgId = ctx.ownTenant();
    const offer = await offers.listedByCode(body.offerCode);
    if (offer.kind === "discount" && body.quantity !== 1) throw new DomainError("PACKAGE_QUANTITY_INVALID");
    const id = await once(db, clock, `${orgId}|bag.${scope}`, ctx.idempotencyKey(), body, async (tx) => {
      const now = clock.now();
      await assertNotFrozen(tx, orgId);
      await assertVerified(tx, ctx.actor);
      const from = body.startAt ? new Date(body.startAt) : now;
      if (from < now) throw new DomainError("PARAM_INVALID");
      const until = periodEnd(from, offer.validityMonths, timeZone);
      await lockOrganization(tx, orgId);
      if (offer.kind === "discount") await assertNoDiscountOverlap(tx, orgId, from, until);
      const charge = await pay(tx, {
        orgId,
        offer,
        quantity: body.quantity,
        kind: "purchase",
        by: ctx.actor.userId,
        now,
      });
      const hours = offer.kind === "resource" ? (offer.unitHours ?? 0) * body.quantity : 0;
      const packageId = newId();
      await insertPackage(tx, {
        id: packageId,
        orgId,
        offerId: offer.id,
        offerCode: offer.code,
        nameZh: offer.nameZh,
        nameEn: offer.nameEn,
        kind: offer.kind,
        discountHundredths: offer.discountHundredths,
        productCodes: offer.productCodes,
        productCode: offer.productCode,
        dimension: offer.dimension,
        quantity: body.quantity,
        totalUnitHours: hours,
        remainingUnitHours: hours,
        validFrom: from,
        validUntil: until,
        status: "active",
        autoRenew: body.autoRenew,
        charges: [charge],
        createdBy: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await audit.record(tx, {
        action: "package.bought",
        ...ctx.auditBy,
        target: charge.orderNo,
        detail: {
          nameZh: offer.nameZh,
          nameEn: offer.nameEn,
          quantity: body.quantity,
          amount: formatYuan(BigInt(charge.amount)),
          autoRenew: body.autoRenew,
        },
      });
      return packageId;
    });
    return viewOf(id, ctx.locale);
  }

  return {
    /** The purchase form's quote: price × quantity and how the deduction order would pay it now. */
    async inquire(ctx: RequestContext, body: BuyBody): Promise<PackageQuote> {
      const offer = await offers.listedByCode(body.offerCode);
      if (offer.kind === "discount" && body.quantity !== 1) throw new DomainError("PACKAGE_QUANTITY_INVALID");
      const amount = offer.price * BigInt(body.quantity);
      const funding = await deps.funding(ctx.ownTenant());
      return {
        offerCode: offer.code,
        quantity: body.quantity,
        price: formatYuan(offer.price),
        amount: formatYuan(amount),
        deduction: deductionBreakdown(amount, funding, clock.now()),
      };
    },

    buy: (ctx: RequestContext, body: BuyBody) =>
      purchase(ctx, { ...body, autoRenew: false, startAt: null }, "buy"),

    apply: (ctx: RequestContext, body: ApplyBody) => purchase(ctx, body, "apply"),

    async renew(ctx: RequestContext, id: string) {
      const orgId = ctx.ownTenant();
      // Another organisation's package is a 404 before a missing key is a 400: the key is read once
      // the package is known to be the caller's, when the renewal is sure to move money.
      await ownPackage(db, ctx, id, false);
      // A replayed answer runs none of this: it charges and records nothing again.
      await once(db, clock, `${orgId}|bag.renew`, ctx.idempotencyKey(), { id }, async (tx) => {
        const now = clock.now();
        await assertNotFrozen(tx, orgId);
        await lockOrganization(tx, orgId);
        const p = await ownPackage(tx, ctx, id, true);
        const offer = await offers.byId(p.offerId, tx);
        if (offer.listingState !== "listed") throw new DomainError("PRODUCT_NOT_LISTED");
        const charge = await renewLocked(tx, p, offer, ctx.actor.userId, now);
        await audit.record(tx, {
          action: "package.renewed",
          ...ctx.auditBy,
          target: charge.orderNo,
          detail: { nameZh: p.nameZh, nameEn: p.nameEn, amount: formatYuan(BigInt(charge.amount)) },
        });
        return charge;
      });
      return viewOf(id, ctx.locale);
    },

    async setAutoRenew(ctx: RequestContext, id: string, body: z.output<typeof packageAutoRenew>) {
      const { autoRenew } = body;
      const p = await ownPackage(db, ctx, id, false);
      await db.transaction(async (tx) => {
        await updatePackage(tx, id, { autoRenew, updatedAt: clock.now() });
        await audit.record(tx, {
          action: "package.autoRenewChanged",
          ...ctx.auditBy,
          target: id,
          detail: { nameZh: p.nameZh, nameEn: p.nameEn, autoRenew },
        });
      });
      return viewOf(id, ctx.locale);
    },

    /** Spec §9: discount packages cannot be unsubscribed (nor, by our rule, resource packages). */
    async unsubscribe(ctx: RequestContext, id: string): Promise<never> {
      await ownPackage(db, ctx, id, false);
      throw new DomainError("PACKAGE_NOT_UNSUBSCRIBABLE");
    },

    async list(ctx: RequestContext, q: PackageQuery) {
      const where = packageFilter(ctx.ownTenant(), q);
      const rows = await listPackages(db, where, q.pageSize, (q.pageNum - 1) * q.pageSize);
      const [total] = await countPackages(db, where);
      return pageOf(
        q,
        async () => views(rows, ctx.locale),
        Promise.resolve([{ n: total?.n ?? 0 }]),
        (v) => v,
      );
    },

    /**
     * The lifecycle step's pass: a package at the end of its validity is renewed when it
     * auto-renews (its offer still listed, the money there, no other discount package in the way),
     * otherwise an active one expires. Each is its own transaction on the locked row.
     */
    async sweep(): Promise<void> {
      const now = clock.now();
      const due = await packagesEnded(db, now);
      for (const d of due) {
        const renewed = await db
          .transaction(async (tx) => {
            await lockOrganization(tx, d.orgId);
            const p = await findPackage(tx, d.id, true);
            if (!p || p.validUntil > now || p.status === "expired" || !p.autoRenew) return false;
            const offer = await offers.byId(p.offerId, tx);
            if (offer.listingState !== "listed") return false;
            // Renewed on time from its end, however late the step runs.
            await renewLocked(tx, p, offer, null, now, true);
            return true;
          })
          .catch((err: unknown) => {
            if (insufficient(err) || (err instanceof DomainError && err.key === "PACKAGE_DISCOUNT_OVERLAP"))
              return false;
            throw err;
          });
        if (renewed) continue;
        await expirePackage(db, d.id, now);
      }
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;
