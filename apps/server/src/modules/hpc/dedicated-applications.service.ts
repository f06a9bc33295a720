// Dedicated pool applications (`/mgt/innerservice`, CB18; issue 14 item 3). A tenant follows the
// organisation's applications for dedicated HPC and AI pools: waiting for an operator, active (with
// the pool), closed with the operator's reason, failed or unsubscribed. Operators (BA07, the
// approval queue's code) see every tenant's and activate or close a waiting one through the orders
// module's manual activation — the very functions of `/api/audit/approval/{id}/activate|close`,
// which lock the order and record the event, the audit row, the refund and the mail — so this page
// is a second door to the same mechanism, never a second mechanism. They also close a running pool:
// that is the tenant's unsubscribe by the same rules and code (subscriptions' `closeByOperator`),
// the order keeping the operator's reason, and the tenant sees it closed with the refund.
import { formatYuan, type Money } from "@skyledger/billing";
import type {
  DedicatedApplication,
  DedicatedApplicationState,
  DedicatedCloseQuote,
  dedicatedApplicationOpsQuery,
  dedicatedApplicationQuery,
  dedicatedCloseBody,
  ErrorKey,
  HpcPoolType,
  Locale,
  orderActivateBody,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { ActivationService } from "../orders/approvals/activation.service";
import { isAwaitingActivation } from "../orders/approvals/awaiting-activation";
import {
  type ApplicationFilter,
  type ApplicationRow,
  countApplications,
  findApplication,
  listApplications,
  POOL_ENDED_STATUSES,
} from "./dedicated-applications.repo";

type TenantQuery = z.output<typeof dedicatedApplicationQuery>;
type OpsQuery = z.output<typeof dedicatedApplicationOpsQuery>;
type ActivateBody = z.output<typeof orderActivateBody>;
type CloseBody = z.output<typeof dedicatedCloseBody>;

const ENDED = new Set<string>(POOL_ENDED_STATUSES);

/** The state in words of an application (the repo's stateCondition says the same in SQL). */
export function stateOf(
  row: Pick<ApplicationRow, "o" | "poolId" | "poolStatus" | "closedRunning">,
): DedicatedApplicationState {
  const { o } = row;
  switch (o.status) {
    case "applying":
    case "approving":
      return "waiting";
    case "approved":
      return o.activatedAt === null ? "waiting" : "activating";
    case "provisioning":
      return "activating";
    case "completed":
      if (row.poolId !== null && !ENDED.has(row.poolStatus ?? "")) return "active";
      // An operator's close of the running pool, or the tenant's own unsubscribe.
      return row.closedRunning ? "closed" : "unsubscribed";
    case "terminated":
    case "rejected":
      return "closed";
    case "failed":
      return "failed";
  }
}

export function toApplication(row: ApplicationRow, locale: Locale): DedicatedApplication {
  const { o } = row;
  const state = stateOf(row);
  return {
    id: o.id,
    orderNo: o.orderNo,
    name: o.request.name,
    orgName: row.orgName ?? "",
    productCode: o.productCode,
    productName: locale === "zh-CN" ? o.productNameZh : o.productNameEn,
    poolType: row.poolType as HpcPoolType,
    nodes: o.request.spec.units ?? 0,
    periodMonths: o.periodMonths,
    amount: formatYuan(o.amount),
    // A closed or unsubscribed pool's refund is its unsubscribe order's.
    refunded: formatYuan(o.refunded + BigInt(row.removalRefunded)),
    appliedAt: o.createdAt.toISOString(),
    state,
    reason: state === "closed" ? row.reason : null,
    poolId: state === "active" ? row.poolId : null,
    awaitingActivation: isAwaitingActivation(o),
  };
}

/**
 * What closing a running pool asks of the unsubscribe (subscriptions, a layer above this one,
 * implements it; services.module wires it): its figures, and its records and refund in one
 * transaction with the caller's, once per Idempotency-Key, whatever still runs on the pool.
 */
export type RunningPoolCloser = {
  operatorQuote(id: string): Promise<{
    refundReading: "byMonth" | "paidMinusUsed";
    paid: Money;
    used: Money;
    refund: Money;
  }>;
  closeByOperator<T>(
    ctx: RequestContext,
    id: string,
    scope: { orgId: string; params: unknown; ended: ErrorKey },
    within: (
      tx: Db,
      removal: { id: string; orderNo: string; refunded: Money; r: { orgId: string }; now: Date },
    ) => Promise<T>,
  ): Promise<T>;
};

export type DedicatedApplicationsService = ReturnType<typeof createDedicatedApplicationsService>;

export function createDedicatedApplicationsService(deps: {
  db: Db;
  activation: ActivationService;
  unsubscribe: RunningPoolCloser;
  audit: Audit;
}) {
  const { db } = deps;

  function page(ctx: RequestContext, q: TenantQuery, f: ApplicationFilter) {
    return pageOf(
      q,
      (limit, offset) => listApplications(db, f, limit, offset),
      countApplications(db, f),
      (row) => toApplication(row, ctx.locale),
    );
  }

  /** The application's row, or 404 when the order is not a dedicated pool's. */
  async function rowOf(id: string): Promise<ApplicationRow> {
    const row = await findApplication(db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return row;
  }

  const application = async (ctx: RequestContext, id: string): Promise<DedicatedApplication> =>
    toApplication(await rowOf(id), ctx.locale);

  /**
   * An operator closes a running pool: the unsubscribe's refund by the same rules and code
   * (subscriptions' `closeByOperator`, which cancels its jobs and returns its nodes at the
   * release), with the order's `closed` event and reason, the tenant's notice and the audit row in
   * the same transaction; once per Idempotency-Key.
   */
  async function closeRunning(ctx: RequestContext, row: ApplicationRow, reason: string) {
    const poolId = row.poolId!;
    await deps.unsubscribe.closeByOperator(
      ctx,
      poolId,
      { orgId: row.o.orgId, params: { id: row.o.id, reason }, ended: "HPC_DEDICATED_NOT_CLOSABLE" },
      async (tx, removal) => {
        await deps.activation.closedWhileRunning(tx, ctx, row.o.id, {
          reason,
          refunded: removal.refunded,
          now: removal.now,
        });
        await deps.audit.record(tx, {
          action: "hpc.dedicatedClosed",
          ...ctx.auditBy,
          orgId: removal.r.orgId,
          target: row.o.orderNo,
          detail: { reason, orderNo: removal.orderNo, amount: formatYuan(removal.refunded) },
        });
        return removal.id;
      },
    );
  }

  return {
    async list(ctx: RequestContext, q: TenantQuery) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      return page(ctx, q, { orgId, scope, state: q.state, keyword: q.keyword });
    },

    listAll(ctx: RequestContext, q: OpsQuery) {
      return page(ctx, q, {
        state: q.state,
        keyword: q.keyword,
        tenant: q.tenant,
        product: q.product,
      });
    },

    async activate(ctx: RequestContext, id: string, body: ActivateBody) {
      await rowOf(id);
      await deps.activation.activate(ctx, id, body);
      return application(ctx, id);
    },

    /** What closing it now refunds: in full while it waits, by the unsubscribe rules once it runs. */
    async closeQuote(_ctx: RequestContext, id: string): Promise<DedicatedCloseQuote> {
      const row = await rowOf(id);
      const state = stateOf(row);
      if (isAwaitingActivation(row.o)) {
        const paid = formatYuan(row.o.amount - row.o.refunded);
        return { state, refundReading: null, paid, used: formatYuan(0n), refund: paid };
      }
      if (state !== "active") throw new DomainError("HPC_DEDICATED_NOT_CLOSABLE");
      const f = await deps.unsubscribe.operatorQuote(row.poolId!);
      return {
        state,
        refundReading: f.refundReading,
        paid: formatYuan(f.paid),
        used: formatYuan(f.used),
        refund: formatYuan(f.refund),
      };
    },

    /**
     * A waiting application: the approval queue's close (refunded in full). A running pool:
     * closed by the unsubscribe rules (`closeRunning`). A closed one answers a replayed key with
     * its first answer, else HPC_DEDICATED_NOT_CLOSABLE.
     */
    async close(ctx: RequestContext, id: string, body: CloseBody) {
      const row = await rowOf(id);
      if (isAwaitingActivation(row.o)) await deps.activation.close(ctx, id, body);
      else if (row.o.status === "completed" && row.poolId !== null) await closeRunning(ctx, row, body.reason);
      else throw new DomainError("HPC_DEDICATED_NOT_CLOSABLE");
      return application(ctx, id);
    },
  };
}
