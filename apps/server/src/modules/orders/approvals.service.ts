import { formatYuan } from "@skyledger/billing";
// `/audit/approval`: operators decide orders as the product's flow says. One level: a decision
// ends it (audited or lev1_rejected). Two levels: operation administrators pre-approve
// (lev1_passed) and another administrator gives the final word (audited or lev2_rejected).
// A rejection refunds the order in full. The order row is locked, so of two concurrent
// decisions only the first counts; the second is told the order is no longer pending.
import type { approvalDecisionBody, approvalQuery, Locale, OrderDetail } from "@skyledger/contracts";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { Audit } from "../audit/audit.service";
import { addEvent, fromJsonAllocations, type OrderRow, refundForOrder } from "./order-money";
import type { OrderNotices } from "./order-notices";
import type { OrdersRepo } from "./orders.repo";
import { orderEvents, orders } from "./orders.schema";
import type { OrdersService } from "./orders.service";
import { toOrderRecord } from "./orders.view";

type Decision = z.output<typeof approvalDecisionBody>;
type Query = z.output<typeof approvalQuery>;

export function createApprovalsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  repo: OrdersRepo;
  orders: OrdersService;
  notices: OrderNotices;
  audit: Audit;
  provision(orderId: string): void;
}) {
  const { db, clock, repo } = deps;

  /** Who passed level 1 of a two-level order. */
  async function levelOneApprover(tx: Db, orderId: string): Promise<string | null> {
    const [e] = await tx
      .select({ actorId: orderEvents.actorId })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.level, "lev1_passed")))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    return e?.actorId ?? null;
  }

  return {
    queue(q: Query, locale: Locale) {
      const where =
        q.view === "pending"
          ? eq(orders.status, "approving")
          : and(inArray(orders.approvalFlow, ["oneLevel", "twoLevels"]), isNotNull(orders.approvalFlow));
      return pageOf(
        q,
        (limit, offset) => repo.list(where, limit, offset),
        repo.total(where),
        (row) => toOrderRecord(row, locale),
      );
    },

    async detail(id: string, locale: Locale): Promise<OrderDetail> {
      const row = await repo.byId(id);
      if (!row) throw new DomainError("NOT_FOUND");
      return deps.orders.detailOf(row, locale);
    },

    async decide(
      principal: Principal,
      id: string,
      body: Decision,
      locale: Locale,
      ip: string,
    ): Promise<OrderDetail> {
      type Outcome = { order: OrderRow; result: "approved" | "passedLevelOne" | "rejected" };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!o) throw new DomainError("NOT_FOUND");
        if (o.status !== "approving") throw new DomainError("ORDER_NOT_PENDING");
        const now = clock.now();
        const secondLevel = o.approvalFlow === "twoLevels" && o.approvalLevel === "lev1_passed";
        if (secondLevel && (await levelOneApprover(tx, o.id)) === principal.userId) {
          throw new DomainError("SAME_APPROVER");
        }
        const reason = body.reason ?? null;
        if (body.decision === "reject") {
          const level = secondLevel ? "lev2_rejected" : "lev1_rejected";
          await tx
            .update(orders)
            .set({ status: "rejected", approvalLevel: level, updatedAt: now })
            .where(eq(orders.id, o.id));
          await addEvent(tx, {
            orderId: o.id,
            at: now,
            actorId: principal.userId,
            step: "rejected",
            level,
            detail: reason,
          });
          const owed = o.amount - o.couponDeduction - o.refunded;
          await refundForOrder(tx, o, {
            amount: owed,
            paid: fromJsonAllocations(o.paid),
            restoreCoupon: true,
            actorId: principal.userId,
            now,
            timeZone: deps.timeZone,
            memo: `order ${o.orderNo} rejected`,
          });
          if (owed > 0n)
            await addEvent(tx, { orderId: o.id, at: now, step: "refunded", detail: formatYuan(owed) });
          return { order: o, result: "rejected" };
        }
        if (o.approvalFlow === "twoLevels" && !secondLevel) {
          await tx
            .update(orders)
            .set({ approvalLevel: "lev1_passed", updatedAt: now })
            .where(eq(orders.id, o.id));
          await addEvent(tx, {
            orderId: o.id,
            at: now,
            actorId: principal.userId,
            step: "approved",
            level: "lev1_passed",
            detail: reason,
          });
          return { order: o, result: "passedLevelOne" };
        }
        await tx
          .update(orders)
          .set({ status: "approved", approvalLevel: "audited", updatedAt: now })
          .where(eq(orders.id, o.id));
        await addEvent(tx, {
          orderId: o.id,
          at: now,
          actorId: principal.userId,
          step: "approved",
          level: "audited",
          detail: reason,
        });
        return { order: o, result: "approved" };
      });
      const { order, result } = outcome;
      await deps.audit.record({
        action: result === "rejected" ? "order.rejected" : "order.approved",
        actorId: principal.userId,
        orgId: order.orgId,
        target: order.orderNo,
        ip,
        detail: { result, ...(body.reason ? { reason: body.reason } : {}) },
      });
      if (result === "approved") deps.provision(order.id);
      if (result === "passedLevelOne") await deps.notices.approvalNeeded(order, 2);
      if (result === "rejected") await deps.notices.result(order, "rejected", body.reason ?? null);
      return this.detail(order.id, locale);
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
