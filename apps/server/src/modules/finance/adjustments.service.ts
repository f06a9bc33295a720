// Manual balance adjustments by operators, always with a reason. When what the operator gave or
// took from the tenant within 24 hours exceeds the configured threshold, a second operator must
// approve before any money moves (four-eyes rule, money-controls.ts).
import { randomInt } from "node:crypto";
import { formatYuan } from "@skyledger/billing";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { documentNo } from "../../platform/time-zone";
import { orgExists } from "../iam/users.repo";
import { asTyped, writeBill } from "../ledger/bills.repo";
import {
  cashAccountId,
  creditIncoming,
  ensureTenantAccounts,
  PLATFORM,
  postEntry,
} from "../ledger/ledger.service";
import {
  type AdjustmentFilter,
  type AdjustmentRow,
  adjustmentById,
  adjustmentForUpdate,
  adjustmentsCount,
  adjustmentsPage,
  decideAdjustment,
  insertAdjustment,
  type ListedAdjustment,
  setAdjustmentEntry,
} from "./adjustments.repo";
import { parseAmount } from "./amounts";
import type { MoneyControls } from "./money-controls";

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;

export function createAdjustmentsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  controls: MoneyControls;
}) {
  const { db, clock, timeZone } = deps;
  // The audit record is written in the same transaction as the adjustment, for the same reasons,
  // and so that it exists exactly when the adjustment does.
  const audit = createAudit(clock);

  const toDto = ({ a, orgName, requestedByAccount, decidedByAccount }: ListedAdjustment) => ({
    id: a.id,
    adjustmentNo: a.adjustmentNo,
    orgId: a.orgId,
    orgName,
    amount: formatYuan(a.amount),
    reason: a.reason,
    status: a.status,
    requestedBy: a.requestedBy,
    requestedByAccount,
    decidedBy: a.decidedBy,
    decidedByAccount,
    decisionRemark: a.decisionRemark,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  });

  async function apply(tx: Tx, a: AdjustmentRow, now: Date) {
    await ensureTenantAccounts(tx, a.orgId, now);
    const entry = {
      orgId: a.orgId,
      kind: "adjustment" as const,
      referenceType: "balance_adjustment",
      referenceId: a.adjustmentNo,
      memo: { text: a.reason },
      createdBy: a.decidedBy ?? a.requestedBy,
      now,
    };
    // Money given to a tenant repays the credit they used first, exactly as a top-up does.
    const entryId =
      a.amount > 0n
        ? await creditIncoming(tx, { ...entry, amount: a.amount, fromAccount: PLATFORM.adjustments })
        : await postEntry(tx, {
            ...entry,
            lines: [
              { accountId: PLATFORM.adjustments, amount: -a.amount },
              { accountId: cashAccountId(a.orgId), amount: a.amount },
            ],
          });
    await writeBill(tx, {
      orgId: a.orgId,
      type: "adjustment",
      productCode: "balance_adjustment",
      productName: asTyped(a.reason),
      chargeType: "none",
      originalAmount: 0n,
      adjustmentAmount: a.amount,
      entryId,
      now,
      timeZone,
    });
    return entryId;
  }

  async function byId(id: string) {
    const row = await adjustmentById(db, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row);
  }

  /** Records the request in `tx`; within the threshold the money moves in the same transaction. */
  async function request(
    tx: Tx,
    input: { orgId: string; amount: bigint; reason: string },
    actorId: string,
    ip: string,
  ) {
    if (!(await orgExists(tx, input.orgId))) throw new DomainError("NOT_FOUND");
    const now = clock.now();
    await deps.controls.assertWithin(tx, "adjustment", input.amount);
    const needsApproval = await deps.controls.needsSecondOperator(tx, actorId, input.orgId, input.amount);
    const row = await insertAdjustment(tx, {
      id: newId(),
      adjustmentNo: documentNo("ADJ", now, timeZone, String(randomInt(1_000_000)).padStart(6, "0")),
      orgId: input.orgId,
      amount: input.amount,
      reason: input.reason,
      status: needsApproval ? "pending_approval" : "applied",
      requestedBy: actorId,
      decidedBy: needsApproval ? null : actorId,
      createdAt: now,
      decidedAt: needsApproval ? null : now,
    });
    if (!needsApproval) {
      const entryId = await apply(tx, row, now);
      await setAdjustmentEntry(tx, row.id, entryId);
    }
    await audit.record(tx, {
      action: needsApproval ? "adjustment.requested" : "adjustment.applied",
      actorId,
      orgId: input.orgId,
      target: row.id,
      ip,
      detail: { amount: formatYuan(input.amount), reason: input.reason },
    });
    return { id: row.id, adjustmentNo: row.adjustmentNo, status: row.status };
  }

  return {
    /**
     * An operator's adjustment, once per idempotency key: the key's answer, the adjustment, its
     * journal entry and its audit row are one transaction.
     */
    request(ctx: RequestContext, body: { orgId: string; amount: string; reason: string }) {
      const { actorId, ip } = ctx.auditBy;
      return once(db, clock, `adjust:${actorId}`, ctx.idempotencyKey(), body, (tx) =>
        request(
          tx,
          { orgId: body.orgId, amount: parseAmount(body.amount), reason: body.reason },
          actorId,
          ip,
        ),
      );
    },

    /** A second operator's decision; an approval moves the money in the same transaction. */
    decide(ctx: RequestContext, id: string, { approve, remark }: { approve: boolean; remark: string }) {
      const { actorId, ip } = ctx.auditBy;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const a = await adjustmentForUpdate(tx, id);
        if (!a) throw new DomainError("NOT_FOUND");
        if (a.status !== "pending_approval") throw new DomainError("ADJUSTMENT_NOT_PENDING");
        if (a.requestedBy === actorId) throw new DomainError("ADJUSTMENT_SELF_APPROVAL");
        const decided = { ...a, decidedBy: actorId, decidedAt: now, decisionRemark: remark };
        const entryId = approve ? await apply(tx, decided, now) : null;
        await decideAdjustment(tx, id, {
          status: approve ? "applied" : "rejected",
          decidedBy: actorId,
          decidedAt: now,
          decisionRemark: remark,
          entryId,
        });
        await audit.record(tx, {
          action: approve ? "adjustment.approved" : "adjustment.rejected",
          actorId,
          orgId: a.orgId,
          target: id,
          ip,
          detail: { amount: formatYuan(a.amount), remark },
        });
        return { id, status: approve ? ("applied" as const) : ("rejected" as const) };
      });
    },

    byId,

    async list(filter: AdjustmentFilter & { pageNum: number; pageSize: number }) {
      return pageOf(
        filter,
        (limit, offset) => adjustmentsPage(db, filter, limit, offset),
        adjustmentsCount(db, filter),
        toDto,
      );
    },
  };
}
