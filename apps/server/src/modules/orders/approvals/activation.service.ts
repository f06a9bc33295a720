// Manual activation (spec §1: "a dedicated resource pool needs manual activation and approval by
// an administrator, who can also reject and close the application"). An approved order of a
// product with `manualActivation` waits in `approved` until an operator either activates it —
// provisioning starts and the order goes provisioning → completed or failed as any other — or
// closes it with a reason: the tenant is refunded in full as on a rejection and the order ends
// `terminated`. A `thirdParty` order always waits, and activating it needs the partner's instance
// reference: the resource is delivered in the same transaction (third-party.ts), with no
// provisioning. The order row is locked, so of two concurrent actions only the first counts.
import { formatYuan, type Money } from "@skyledger/billing";
import type { OrderDetail, orderActivateBody, orderCloseBody } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import { addEvent, type OrderRow, refundInFull } from "../order-money";
import type { OrderNotices } from "../order-notices";
import { findOrder, lockOrder, productSpecOf, updateOrder } from "../orders.repo";
import type { QuotaGuard, ServiceDomain } from "../provisioning/service-domain";
import { deliverThirdParty } from "../provisioning/third-party-delivery";
import type { ApprovalsService } from "./approvals.service";
import { isAwaitingActivation } from "./awaiting-activation";

type ActivateBody = z.output<typeof orderActivateBody>;
type CloseBody = z.output<typeof orderCloseBody>;

export function createActivationService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  approvals: ApprovalsService;
  notices: OrderNotices;
  quota: QuotaGuard;
  domain: ServiceDomain;
  audit: Audit;
  provision(orderId: string): void;
}) {
  const { db, clock } = deps;

  /** Locks the order and checks that it still waits for activation. */
  async function waitingOrder(tx: Db, id: string): Promise<OrderRow> {
    const o = await lockOrder(tx, id);
    if (!o) throw new DomainError("NOT_FOUND");
    if (!isAwaitingActivation(o)) throw new DomainError("ORDER_NOT_AWAITING_ACTIVATION");
    return o;
  }

  /**
   * The backend's word before anything changes (a dedicated pool's free nodes): a refusal leaves
   * the order waiting. An order no longer waiting is left to the transaction's own check.
   */
  async function ready(id: string): Promise<void> {
    if (!deps.domain.checkActivation) return;
    const o = await findOrder(db, id);
    if (!o || !isAwaitingActivation(o) || o.type === "thirdParty") return;
    const spec = await productSpecOf(db, o.productId);
    if (!spec) return;
    await deps.domain.checkActivation(deps.domain.specOf(spec, o.request.spec, o.request.keyPairId ?? null));
  }

  return {
    async activate(ctx: RequestContext, id: string, body: ActivateBody): Promise<OrderDetail> {
      const reason = body.reason || null;
      await ready(id);
      const order = await db.transaction(async (tx) => {
        const o = await waitingOrder(tx, id);
        const thirdParty = o.type === "thirdParty";
        if (thirdParty && !body.externalRef) throw new DomainError("THIRD_PARTY_REFERENCE_REQUIRED");
        const now = clock.now();
        // `activatedAt` marks the order for the provisioning step: a crash before it starts is
        // resumed by the next lifecycle tick like any approved order.
        await updateOrder(tx, o.id, { activatedAt: now, updatedAt: now });
        await addEvent(tx, {
          orderId: o.id,
          at: now,
          actorId: ctx.actor.userId,
          step: "activated",
          detail: reason,
        });
        if (thirdParty) {
          const spec = await productSpecOf(tx, o.productId);
          if (!spec) throw new DomainError("NOT_FOUND");
          await deliverThirdParty(
            tx,
            o,
            { externalRef: body.externalRef!, accessNote: body.accessNote || null },
            { quota: deps.quota, domain: deps.domain, now, timeZone: deps.timeZone, spec },
          );
        }
        await deps.audit.record(tx, {
          action: "order.activated",
          ...ctx.auditBy,
          orgId: o.orgId,
          target: o.orderNo,
          ...(reason || body.externalRef
            ? {
                detail: {
                  ...(reason ? { reason } : {}),
                  ...(body.externalRef ? { externalRef: body.externalRef } : {}),
                },
              }
            : {}),
        });
        if (thirdParty) await deps.notices.result(tx, o, "completed");
        return o;
      });
      // Provisioning starts once the activation committed.
      if (order.type !== "thirdParty") deps.provision(order.id);
      return deps.approvals.detail(ctx, order.id);
    },

    async close(ctx: RequestContext, id: string, body: CloseBody): Promise<OrderDetail> {
      const order = await db.transaction(async (tx) => {
        const o = await waitingOrder(tx, id);
        const now = clock.now();
        await updateOrder(tx, o.id, { status: "terminated", updatedAt: now });
        await addEvent(tx, {
          orderId: o.id,
          at: now,
          actorId: ctx.actor.userId,
          step: "closed",
          detail: body.reason,
        });
        await refundInFull(tx, o, {
          actorId: ctx.actor.userId,
          now,
          timeZone: deps.timeZone,
          memo: { key: "orderClosed", params: { orderNo: o.orderNo } },
        });
        await deps.audit.record(tx, {
          action: "order.closed",
          ...ctx.auditBy,
          orgId: o.orgId,
          target: o.orderNo,
          detail: { reason: body.reason },
        });
        await deps.notices.result(tx, o, "closed", body.reason);
        return o;
      });
      return deps.approvals.detail(ctx, order.id);
    },

    /**
     * An operator closed what this activated order made while it ran (a dedicated pool, refunded
     * by the unsubscribe rules in the caller's transaction): the order records the closing and the
     * operator's reason, which its tenant reads, and the tenant is told of it with the refund.
     */
    async closedWhileRunning(
      tx: Db,
      ctx: RequestContext,
      orderId: string,
      close: { reason: string; refunded: Money; now: Date },
    ): Promise<void> {
      const o = await lockOrder(tx, orderId);
      if (!o) throw new DomainError("NOT_FOUND");
      await addEvent(tx, {
        orderId: o.id,
        at: close.now,
        actorId: ctx.actor.userId,
        step: "closed",
        detail: close.reason,
      });
      await deps.notices.closedWhileRunning(tx, o, close.reason, formatYuan(close.refunded));
    },
  };
}
export type ActivationService = ReturnType<typeof createActivationService>;
