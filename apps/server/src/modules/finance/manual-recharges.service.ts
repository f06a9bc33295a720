// Manual ("offline") recharges: money a tenant paid outside the gateways, recorded by an operator
// with the evidence (the bank slip, uploaded as `rechargeEvidence`). Within the four-eyes threshold
// the money moves at once; above it the request waits, and moves only when a different operator
// approves — in the approval's transaction, with its audit row.
import { formatYuan, type Money } from "@skyledger/billing";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import type { PageRequest } from "../../platform/db/paging";
import { assertDecidableBy } from "../../platform/four-eyes";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { orgExists } from "../iam/users.repo";
import { parseAmount } from "./amounts";
import type { MoneyControls } from "./money-controls";
import {
  decideManualRecharge,
  evidenceInUse,
  insertManualRecharge,
  type ListedManualRecharge,
  listManualRecharges,
  type ManualRechargeRow,
  manualRechargeById,
  manualRechargeForUpdate,
  uploadedFile,
} from "./money-requests.repo";
import type { TopUpsService } from "./topups.service";

export type ManualRechargesService = ReturnType<typeof createManualRechargesService>;

const toDto = ({ r, orgName, evidenceName, evidenceContentType, ...who }: ListedManualRecharge) => ({
  id: r.id,
  orgId: r.orgId,
  orgName,
  amount: formatYuan(r.amount),
  remark: r.remark,
  evidenceFileId: r.evidenceFileId,
  evidenceName,
  evidenceContentType,
  rechargeNo: r.rechargeNo,
  status: r.status,
  requestedBy: r.requestedBy,
  requestedByAccount: who.requestedByAccount,
  decidedBy: r.decidedBy,
  decidedByAccount: who.decidedByAccount,
  decisionRemark: r.decisionRemark,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

export function createManualRechargesService(deps: {
  db: Db;
  clock: Clock;
  controls: MoneyControls;
  topups: TopUpsService;
}) {
  const { db, clock, controls, topups } = deps;
  const audit = createAudit(clock);

  async function byId(tx: Tx, id: string) {
    const row = await manualRechargeById(tx, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row);
  }

  /** Credits the tenant: the top-up record of channel `manual` and its journal entry. */
  async function apply(tx: Tx, r: ManualRechargeRow, approver: string): Promise<string> {
    const record = await topups.manual(tx, r.orgId, r.amount, r.remark, approver);
    return record.rechargeNo;
  }

  async function request(
    tx: Tx,
    input: { orgId: string; amount: Money; remark: string; evidenceFileId?: string | undefined },
    actorId: string,
    ip: string,
  ) {
    if (!(await orgExists(tx, input.orgId))) throw new DomainError("NOT_FOUND");
    await controls.assertWithin(tx, "manualRecharge", input.amount);
    // The evidence is a file this operator uploaded for this purpose, not yet used by another recharge.
    const file = input.evidenceFileId ? await uploadedFile(tx, input.evidenceFileId) : undefined;
    if (file?.purpose !== "rechargeEvidence" || file.ownerId !== actorId) {
      throw new DomainError("EVIDENCE_REQUIRED");
    }
    if (await evidenceInUse(tx, file.id)) throw new DomainError("EVIDENCE_ALREADY_USED");
    const needsApproval = await controls.needsSecondOperator(tx, actorId, input.orgId, input.amount);
    const now = clock.now();
    const row: ManualRechargeRow = {
      id: newId(),
      orgId: input.orgId,
      amount: input.amount,
      remark: input.remark,
      evidenceFileId: file.id,
      status: "pending_approval",
      requestedBy: actorId,
      decidedBy: null,
      decisionRemark: null,
      rechargeNo: null,
      createdAt: now,
      decidedAt: null,
    };
    if (!(await insertManualRecharge(tx, row))) throw new DomainError("EVIDENCE_ALREADY_USED");
    if (!needsApproval) {
      const rechargeNo = await apply(tx, row, actorId);
      await decideManualRecharge(tx, row.id, {
        status: "applied",
        decidedBy: actorId,
        decidedAt: now,
        decisionRemark: null,
        rechargeNo,
      });
    }
    const recorded = await byId(tx, row.id);
    await audit.record(tx, {
      action: needsApproval ? "manualRecharge.requested" : "manualRecharge.applied",
      actorId,
      orgId: input.orgId,
      target: row.id,
      ip,
      // The evidence by its file name: its id means nothing to whoever reads the log.
      detail: {
        amount: recorded.amount,
        remark: input.remark,
        evidence: recorded.evidenceName,
        ...(recorded.rechargeNo ? { rechargeNo: recorded.rechargeNo } : {}),
      },
    });
    return recorded;
  }

  return {
    /**
     * An operator's manual recharge, once per idempotency key: the key's answer, the request, the
     * money it moves and its audit row are one transaction.
     */
    request(
      ctx: RequestContext,
      body: { orgId: string; amount: string; remark: string; evidenceFileId?: string | undefined },
    ) {
      const actorId = ctx.actor.userId;
      return once(db, clock, `manual:${actorId}`, ctx.idempotencyKey(), body, (tx) =>
        request(
          tx,
          {
            orgId: body.orgId,
            amount: parseAmount(body.amount),
            remark: body.remark,
            evidenceFileId: body.evidenceFileId,
          },
          actorId,
          ctx.ip,
        ),
      );
    },

    async decide(ctx: RequestContext, id: string, { approve, remark }: { approve: boolean; remark: string }) {
      const { actorId, ip } = ctx.auditBy;
      return db.transaction(async (tx) => {
        const r = await manualRechargeForUpdate(tx, id);
        assertDecidableBy(r, actorId);
        const now = clock.now();
        const rechargeNo = approve ? await apply(tx, r, actorId) : null;
        await decideManualRecharge(tx, id, {
          status: approve ? "applied" : "rejected",
          decidedBy: actorId,
          decidedAt: now,
          decisionRemark: remark,
          rechargeNo,
        });
        const decided = await byId(tx, id);
        await audit.record(tx, {
          action: approve ? "manualRecharge.approved" : "manualRecharge.rejected",
          actorId,
          orgId: r.orgId,
          target: id,
          ip,
          detail: {
            amount: decided.amount,
            remark,
            requestedBy: decided.requestedByAccount,
            ...(rechargeNo ? { rechargeNo } : {}),
          },
        });
        return decided;
      });
    },

    async list(filter: PageRequest & { status?: ManualRechargeRow["status"]; orgId?: string }) {
      const { rows, total } = await listManualRecharges(db, {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.orgId ? { orgId: filter.orgId } : {}),
        limit: filter.pageSize,
        offset: (filter.pageNum - 1) * filter.pageSize,
      });
      return { list: rows.map(toDto), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },
  };
}
