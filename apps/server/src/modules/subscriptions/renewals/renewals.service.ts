// Renewal management (`/mgt/renew`, CC08): renew one or many prepaid resources for a period, aligned
// to the latest new expiry when asked (each moves at most 10 days), with overdue days charged when
// the renewal is late; auto-renew on or off. Every resource is one charge by the deduction order,
// written as terms (renewal, alignment) so a later unsubscribe refunds exactly their unused part;
// overdue days pay for time already used and are never refunded. A frozen resource is thawed.
// A renewal of one resource may use one coupon, evaluated on its whole charge as purchases evaluate
// theirs (docs/billing/rules.md §9.4); the coupon is used by the renewal and never given back.
import {
  type Allocation,
  type AppliedCoupon,
  alignExpiry,
  contractDiscountAmount,
  discountFromHundredths,
  formatYuan,
  type Money,
  NO_DISCOUNT,
  renew,
  renewPrice,
  splitAllocations,
} from "@skyledger/billing";
import {
  type autoRenewBody,
  isLeaving,
  PREPAID_PERIODS,
  RENEW_CODES_BY_KIND,
  RESOURCE_STATUS_NAMES,
  type RenewQuote,
  type ResourceKind,
  type renewableQuery,
  type renewBody,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { once } from "../../../platform/idempotency";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import { contractDiscountOn } from "../../contracts/contract-discounts";
import { type CouponQuote, type CouponRow, chooseCoupon } from "../../finance/coupon-choice";
import { chargeForOrder, newOrderNo, toJsonAllocations } from "../../finance/order-charge";
import { assertNotFrozen } from "../../iam/tenant-freeze";
import { deductionBreakdown, readQuoteFunding } from "../../quotes/deduction-breakdown";
import { findOwnCoupon } from "../../quotes/quotes.repo";
import type { resources, resourceTerms } from "../../resources/resources.schema";
import type { ResourcesService } from "../../resources/resources.service";
import { mergeAllocations } from "../merge-allocations";
import {
  insertTerm,
  lastOwnTerm,
  liveResourcesIn,
  lockCoupon,
  lockResourcesInOrder,
  setAutoRenewUnlessLeaving,
  updateResource,
} from "../subscriptions.repo";
import { insertRenewalOrder, renewalLine, renewedProduct } from "./renewal-order";

type Body = z.output<typeof renewBody>;
type AutoRenewBody = z.output<typeof autoRenewBody>;
type RenewableQuery = z.output<typeof renewableQuery>;

const ALIGNED_WITHIN_MS = 3_600_000;
type ResourceRow = typeof resources.$inferSelect;
type TermRow = typeof resourceTerms.$inferSelect;
type CouponChoice = { coupon: CouponQuote; applied: AppliedCoupon | undefined };

export type RenewalPlan = {
  r: ResourceRow;
  months: number;
  /** The period at list price, before the product's and the contract's discounts. */
  listPrice: Money;
  /** The contract discount taken off the period's price (decision 0029), its own line. */
  contractDiscount: Money;
  /** The period's price after both discounts. */
  price: Money;
  overdue: Money;
  overdueDays: number;
  alignDays: number;
  alignAmount: Money;
  newStart: Date;
  newExpiry: Date;
  /** The expiry after alignment (the new expiry when not aligned). */
  alignedExpiry: Date;
};

/** A resource unsubscribed, released or gone is not renewed, nor set to renew itself. */
export function assertNotLeaving(r: Pick<ResourceRow, "status" | "deletedAt">): void {
  if (r.deletedAt || isLeaving(r.status))
    throw new DomainError("RESOURCE_STATE_INVALID", { status: RESOURCE_STATUS_NAMES[r.status] });
}

/** What one resource's renewal charges: the period, the alignment days and the overdue days. */
const chargeOf = (p: RenewalPlan): Money => p.price + p.alignAmount + p.overdue;

/** How a renewal was paid: its charges' allocations, merged per source. */
const paidDeduction = (allocations: Allocation[]): RenewQuote["deduction"] => ({
  sufficient: true,
  shortfall: formatYuan(0n),
  allocations: mergeAllocations(allocations, "charge").map((a) => ({
    source: a.source,
    sourceId: a.sourceId ?? null,
    amount: formatYuan(a.amount),
  })),
});

/**
 * The endpoints admit every renewal code; a kind's own (RENEW_CODES_BY_KIND) decides, so the elastic
 * file service's renewal code does not renew a host.
 */
function assertMayRenew(ctx: RequestContext, kind: ResourceKind): void {
  const codes: readonly string[] = RENEW_CODES_BY_KIND[kind];
  if (!codes.some((code) => ctx.actor.permissions.has(code))) throw new DomainError("NO_PERMISSION");
}

export function createRenewalsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  resources: ResourcesService;
  audit: Audit;
  /** Brings a frozen resource back (provider start, previous status). */
  thaw(tx: Db, r: ResourceRow): Promise<void>;
}) {
  const { db, clock, timeZone } = deps;

  /**
   * The period the resource is in or last was: its latest term that is a period of its own (not an
   * alignment's few days, not a term a configuration change closed before it began).
   */
  async function lastTerm(tx: Db, resourceId: string): Promise<TermRow | undefined> {
    return lastOwnTerm(tx, resourceId);
  }

  /** The renewal of each resource for `months`, aligned to the latest new expiry when asked. */
  async function plan(
    tx: Db,
    rows: ResourceRow[],
    months: number,
    align: boolean,
    now: Date,
  ): Promise<RenewalPlan[]> {
    if (!(PREPAID_PERIODS as readonly number[]).includes(months))
      throw new DomainError("PRICE_NOT_CALCULABLE");
    const plans: RenewalPlan[] = [];
    for (const r of rows) {
      assertNotLeaving(r);
      if (r.paymentType !== "prepaid" || !r.expiresAt) throw new DomainError("RESOURCE_NOT_PREPAID");
      const term = await lastTerm(tx, r.id);
      if (!term) throw new DomainError("RESOURCE_NOT_PREPAID");
      const discount =
        r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths);
      const result = renew({
        currentPeriodStart: term.startsAt,
        expiry: r.expiresAt,
        currentPeriodPrice: term.amount,
        monthlyPrice: r.monthlyPrice,
        months,
        discount,
        at: now,
        timeZone,
      });
      // Decision 0029: the contract in execution when the renewal is priced discounts the period
      // after the product's discount (half-up, as a purchase's quote); the alignment days follow
      // the discounted period, and overdue days are the old term's price, already paid as agreed.
      const contract = await contractDiscountOn(tx, r.orgId, r.productCode ?? r.kind, now);
      const contractDiscount = contract ? contractDiscountAmount(result.price, contract) : 0n;
      plans.push({
        r,
        months,
        listPrice: renewPrice(r.monthlyPrice, months),
        contractDiscount,
        price: result.price - contractDiscount,
        overdue: result.overdue.amount,
        overdueDays: result.overdue.overdueDays,
        alignDays: 0,
        alignAmount: 0n,
        newStart: result.newStart,
        newExpiry: result.newExpiry,
        alignedExpiry: result.newExpiry,
      });
    }
    if (align && plans.length > 1) {
      const target = new Date(Math.max(...plans.map((p) => p.newExpiry.getTime())));
      for (const p of plans) {
        // Expiries less than an hour apart (bought in the same minute) are already aligned.
        if (target.getTime() - p.newExpiry.getTime() < ALIGNED_WITHIN_MS) continue;
        const aligned = alignExpiry({
          periodStart: p.newStart,
          expiry: p.newExpiry,
          periodPrice: p.price,
          targetExpiry: target,
          timeZone,
        });
        if (!aligned.ok) throw new DomainError("ALIGNMENT_TOO_LONG");
        p.alignDays = aligned.extraDays;
        p.alignAmount = aligned.amount;
        p.alignedExpiry = aligned.newExpiry;
      }
    }
    return plans;
  }

  /** The caller's resources to renew, each of a kind the caller may renew. */
  async function ownedRows(ctx: RequestContext, ids: string[]): Promise<ResourceRow[]> {
    for (const id of ids) assertMayRenew(ctx, (await deps.resources.visible(ctx, id)).r.kind);
    return liveResourcesIn(db, ids);
  }

  /** Rules §9.4: a coupon is for the renewal of one resource (its product, its whole charge). */
  function assertOneResource(body: Body): void {
    if (body.couponId && new Set(body.resourceIds).size > 1)
      throw new DomainError("RENEW_COUPON_ONE_RESOURCE");
  }

  /** The coupon evaluated on the renewal's charge, exactly as a purchase's coupon is (coupon-choice). */
  function couponFor(row: CouponRow | undefined, plans: RenewalPlan[], now: Date): CouponChoice {
    if (!row) throw new DomainError("COUPON_NOT_FOUND");
    const p = plans[0]!;
    return chooseCoupon(
      row,
      { amount: chargeOf(p), productCode: p.r.productCode ?? p.r.kind, paymentType: "prepaid" },
      now,
    );
  }

  /**
   * Charges and records one resource's renewal inside the caller's transaction, with the coupon
   * when one applies (it is marked used by the renewal's reference). Returns how it was paid.
   */
  async function apply(
    tx: Db,
    p: RenewalPlan,
    actorId: string | null,
    now: Date,
    coupon?: AppliedCoupon,
  ): Promise<Allocation[]> {
    const total = chargeOf(p);
    // A renewal is an order like any other: numbered as one, listed in "My orders", billed as the
    // product and then the resource renewed (renewal-order.ts).
    const orderId = newId();
    const orderNo = newOrderNo(now, timeZone);
    const product = await renewedProduct(tx, p.r);
    const originalAmount = total + p.listPrice - p.price;
    const allocations = await chargeForOrder(tx, {
      orgId: p.r.orgId,
      orderNo,
      productCode: p.r.productCode ?? p.r.kind,
      productName: renewalLine(product, p.r),
      paymentType: "prepaid",
      // The bill shows the product's and the contract's discounts as a purchase's does.
      originalAmount,
      amount: total,
      contractDiscount: p.contractDiscount,
      coupon,
      createdBy: actorId,
      now,
      timeZone,
      usageStart: p.newStart,
      usageEnd: p.newExpiry,
      memo: { key: "renewal", params: { name: p.r.name, months: p.months } },
    });
    await insertRenewalOrder(tx, p.r, {
      id: orderId,
      orderNo,
      submittedBy: actorId,
      product,
      months: p.months,
      originalAmount,
      amount: total,
      coupon,
      paid: allocations,
      until: p.alignedExpiry,
      now,
    });
    // The coupon comes first in the allocation, so it lands on the renewal term: never refunded.
    const [renewalPaid, alignPaid] = splitAllocations(allocations, [p.price, p.alignAmount, p.overdue]);
    const term = { resourceId: p.r.id, orgId: p.r.orgId, orderId, createdAt: now };
    await insertTerm(tx, {
      ...term,
      id: newId(),
      kind: "renewal",
      months: p.months,
      startsAt: p.newStart,
      endsAt: p.newExpiry,
      amount: p.price,
      couponDeduction: renewalPaid!.filter((a) => a.source === "coupon").reduce((s, a) => s + a.amount, 0n),
      paid: toJsonAllocations(renewalPaid!),
    });
    if (p.alignDays > 0) {
      await insertTerm(tx, {
        ...term,
        id: newId(),
        kind: "alignment",
        months: null,
        startsAt: p.newExpiry,
        endsAt: p.alignedExpiry,
        amount: p.alignAmount,
        paid: toJsonAllocations(alignPaid!),
      });
    }
    await updateResource(tx, p.r.id, {
      expiresAt: p.alignedExpiry,
      periodMonths: p.months,
      notifiedStage: null,
      updatedAt: now,
    });
    if (p.r.status === "frozen") await deps.thaw(tx, p.r);
    return allocations;
  }

  function toQuote(
    plans: RenewalPlan[],
    coupon: CouponChoice | null,
    deduction: RenewQuote["deduction"],
  ): RenewQuote {
    const total = plans.reduce((s, p) => s + chargeOf(p), 0n);
    const contractDiscount = plans.reduce((s, p) => s + p.contractDiscount, 0n);
    const discount = plans.reduce((s, p) => s + p.listPrice - p.price, 0n) - contractDiscount;
    const couponDeduction = coupon?.applied?.deduction ?? 0n;
    return {
      items: plans.map((p) => ({
        resourceId: p.r.id,
        name: p.r.name,
        expiresAt: p.r.expiresAt?.toISOString() ?? null,
        newExpiresAt: p.alignedExpiry.toISOString(),
        alignDays: p.alignDays,
        overdueDays: p.overdueDays,
        amount: formatYuan(chargeOf(p)),
      })),
      original: formatYuan(total + discount + contractDiscount),
      discount: formatYuan(discount),
      contractDiscount: formatYuan(contractDiscount),
      total: formatYuan(total),
      coupon: coupon?.coupon ?? null,
      couponDeduction: formatYuan(couponDeduction),
      payable: formatYuan(total - couponDeduction),
      sufficient: deduction.sufficient,
      shortfall: deduction.shortfall,
      deduction,
    };
  }

  return {
    plan,
    apply,

    /**
     * The list of renewal management: every prepaid resource of the caller's scope that may be
     * renewed (none on its way out), or those ending within the days asked, soonest first.
     */
    list(ctx: RequestContext, q: RenewableQuery) {
      return deps.resources.renewable(ctx, q);
    },

    async quote(ctx: RequestContext, body: Body): Promise<RenewQuote> {
      assertOneResource(body);
      const orgId = ctx.ownTenant();
      const rows = await ownedRows(ctx, body.resourceIds);
      rows.sort((a, b) => body.resourceIds.indexOf(a.id) - body.resourceIds.indexOf(b.id));
      const now = clock.now();
      const plans = await plan(db, rows, body.periodMonths, body.align, now);
      const coupon = body.couponId
        ? couponFor(await findOwnCoupon(db, orgId, body.couponId), plans, now)
        : null;
      const total = plans.reduce((s, p) => s + chargeOf(p), 0n);
      const funding = await readQuoteFunding(db, orgId);
      return toQuote(plans, coupon, deductionBreakdown(total, funding, now, coupon?.applied));
    },

    /** Reads the Idempotency-Key only once every resource proved to be the caller's. */
    async renew(ctx: RequestContext, body: Body): Promise<RenewQuote> {
      assertOneResource(body);
      const rows = await ownedRows(ctx, body.resourceIds);
      const orgId = ctx.ownTenant();
      const result = await once(db, clock, `${orgId}|renew`, ctx.idempotencyKey(), body, async (tx) => {
        const now = clock.now();
        await assertNotFrozen(tx, orgId);
        const locked = await lockResourcesInOrder(
          tx,
          rows.map((r) => r.id),
        );
        // Locked in id order (no deadlock between two batches), answered in the order asked.
        locked.sort((a, b) => body.resourceIds.indexOf(a.id) - body.resourceIds.indexOf(b.id));
        const plans = await plan(tx, locked, body.periodMonths, body.align, now);
        let coupon: CouponChoice | null = null;
        let couponNo: string | undefined;
        if (body.couponId) {
          // Locked with the renewal: a coupon cannot pay for two renewals or a renewal and an order.
          const row = await lockCoupon(tx, orgId, body.couponId);
          coupon = couponFor(row, plans, now);
          couponNo = row?.couponNo;
          if (!coupon.applied) throw new DomainError("COUPON_NOT_APPLICABLE");
        }
        const paid: Allocation[] = [];
        for (const p of plans) paid.push(...(await apply(tx, p, ctx.actor.userId, now, coupon?.applied)));
        const quote = toQuote(plans, coupon, paidDeduction(paid));
        await deps.audit.record(tx, {
          action: "resource.renewed",
          ...ctx.auditBy,
          target: rows.map((r) => r.name).join(", "),
          detail: {
            months: body.periodMonths,
            align: body.align,
            total: quote.total,
            ...(quote.coupon ? { couponNo, couponDeduction: quote.couponDeduction } : {}),
          },
        });
        return quote;
      });
      return result;
    },

    async setAutoRenew(ctx: RequestContext, id: string, body: AutoRenewBody): Promise<{ ok: true }> {
      const { autoRenew } = body;
      const { r } = await deps.resources.visible(ctx, id);
      assertMayRenew(ctx, r.kind);
      assertNotLeaving(r);
      if (r.paymentType !== "prepaid") throw new DomainError("RESOURCE_NOT_PREPAID");
      // Conditional on the state: an unsubscribe committed meanwhile is not switched back to renewing.
      const changed = await db.transaction(async (tx) => {
        if (!(await setAutoRenewUnlessLeaving(tx, id, autoRenew, clock.now()))) return false;
        await deps.audit.record(tx, {
          action: "resource.autoRenewChanged",
          ...ctx.auditBy,
          orgId: r.orgId,
          target: r.name,
          detail: { autoRenew },
        });
        return true;
      });
      if (!changed) assertNotLeaving((await deps.resources.visible(ctx, id)).r);
      return { ok: true };
    },
  };
}
export type RenewalsService = ReturnType<typeof createRenewalsService>;
