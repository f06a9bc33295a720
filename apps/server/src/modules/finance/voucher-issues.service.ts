// Operators issue cash vouchers under the money controls: the face value is bounded by
// configuration, and when face value × count together with what the operator gave the same tenant
// (or issued as codes) within 24 hours exceeds the four-eyes threshold, nothing is issued until a
// different operator approves — then the vouchers are created in the approval's transaction.
import { formatYuan } from "@skyledger/billing";
import type { VoucherIssue } from "@skyledger/contracts";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import type { PageRequest } from "../../platform/db/paging";
import { assertDecidableBy } from "../../platform/four-eyes";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { orgExists } from "../iam/users.repo";
import { parseAmount } from "./amounts";
import type { MoneyControls } from "./money-controls";
import {
  decideVoucherIssue,
  insertVoucherIssue,
  type ListedVoucherIssue,
  listVoucherIssues,
  type VoucherIssueRow,
  voucherIssueById,
  voucherIssueForUpdate,
} from "./money-requests.repo";
import type { VouchersService } from "./vouchers.service";

export type VoucherIssuesService = ReturnType<typeof createVoucherIssuesService>;

const toDto = ({ v, orgName, requestedByAccount, decidedByAccount }: ListedVoucherIssue) => ({
  id: v.id,
  orgId: v.orgId,
  orgName,
  kind: v.kind,
  faceValue: formatYuan(v.faceValue),
  count: v.count,
  total: formatYuan(v.total),
  validFrom: v.validFrom.toISOString(),
  validUntil: v.validUntil.toISOString(),
  remark: v.remark,
  batchNo: v.batchNo,
  status: v.status,
  requestedBy: v.requestedBy,
  requestedByAccount,
  decidedBy: v.decidedBy,
  decidedByAccount,
  decisionRemark: v.decisionRemark,
  createdAt: v.createdAt.toISOString(),
  decidedAt: v.decidedAt?.toISOString() ?? null,
});

export function createVoucherIssuesService(deps: {
  db: Db;
  clock: Clock;
  controls: MoneyControls;
  vouchers: VouchersService;
}) {
  const { db, clock, controls, vouchers } = deps;
  const audit = createAudit(clock);

  async function byId(tx: Tx, id: string) {
    const row = await voucherIssueById(tx, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row);
  }

  const issue = (tx: Tx, v: VoucherIssueRow, actorId: string) =>
    vouchers.issueIn(
      tx,
      {
        kind: v.kind,
        faceValue: v.faceValue,
        count: v.count,
        validFrom: v.validFrom,
        validUntil: v.validUntil,
        orgId: v.orgId ?? undefined,
        remark: v.remark,
      },
      actorId,
    );

  return {
    async request(ctx: RequestContext, body: VoucherIssue) {
      const { actorId, ip } = ctx.auditBy;
      const input = {
        ...body,
        faceValue: parseAmount(body.faceValue),
        validFrom: new Date(body.validFrom),
        validUntil: new Date(body.validUntil),
      };
      return db.transaction(async (tx) => {
        if (input.orgId && !(await orgExists(tx, input.orgId))) throw new DomainError("NOT_FOUND");
        await controls.assertWithin(tx, "voucherFaceValue", input.faceValue);
        const total = input.faceValue * BigInt(input.count);
        const orgId = input.orgId ?? null;
        const needsApproval = await controls.needsSecondOperator(tx, actorId, orgId, total);
        const now = clock.now();
        const row: VoucherIssueRow = {
          id: newId(),
          orgId,
          kind: input.kind,
          faceValue: input.faceValue,
          count: input.count,
          total,
          validFrom: input.validFrom,
          validUntil: input.validUntil,
          remark: input.remark,
          status: "pending_approval",
          requestedBy: actorId,
          decidedBy: null,
          decisionRemark: null,
          batchNo: null,
          createdAt: now,
          decidedAt: null,
        };
        await insertVoucherIssue(tx, row);
        let batchNo: string | null = null;
        if (!needsApproval) {
          batchNo = await issue(tx, row, actorId);
          await decideVoucherIssue(tx, row.id, {
            status: "applied",
            decidedBy: actorId,
            decidedAt: now,
            decisionRemark: null,
            batchNo,
          });
        }
        await audit.record(tx, {
          action: needsApproval ? "voucherIssue.requested" : "voucherIssue.applied",
          actorId,
          orgId,
          target: row.id,
          ip,
          detail: {
            voucherKind: input.kind,
            faceValue: formatYuan(input.faceValue),
            count: input.count,
            total: formatYuan(total),
            ...(batchNo ? { batchNo } : {}),
          },
        });
        return {
          request: await byId(tx, row.id),
          vouchers: batchNo ? await vouchers.batch(tx, batchNo) : [],
        };
      });
    },

    async decide(ctx: RequestContext, id: string, { approve, remark }: { approve: boolean; remark: string }) {
      const { actorId, ip } = ctx.auditBy;
      return db.transaction(async (tx) => {
        const v = await voucherIssueForUpdate(tx, id);
        assertDecidableBy(v, actorId);
        const now = clock.now();
        const batchNo = approve ? await issue(tx, v, actorId) : null;
        await decideVoucherIssue(tx, id, {
          status: approve ? "applied" : "rejected",
          decidedBy: actorId,
          decidedAt: now,
          decisionRemark: remark,
          batchNo,
        });
        const request = await byId(tx, id);
        await audit.record(tx, {
          action: approve ? "voucherIssue.approved" : "voucherIssue.rejected",
          actorId,
          orgId: v.orgId,
          target: id,
          ip,
          detail: {
            total: request.total,
            remark,
            requestedBy: request.requestedByAccount,
            ...(batchNo ? { batchNo } : {}),
          },
        });
        return { request, vouchers: batchNo ? await vouchers.batch(tx, batchNo) : [] };
      });
    },

    async list(filter: PageRequest & { status?: VoucherIssueRow["status"]; orgId?: string }) {
      const { rows, total } = await listVoucherIssues(db, {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.orgId ? { orgId: filter.orgId } : {}),
        limit: filter.pageSize,
        offset: (filter.pageNum - 1) * filter.pageSize,
      });
      return { list: rows.map(toDto), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },
  };
}
