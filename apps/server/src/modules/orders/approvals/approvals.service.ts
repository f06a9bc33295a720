// `/audit/approval`: operators decide orders as the product's flow says (spec §4's levels). A new
// order waits `approving` at `audit_executing`. One level: approving ends it (audited). Two
// levels: operation administrators pre-approve (lev1_passed) and another administrator gives the
// final word (audited). At either level an approver may refuse (拒绝, `reject`: final, rejected at
// lev1_refused / lev2_refused, refunded in full) or send back (驳回, `return`): at level 1 the
// order goes to the tenant (applying, lev1_rejected, money held) who resubmits or withdraws it
// (returned-orders.service.ts); at level 2 it goes back to level 1 (still approving,
// lev2_rejected). The order row is locked, so of two concurrent decisions only the first counts;
// the second is told the order is no longer pending.
// An approved order of a product with manual activation waits for activation.service.ts.
import type {
  ApprovalLevel,
  AuditAction,
  approvalDecisionBody,
  approvalQuery,
  OrderDetail,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db, Tx } from "../../../platform/db/client";
import { pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import { addEvent, type OrderRow, refundInFull } from "../order-money";
import type { OrderNotices } from "../order-notices";
import type { OrdersService } from "../ordering/orders.service";
import {
  approvalQueue,
  countOrders,
  latestEvent,
  listedOrder,
  listOrders,
  lockOrder,
  updateOrder,
} from "../orders.repo";
import { toOrderRecord } from "../orders.view";

type Decision = z.output<typeof approvalDecisionBody>;
type Query = z.output<typeof approvalQuery>;
type Result = "approved" | "passedLevelOne" | "refused" | "returnedToTenant" | "returnedToLevelOne";

const AUDIT_ACTION: Record<Result, AuditAction> = {
  approved: "order.approved",
  passedLevelOne: "order.approved",
  refused: "order.rejected",
  returnedToTenant: "order.returned",
  returnedToLevelOne: "order.returned",
};

export function createApprovalsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  orders: OrdersService;
  notices: OrderNotices;
  audit: Audit;
  provision(orderId: string): void;
}) {
  const { db, clock } = deps;

  /**
   * Who passed level 1 of a two-level order on its current pass: the latest `lev1_passed` event,
   * since an order returned from level 2 passes level 1 again, perhaps through someone else.
   */
  async function levelOneApprover(tx: Db, orderId: string): Promise<string | null> {
    return (await latestEvent(tx, orderId, null, "lev1_passed"))?.actorId ?? null;
  }

  return {
    queue(ctx: RequestContext, q: Query) {
      const where = approvalQueue(q.view);
      return pageOf(
        q,
        (limit, offset) => listOrders(db, where, limit, offset),
        countOrders(db, where),
        (row) => toOrderRecord(row, ctx.locale),
      );
    },

    async detail(ctx: RequestContext, id: string): Promise<OrderDetail> {
      const row = await listedOrder(db, id);
      if (!row) throw new DomainError("NOT_FOUND");
      return deps.orders.detailOf(row, ctx.locale);
    },

    async decide(ctx: RequestContext, id: string, body: Decision): Promise<OrderDetail> {
      const reason = body.reason ?? null;
      // The decision, its audit row and its notices commit together; provisioning starts after.
      const outcome = await db.transaction(async (tx): Promise<{ order: OrderRow; result: Result }> => {
        const decided = await decideLocked(tx, ctx.actor.userId, id, body, reason);
        await recordDecision(tx, ctx, decided, reason);
        return decided;
      });
      const { order, result } = outcome;
      if (result === "approved" && !order.manualActivation) deps.provision(order.id);
      return this.detail(ctx, order.id);
    },
  };

  /** The audit row and the notices of a decision, in its transaction. */
  async function recordDecision(
    tx: Tx,
    ctx: RequestContext,
    { order, result }: { order: OrderRow; result: Result },
    reason: string | null,
  ): Promise<void> {
    await deps.audit.record(tx, {
      action: AUDIT_ACTION[result],
      ...ctx.auditBy,
      orgId: order.orgId,
      target: order.orderNo,
      detail: { result, ...(reason ? { reason } : {}) },
    });
    switch (result) {
      case "approved":
        if (order.manualActivation) await deps.notices.activationNeeded(tx, order);
        break;
      case "passedLevelOne":
        await deps.notices.approvalNeeded(tx, order, 2, ctx.actor.userId);
        break;
      case "returnedToLevelOne":
        await deps.notices.approvalNeeded(tx, order, 1);
        break;
      case "returnedToTenant":
        await deps.notices.result(tx, order, "returned", reason);
        break;
      case "refused":
        await deps.notices.result(tx, order, "rejected", reason);
        break;
    }
  }

  /** Locks the order and moves it by the decision of `approverId` at its current level. */
  async function decideLocked(
    tx: Tx,
    approverId: string,
    id: string,
    body: Decision,
    reason: string | null,
  ): Promise<{ order: OrderRow; result: Result }> {
    const o = await lockOrder(tx, id);
    if (!o) throw new DomainError("NOT_FOUND");
    if (o.status !== "approving") throw new DomainError("ORDER_NOT_PENDING");
    const now = clock.now();
    // Nobody approves their own order, at either level (an operator never submits one today; the
    // rule holds should that change).
    if (o.submittedBy === approverId) throw new DomainError("FOUR_EYES_SELF_APPROVAL");
    const secondLevel = o.approvalFlow === "twoLevels" && o.approvalLevel === "lev1_passed";
    if (secondLevel && (await levelOneApprover(tx, o.id)) === approverId) {
      throw new DomainError("SAME_APPROVER");
    }
    /** Moves the order to `level` (and `status`) with the trail's event of the decision. */
    const decided = async (
      step: "approved" | "rejected" | "returned",
      level: ApprovalLevel,
      status?: OrderRow["status"],
    ) => {
      await updateOrder(tx, o.id, { ...(status ? { status } : {}), approvalLevel: level, updatedAt: now });
      await addEvent(tx, {
        orderId: o.id,
        at: now,
        actorId: approverId,
        step,
        level,
        detail: reason,
      });
    };
    if (body.decision === "reject") {
      await decided("rejected", secondLevel ? "lev2_refused" : "lev1_refused", "rejected");
      await refundInFull(tx, o, {
        actorId: approverId,
        now,
        timeZone: deps.timeZone,
        memo: { key: "orderRejected", params: { orderNo: o.orderNo } },
      });
      return { order: o, result: "refused" };
    }
    if (body.decision === "return" && secondLevel) {
      // Back to level 1, still approving: the next level-1 pass names who may not give level 2.
      await decided("returned", "lev2_rejected");
      return { order: o, result: "returnedToLevelOne" };
    }
    if (body.decision === "return") {
      // Back to the tenant, who resubmits or withdraws it; the money stays held until then.
      await decided("returned", "lev1_rejected", "applying");
      return { order: o, result: "returnedToTenant" };
    }
    if (o.approvalFlow === "twoLevels" && !secondLevel) {
      await decided("approved", "lev1_passed");
      return { order: o, result: "passedLevelOne" };
    }
    await decided("approved", "audited", "approved");
    if (o.manualActivation) await addEvent(tx, { orderId: o.id, at: now, step: "awaitingActivation" });
    return { order: o, result: "approved" };
  }
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
