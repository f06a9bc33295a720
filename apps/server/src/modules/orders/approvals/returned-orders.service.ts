// A returned order (驳回 at approval level 1: status `applying`, level `lev1_rejected`) waits for
// its tenant with the money it paid still held. The tenant either resubmits it — after the same
// listing, verification and quota checks as a new order it goes back to level-1 approval
// (`approving`, `audit_executing`) and the approvers are mailed again — or withdraws it: refunded in
// full with the coupon given back, exactly as a refusal is, it ends `terminated`. Both lock the
// order row, so of two racing actions (or an action racing anything else) only the first counts;
// the other is told the order is no longer returned. Withdrawing moves money, so it runs once per
// Idempotency-Key. A tenant who does neither within RETURNED_ORDER_DAYS of the latest return loses
// the order: the lifecycle step withdraws it for them (`expire`, step `expired`, no actor), under the
// same lock and with the same full refund, so it races a tenant's action cleanly and a second run,
// here or on another instance, finds nothing left to do.
import {
  type Locale,
  type OrderDetail,
  type orderResubmitBody,
  returnExpiredDetail,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Principal } from "../../../platform/auth/principal";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { once } from "../../../platform/idempotency";
import { type DataScope, type DataScopeService, inScope } from "../../iam/data-scope";
import type { PriceInquiryService } from "../../quotes/price-inquiry.service";
import { assertVerified } from "../../verification/verification.gate";
import { addEvent, type OrderRow, refundInFull } from "../order-money";
import type { OrderNotices } from "../order-notices";
import type { OrdersService } from "../ordering/orders.service";
import { findOrder, lockOrder, ordersWithLatestEvent, updateOrder } from "../orders.repo";
import type { QuotaGuard, ServiceDomain } from "../provisioning/service-domain";
import { lastReturnedAt, RETURN_LEVEL, RETURN_STEP, returnDeadline } from "./return-deadline";

type ResubmitBody = z.output<typeof orderResubmitBody>;

