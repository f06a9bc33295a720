import { discountFromHundredths, formatYuan, NO_DISCOUNT, postpaidCharge } from "@skyledger/billing";
// `/service/apply` and the tenant's order pages. A purchase is checked (listing, verification, data
// scope, quota), priced by packages/billing, paid at once when prepaid (deduction order, coupon
// marked used) and stored with its first events — all in one transaction under the caller's
// Idempotency-Key, so a retried or doubled submission makes one order and one charge.

import {
  type Locale,
  noApprovalNeededDetail,
  ORDER_CODES,
  type OrderDetail,
  type OrderRecord,
  type opsOrderQuery,
  type orderQuery,
  paidDetail,
  type serviceApplyBody,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import { once } from "../../../platform/idempotency";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import { chargeForOrder, namesOf, newOrderNo, toJsonAllocations } from "../../finance/order-charge";
import { type DataScope, inScope } from "../../iam/data-scope";
import { assertNotFrozen } from "../../iam/tenant-freeze";
import { readQuoteFunding } from "../../quotes/deduction-breakdown";
import type { PriceInquiryService } from "../../quotes/price-inquiry.service";
import { assertVerified } from "../../verification/verification.gate";
import { RETURN_LEVEL, RETURN_STEP, returnDeadline } from "../approvals/return-deadline";
import { addEvent } from "../order-money";
import type { OrderNotices } from "../order-notices";
import {
  countOrders,
  eventsOfOrder,
  type ListedOrder,
  listedOrder,
  listOrders,
  projectOfOrg,
  scopedOrders,
} from "../orders.repo";
import { toOrderDetail, toOrderRecord } from "../orders.view";
import type { QuotaGuard, ServiceDomain } from "../provisioning/service-domain";
import { insertSubmittedOrder } from "../submitted-order";
import { activatedByHand, assertThirdPartyPurchase, purchaseTypeOf } from "./third-party";

type ApplyBody = z.output<typeof serviceApplyBody>;
type OrderQuery = z.output<typeof orderQuery>;
type OpsOrderQuery = z.output<typeof opsOrderQuery>;

export type OrdersDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  inquiry: PriceInquiryService;
  quota: QuotaGuard;
  /** What the service types provide: spec checks, key pairs, the instances an order made. */
  domain: ServiceDomain;
  notices: OrderNotices;
  audit: Audit;
  /** Starts provisioning an approved order after its transaction committed. */
  provision(orderId: string): void;
  /** RETURNED_ORDER_DAYS: how long a returned order waits for its tenant (0 = forever). */
  returnedOrderDays: number;
  /** POSTPAID_MINIMUM_HOURS: hours of a postpaid order's price it needs available to start. */
  postpaidMinimumHours: number;
};

