// A returned order (驳回 at approval level 1: status `applying`, level `lev1_rejected`) waits for
// its tenant with the money it paid still held. The tenant either resubmits it — after the same
// listing, verification, quota and service checks as a new order it goes back to level-1 approval
// (`approving`, `audit_executing`) and the approvers are mailed again — or withdraws it: refunded in
// full with the coupon given back, exactly as a refusal is, it ends `terminated`. Both lock the
// order row, so of two racing actions (or an action racing anything else) only the first counts;
// the other is told the order is no longer returned. Withdrawing moves money, so it runs once per
// Idempotency-Key. A tenant who does neither within RETURNED_ORDER_DAYS of the latest return loses
// the order: the lifecycle step withdraws it for them (`expire`, step `expired`, no actor), under the
// same lock and with the same full refund, so it races a tenant's action cleanly and a second run,
// here or on another instance, finds nothing left to do.
import { type OrderDetail, type orderResubmitBody, returnExpiredDetail } from "@skyledger/contracts";
import type { z } from "zod";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { once } from "../../../platform/idempotency";
import type { RequestContext } from "../../../platform/request-context";
import { type DataScope, inScope } from "../../iam/data-scope";
import { assertVerified } from "../../verification/verification.gate";
import { addEvent, type OrderRow, refundInFull } from "../order-money";
import type { OrdersDeps, OrdersService } from "../ordering/orders.service";
import { findOrder, lockOrder, ordersWithLatestEvent, updateOrder } from "../orders.repo";
import { assertOrderWithinQuota } from "../provisioning/order-quota";
import { lastReturnedAt, RETURN_LEVEL, RETURN_STEP, returnDeadline } from "./return-deadline";

type ResubmitBody = z.output<typeof orderResubmitBody>;

/** What ordering needs to check and record a resubmission, and the order pages to answer with it. */
type ReturnedOrdersDeps = Omit<OrdersDeps, "provision" | "postpaidMinimumHours"> & {
  orders: OrdersService;
};

export function createReturnedOrdersService(deps: ReturnedOrdersDeps) {
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
        memo: { key: "orderExpired", params: { orderNo: o.orderNo } },
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
    async resubmit(ctx: RequestContext, id: string, body: ResubmitBody): Promise<OrderDetail> {
      const scope = await ctx.dataScope();
      const seen = await visibleOrder(scope, id);
      if (seen.status !== "applying") throw new DomainError("ORDER_NOT_RETURNED");
      // The listing is read before the transaction (PGlite has one connection, which the
      // transaction holds), as a new order's is; the quota is counted under the transaction's lock.
      const product = await deps.inquiry.listedProduct(seen.productCode);
      const kind = deps.domain.kindOf(product.spec);
      // Where the instances go is asked again: the address or subnet may have been taken meanwhile.
      await deps.domain.checkPlacement?.(ctx, {
        kind,
        spec: deps.domain.specOf(product.spec, seen.request.spec, seen.request.keyPairId ?? null),
        quantity: seen.quantity,
      });
      const remark = body.remark || null;
      const order = await db.transaction(async (tx) => {
        const o = await lockedReturned(tx, scope, id);
        await assertVerified(tx, ctx.actor);
        await assertOrderWithinQuota(deps.quota, tx, o, kind);
        // The service's own rule (one AI development platform per organisation) holds for a
        // resubmission as for a new order: another may have been enabled while this one waited.
        await deps.domain.assertMayOrder?.(tx, {
          orgId: o.orgId,
          kind,
          spec: deps.domain.specOf(product.spec, o.request.spec, o.request.keyPairId ?? null),
          quantity: o.quantity,
          orderId: o.id,
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
          actorId: ctx.actor.userId,
          step: "resubmitted",
          level: "audit_executing",
          detail: remark,
        });
        await deps.audit.record(tx, {
          action: "order.resubmitted",
          ...ctx.auditBy,
          orgId: o.orgId,
          target: o.orderNo,
          ...(remark ? { detail: { remark } } : {}),
        });
        await deps.notices.approvalNeeded(tx, o, 1);
        return o;
      });
      return deps.orders.detail(ctx, order.id);
    },

    async withdraw(ctx: RequestContext, id: string): Promise<OrderDetail> {
      const scope = await ctx.dataScope();
      // Someone else's order is not found whether or not the call carries a key.
      const seen = await visibleOrder(scope, id);
      // A replayed answer changes nothing and is not recorded again: the audit row is written in
      // the withdrawal's own transaction.
      const { orderId } = await once(
        db,
        clock,
        `${seen.orgId}|order.withdraw`,
        ctx.idempotencyKey(),
        { id },
        async (tx) => {
          const o = await lockedReturned(tx, scope, id);
          const now = clock.now();
          await updateOrder(tx, o.id, { status: "terminated", updatedAt: now });
          await addEvent(tx, { orderId: o.id, at: now, actorId: ctx.actor.userId, step: "withdrawn" });
          await refundInFull(tx, o, {
            actorId: ctx.actor.userId,
            now,
            timeZone: deps.timeZone,
            memo: { key: "orderWithdrawn", params: { orderNo: o.orderNo } },
          });
          await deps.audit.record(tx, {
            action: "order.withdrawn",
            ...ctx.auditBy,
            orgId: o.orgId,
            target: o.orderNo,
          });
          return { orderId: o.id };
        },
      );
      return deps.orders.detail(ctx, orderId);
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