export function createReturnedOrdersService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  inquiry: PriceInquiryService;
  quota: QuotaGuard;
  domain: ServiceDomain;
  dataScope: DataScopeService;
  orders: OrdersService;
  notices: OrderNotices;
  audit: Audit;
  /** RETURNED_ORDER_DAYS: 0 lets returned orders wait forever. */
  returnedOrderDays: number;
}) {
  const { db, clock } = deps;
  const deadlineOf = (returnedAt: Date) => returnDeadline(returnedAt, deps.returnedOrderDays, deps.timeZone);

  /**
   * Withdraws one returned order whose deadline has passed, as its tenant would have: read again
   * under the row's lock, since the tenant may have resubmitted it (and an approver returned it
   * again, which starts a new wait) or withdrawn it meanwhile. Its audit row and the tenant's
   * notice commit with it. The order, or null when it moved.
   */
  async function expireOne(id: string, now: Date): Promise<{ order: OrderRow; deadline: Date } | null> {
    return db.transaction(async (tx) => {
      const o = await lockOrder(tx, id);
      if (o?.status !== "applying") return null;
      const returnedAt = await lastReturnedAt(tx, o.id);
      const deadline = returnedAt && deadlineOf(returnedAt);
      if (!deadline || deadline > now) return null;
      await updateOrder(tx, o.id, { status: "terminated", updatedAt: now });
      await addEvent(tx, {
        orderId: o.id,
        at: now,
        actorId: null,
        step: "expired",
        detail: returnExpiredDetail(deadline.toISOString()),
      });
      await refundInFull(tx, o, {
        actorId: null,
        now,
        timeZone: deps.timeZone,
        memo: `order ${o.orderNo} expired`,
      });
      await deps.audit.record(tx, {
        action: "order.expired",
        actorId: null,
        orgId: o.orgId,
        target: o.orderNo,
        detail: { deadline: deadline.toISOString(), days: deps.returnedOrderDays },
      });
      await deps.notices.result(tx, o, "expired");
      return { order: o, deadline };
    });
  }

  /** The order as the caller may see it (NOT_FOUND outside their data scope), read without a lock. */
  async function visibleOrder(scope: DataScope, id: string): Promise<OrderRow> {
    const o = await findOrder(db, id);
    if (!o || !inScope(scope, o.orgId, o.projectId)) throw new DomainError("NOT_FOUND");
    return o;
  }

  /** The same order locked in `tx`, refused unless it still waits for its tenant. */
  async function lockedReturned(tx: Db, scope: DataScope, id: string): Promise<OrderRow> {
    const o = await lockOrder(tx, id);
    if (!o || !inScope(scope, o.orgId, o.projectId)) throw new DomainError("NOT_FOUND");
    if (o.status !== "applying") throw new DomainError("ORDER_NOT_RETURNED");
    return o;
  }

  return {
    async resubmit(
      principal: Principal,
      id: string,
      body: ResubmitBody,
      locale: Locale,
      ip: string,
    ): Promise<OrderDetail> {
      const scope = await deps.dataScope.of(principal);
      const seen = await visibleOrder(scope, id);
      if (seen.status !== "applying") throw new DomainError("ORDER_NOT_RETURNED");
      // The listing is read before the transaction (PGlite has one connection, which the
      // transaction holds), as a new order's is; the quota is counted under the transaction's lock.
      const product = await deps.inquiry.listedProduct(seen.productCode);
      const kind = deps.domain.kindOf(product.spec);
      const remark = body.remark || null;
      const order = await db.transaction(async (tx) => {
        const o = await lockedReturned(tx, scope, id);
        await assertVerified(tx, principal);
        await deps.quota.assertWithinQuota(tx, {
          orgId: o.orgId,
          projectId: o.projectId,
          kind,
          spec: o.request.spec,
          quantity: o.quantity,
        });
        const now = clock.now();
        await updateOrder(tx, o.id, {
          status: "approving",
          approvalLevel: "audit_executing",
          updatedAt: now,
        });
        await addEvent(tx, {
          orderId: o.id,
          at: now,
          actorId: principal.userId,
          step: "resubmitted",
          level: "audit_executing",
          detail: remark,
        });
        await deps.audit.record(tx, {
          action: "order.resubmitted",
          actorId: principal.userId,
          orgId: o.orgId,
          target: o.orderNo,
          ip,
          ...(remark ? { detail: { remark } } : {}),
        });
        await deps.notices.approvalNeeded(tx, o, 1);
        return o;
      });
      return deps.orders.detail(principal, order.id, locale);
    },

    async withdraw(
      principal: Principal,
      id: string,
      idempotencyKey: () => string,
      locale: Locale,
      ip: string,
    ): Promise<OrderDetail> {
      const scope = await deps.dataScope.of(principal);
      // Someone else's order is not found whether or not the call carries a key.
      const seen = await visibleOrder(scope, id);
      // A replayed answer changes nothing and is not recorded again: the audit row is written in
      // the withdrawal's own transaction.
      const { orderId } = await once(
        db,
        clock,
        `${seen.orgId}|order.withdraw`,
        idempotencyKey(),
        { id },
        async (tx) => {
          const o = await lockedReturned(tx, scope, id);
          const now = clock.now();
          await updateOrder(tx, o.id, { status: "terminated", updatedAt: now });
          await addEvent(tx, { orderId: o.id, at: now, actorId: principal.userId, step: "withdrawn" });
          await refundInFull(tx, o, {
            actorId: principal.userId,
            now,
            timeZone: deps.timeZone,
            memo: `order ${o.orderNo} withdrawn`,
          });
          await deps.audit.record(tx, {
            action: "order.withdrawn",
            actorId: principal.userId,
            orgId: o.orgId,
            target: o.orderNo,
            ip,
          });
          return { orderId: o.id };
        },
      );
      return deps.orders.detail(principal, orderId, locale);
    },

    /** The lifecycle step's part: every returned order past its deadline is withdrawn and refunded. */
    async expire(): Promise<void> {
      if (deps.returnedOrderDays === 0) return;
      const now = clock.now();
      const waiting = await ordersWithLatestEvent(db, "applying", RETURN_STEP, RETURN_LEVEL);
      for (const w of waiting) {
        const deadline = w.at && deadlineOf(new Date(w.at));
        if (!deadline || deadline > now) continue;
        await expireOne(w.id, now);
      }
    },
  };
}
export type ReturnedOrdersService = ReturnType<typeof createReturnedOrdersService>;