export function createOrdersService(deps: OrdersDeps) {
  const { db, clock } = deps;

  /** The project an order lands in: the one asked for if the caller may use it, else their default. */
  async function projectFor(
    ctx: RequestContext,
    scope: DataScope,
    asked: string | null,
  ): Promise<string | null> {
    const orgId = ctx.ownTenant();
    if (asked) {
      const owned = await projectOfOrg(db, orgId, asked);
      if (!owned || !inScope(scope, orgId, asked)) throw new DomainError("ORDER_PROJECT_INVALID");
      return asked;
    }
    if (scope.kind === "tenant") return null;
    const fallback = await ctx.defaultProject();
    if (!fallback) throw new DomainError("ORDER_PROJECT_INVALID");
    return fallback;
  }

  async function keyPairFor(orgId: string, id: string | null): Promise<string | null> {
    if (!id) return null;
    if (!(await deps.domain.ownsKeyPair(orgId, id))) throw new DomainError("ORDER_KEY_PAIR_INVALID");
    return id;
  }

  /**
   * Postpaid is charged by the hour once running, and every hour used is charged (owed when money
   * runs out); to start, the organisation needs money and credit for the order's first
   * `postpaidMinimumHours` hours, net of anything it owes.
   */
  async function assertCanStartPostpaid(
    orgId: string,
    price: { monthly: bigint; discountHundredths: number | null },
  ): Promise<void> {
    const f = await readQuoteFunding(db, orgId);
    const vouchers = [...f.deductionVouchers, ...f.topUpVouchers].reduce((sum, v) => sum + v.balance, 0n);
    const available = f.cash + (f.availableCredit > 0n ? f.availableCredit : 0n) + vouchers - f.debt;
    const hours = deps.postpaidMinimumHours;
    const discount =
      price.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(price.discountHundredths);
    const minimum = hours > 0 ? postpaidCharge(price.monthly, hours, discount) : 1n;
    if (available < minimum) {
      throw new DomainError("POSTPAID_MINIMUM_BALANCE", {
        minimum: formatYuan(minimum),
        hours,
        available: formatYuan(available > 0n ? available : 0n),
      });
    }
  }

  async function visibleOrder(ctx: RequestContext, id: string) {
    const row = await listedOrder(db, id);
    const scope = await ctx.dataScope();
    if (!row || !inScope(scope, row.o.orgId, row.o.projectId)) throw new DomainError("NOT_FOUND");
    return row;
  }

  /** A page of the orders of `scope` that the list's filters keep, newest first. */
  function pageIn(ctx: RequestContext, scope: DataScope, q: OrderQuery) {
    const where = scopedOrders(scope, q);
    return pageOf(
      q,
      (limit, offset) => listOrders(db, where, limit, offset),
      countOrders(db, where),
      (row): OrderRecord => toOrderRecord(row, ctx.locale),
    );
  }

  async function detailOf(row: ListedOrder, locale: Locale) {
    const [events, instances] = await Promise.all([
      eventsOfOrder(db, row.o.id),
      deps.domain.instancesNamedOf(row.o.id),
    ]);
    // Only an order with its tenant has a deadline, counted from its latest return to them.
    const returnedAt =
      row.o.status === "applying"
        ? events.findLast(({ e }) => e.action === RETURN_STEP && e.level === RETURN_LEVEL)?.e.at
        : undefined;
    const deadline = returnedAt ? returnDeadline(returnedAt, deps.returnedOrderDays, deps.timeZone) : null;
    return toOrderDetail(row, locale, events, instances, deadline);
  }

  return {
    async submit(ctx: RequestContext, body: ApplyBody): Promise<OrderDetail> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const projectId = await projectFor(ctx, scope, body.projectId);
      const keyPairId = await keyPairFor(orgId, body.keyPairId);
      // Priced before the transaction (PGlite has one connection, which the transaction holds);
      // the charge re-checks what could change meanwhile: the balances and the coupon.
      const { product, price, applied } = await deps.inquiry.evaluate(orgId, body);
      // A coupon the tenant chose but that does not apply is refused, never silently dropped.
      if (body.couponId && body.paymentType === "prepaid" && !applied)
        throw new DomainError("COUPON_NOT_APPLICABLE");
      assertThirdPartyPurchase(product, body.quantity);
      const manualActivation = activatedByHand(product);
      const kind = deps.domain.kindOf(product.spec);
      // The endpoint admits whoever may order anything; the product's kind needs its own code.
      const orderCodes: readonly string[] = ORDER_CODES[kind];
      if (!orderCodes.some((code) => ctx.actor.permissions.has(code))) throw new DomainError("NO_PERMISSION");
      if (kind === "host" && !body.spec.imageId) throw new DomainError("PRICE_NOT_CALCULABLE");
      const spec = deps.domain.specOf(product.spec, body.spec, keyPairId);
      await deps.domain.checkPlacement?.(ctx, { kind, spec, quantity: body.quantity });
      if (body.paymentType === "postpaid") await assertCanStartPostpaid(orgId, price);
      let fresh = false;
      const { orderId, provision } = await once(
        db,
        clock,
        `${orgId}|service.apply`,
        ctx.idempotencyKey(),
        body,
        async (tx) => {
          fresh = true;
          const now = clock.now();
          await assertNotFrozen(tx, orgId);
          await assertVerified(tx, ctx.actor);
          await deps.quota.assertWithinQuota(tx, { orgId, projectId, kind, spec, quantity: body.quantity });
          await deps.domain.assertMayOrder?.(tx, { orgId, kind, spec, quantity: body.quantity });
          const orderNo = newOrderNo(now, deps.timeZone);
          const id = newId();
          let paid: ReturnType<typeof toJsonAllocations> = [];
          if (body.paymentType === "prepaid") {
            paid = toJsonAllocations(
              await chargeForOrder(tx, {
                orgId,
                orderNo,
                productCode: product.code,
                productName: namesOf(product),
                paymentType: "prepaid",
                originalAmount: price.original,
                amount: price.amount,
                contractDiscount: price.contractDiscount,
                coupon: applied,
                createdBy: ctx.actor.userId,
                now,
                timeZone: deps.timeZone,
                memo: { key: "orderCharged", params: { orderNo } },
              }),
            );
          }
          const needsApproval = product.approvalFlow !== "none";
          const order = await insertSubmittedOrder(
            tx,
            {
              id,
              orderNo,
              orgId,
              projectId,
              submittedBy: ctx.actor.userId,
              type: purchaseTypeOf(product),
              status: needsApproval ? "approving" : "approved",
              // Under review from the start; each decision replaces it (approvals.service.ts).
              approvalLevel: needsApproval ? "audit_executing" : null,
              approvalFlow: product.approvalFlow,
              manualActivation,
              productId: product.id,
              productCode: product.code,
              productNameZh: product.nameZh,
              productNameEn: product.nameEn,
              paymentType: body.paymentType,
              periodMonths: body.paymentType === "prepaid" ? body.periodMonths! : null,
              quantity: body.quantity,
              request: {
                spec: { ...body.spec, ...spec },
                name: body.name,
                keyPairId,
                monthlyPerInstance: price.perInstance.toString(),
                discountHundredths: price.discountHundredths,
                ...(price.discountPackageId ? { discountPackageId: price.discountPackageId } : {}),
              },
              originalAmount: body.paymentType === "prepaid" ? price.original : 0n,
              amount: body.paymentType === "prepaid" ? price.amount : 0n,
              couponId: body.paymentType === "prepaid" ? (applied?.couponId ?? null) : null,
              couponDeduction: body.paymentType === "prepaid" ? (applied?.deduction ?? 0n) : 0n,
              paid,
              createdAt: now,
              updatedAt: now,
            },
            { level: needsApproval ? "audit_executing" : null },
          );
          if (paid.length > 0) {
            await addEvent(tx, {
              orderId: id,
              at: now,
              step: "paid",
              detail: paidDetail(paid.map((a) => ({ source: a.source, yuan: formatYuan(BigInt(a.amount)) }))),
            });
          }
          if (!needsApproval)
            await addEvent(tx, {
              orderId: id,
              at: now,
              step: "approved",
              level: "audited",
              detail: noApprovalNeededDetail(),
            });
          if (!needsApproval && manualActivation)
            await addEvent(tx, { orderId: id, at: now, step: "awaitingActivation" });
          // The approvers' notice and the audit row commit with the order (a replayed answer runs
          // none of this, so it tells nobody again).
          if (needsApproval) await deps.notices.approvalNeeded(tx, order, 1);
          else if (manualActivation) await deps.notices.activationNeeded(tx, order);
          await deps.audit.record(tx, {
            action: "order.submitted",
            ...ctx.auditBy,
            target: orderNo,
            detail: {
              nameZh: product.nameZh,
              nameEn: product.nameEn,
              quantity: body.quantity,
              amount: formatYuan(order.amount),
            },
          });
          return { orderId: id, provision: !needsApproval && !manualActivation };
        },
      );
      // Provisioning starts once the order committed.
      if (fresh && provision) deps.provision(orderId);
      return detailOf((await listedOrder(db, orderId))!, ctx.locale);
    },

    async list(ctx: RequestContext, q: OrderQuery) {
      return pageIn(ctx, await ctx.dataScope(), q);
    },

    /** The operators' list: every organisation's orders, or only those of `orgId`. */
    opsList(ctx: RequestContext, q: OpsOrderQuery) {
      return pageIn(ctx, q.orgId ? { kind: "tenant", orgId: q.orgId } : { kind: "all" }, q);
    },

    async detail(ctx: RequestContext, id: string): Promise<OrderDetail> {
      return detailOf(await visibleOrder(ctx, id), ctx.locale);
    },

    detailOf,

    /** Any order by id, as its detail (the order a change or an unsubscribe just recorded). */
    async detailById(id: string, locale: Locale): Promise<OrderDetail> {
      return detailOf((await listedOrder(db, id))!, locale);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
