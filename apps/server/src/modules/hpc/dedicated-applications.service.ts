// Dedicated pool applications (`/mgt/innerservice`, CB18; issue 14 item 3). A tenant follows the
// organisation's applications for dedicated HPC and AI pools: waiting for an operator, active (with
// the pool), closed with the operator's reason, failed or unsubscribed. Operators (BA07, the
// approval queue's code) see every tenant's and activate or close a waiting one through the orders
// module's manual activation — the very functions of `/api/audit/approval/{id}/activate|close`,
// which lock the order and record the event, the audit row, the refund and the mail — so this page
// is a second door to the same mechanism, never a second mechanism.
import { formatYuan } from "@skyledger/billing";
import type {
  DedicatedApplication,
  DedicatedApplicationState,
  dedicatedApplicationOpsQuery,
  dedicatedApplicationQuery,
  HpcPoolType,
  Locale,
  orderActivateBody,
  orderCloseBody,
} from "@skyledger/contracts";
import type { z } from "zod";
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
type CloseBody = z.output<typeof orderCloseBody>;

const ENDED = new Set<string>(POOL_ENDED_STATUSES);

/** The state in words of an application (the repo's stateCondition says the same in SQL). */
export function stateOf(row: Pick<ApplicationRow, "o" | "poolId" | "poolStatus">): DedicatedApplicationState {
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
      return row.poolId !== null && !ENDED.has(row.poolStatus ?? "") ? "active" : "unsubscribed";
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
    refunded: formatYuan(o.refunded),
    appliedAt: o.createdAt.toISOString(),
    state,
    reason: state === "closed" ? row.reason : null,
    poolId: state === "active" ? row.poolId : null,
    awaitingActivation: isAwaitingActivation(o),
  };
}

export type DedicatedApplicationsService = ReturnType<typeof createDedicatedApplicationsService>;

export function createDedicatedApplicationsService(deps: { db: Db; activation: ActivationService }) {
  const { db } = deps;

  function page(ctx: RequestContext, q: TenantQuery, f: ApplicationFilter) {
    return pageOf(
      q,
      (limit, offset) => listApplications(db, f, limit, offset),
      countApplications(db, f),
      (row) => toApplication(row, ctx.locale),
    );
  }

  /** One application, or 404 when the order is not a dedicated pool's. */
  async function application(ctx: RequestContext, id: string): Promise<DedicatedApplication> {
    const row = await findApplication(db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toApplication(row, ctx.locale);
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
      await application(ctx, id);
      await deps.activation.activate(ctx, id, body);
      return application(ctx, id);
    },

    async close(ctx: RequestContext, id: string, body: CloseBody) {
      await application(ctx, id);
      await deps.activation.close(ctx, id, body);
      return application(ctx, id);
    },
  };
}
