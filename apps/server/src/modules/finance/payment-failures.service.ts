// Payment notifications that could not be credited, for operators: the list with the reason, and a
// retry once the cause is fixed, which applies the stored notice through the one idempotent path.
import { formatYuan } from "@skyledger/billing";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import type { PageRequest } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import {
  type ListedPaymentFailure,
  listPaymentFailures,
  type PaymentFailureRow,
  paymentFailureById,
  paymentFailureForUpdate,
  resolvePaymentFailure,
} from "./payment-failures.repo";
import { type NoticeOutcome, PROCESSED, type TopUpsService } from "./topups.service";

export type PaymentFailuresService = ReturnType<typeof createPaymentFailuresService>;

const toDto = ({ f, orgName, resolvedByAccount }: ListedPaymentFailure) => ({
  id: f.id,
  channel: f.channel,
  rechargeNo: f.rechargeNo,
  tradeNo: f.tradeNo,
  amount: formatYuan(f.amount),
  orgId: f.orgId,
  orgName,
  reason: f.reason,
  detail: f.detail,
  status: f.status,
  attempts: f.attempts,
  firstFailedAt: f.firstFailedAt.toISOString(),
  lastFailedAt: f.lastFailedAt.toISOString(),
  resolvedAt: f.resolvedAt?.toISOString() ?? null,
  resolvedByAccount,
});

export function createPaymentFailuresService(deps: { db: Db; clock: Clock; topups: TopUpsService }) {
  const { db, clock, topups } = deps;
  const audit = createAudit(clock);

  async function byId(id: string) {
    const row = await paymentFailureById(db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row);
  }

  return {
    async list(filter: PageRequest & { status?: PaymentFailureRow["status"] }) {
      const { rows, total } = await listPaymentFailures(db, {
        ...(filter.status ? { status: filter.status } : {}),
        limit: filter.pageSize,
        offset: (filter.pageNum - 1) * filter.pageSize,
      });
      return { list: rows.map(toDto), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    /**
     * Applies the stored notice again. Credited (or found done meanwhile), the failure is resolved
     * with its audit row in the transaction that credits; failing again, it stays open with the new
     * reason and one more attempt.
     */
    async retry(ctx: RequestContext, id: string) {
      const { actorId, ip } = ctx.auditBy;
      const f = (await paymentFailureById(db, id))?.f;
      if (!f) throw new DomainError("NOT_FOUND");
      if (f.status !== "open") throw new DomainError("PAYMENT_FAILURE_NOT_OPEN");
      const settle = async (tx: Tx, outcome: NoticeOutcome) => {
        const row = await paymentFailureForUpdate(tx, id);
        const done = PROCESSED.has(outcome);
        if (row && done && row.status === "open") await resolvePaymentFailure(tx, id, actorId, clock.now());
        await audit.record(tx, {
          action: done ? "paymentFailure.resolved" : "paymentFailure.retried",
          actorId,
          orgId: f.orgId,
          target: f.rechargeNo,
          ip,
          detail: { channel: f.channel, tradeNo: f.tradeNo, amount: formatYuan(f.amount), outcome },
        });
      };
      const outcome = await topups.applyNotice(
        {
          channel: f.channel,
          rechargeNo: f.rechargeNo,
          tradeNo: f.tradeNo,
          amount: f.amount,
          status: f.noticeStatus,
        },
        settle,
      );
      // The ledger refused: the applying transaction rolled back, the retry is recorded on its own.
      if (outcome === "apply_error") await db.transaction((tx) => settle(tx, outcome));
      return { outcome, failure: await byId(id) };
    },
  };
}
