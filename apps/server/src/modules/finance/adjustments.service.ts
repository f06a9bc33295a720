// Manual balance adjustments by operators, always with a reason. When what the operator gave or
// took from the tenant within 24 hours exceeds the configured threshold, a second operator must
// approve before any money moves (four-eyes rule, money-controls.ts).
import { formatYuan, type Money } from "@skyledger/billing";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { organizations, users } from "../iam/iam.schema";
import { writeBill } from "../ledger/bills.repo";
import {
  cashAccountId,
  creditIncoming,
  ensureTenantAccounts,
  PLATFORM,
  postEntry,
} from "../ledger/ledger.service";
import { balanceAdjustments } from "./finance.schema";
import type { MoneyControls } from "./money-controls";

type Row = typeof balanceAdjustments.$inferSelect;
type Listed = {
  a: Row;
  orgName: string | null;
  requestedByAccount: string | null;
  decidedByAccount: string | null;
};

// Operators read who asked and who decided by account name, not by id.
const requester = alias(users, "requester");
const decider = alias(users, "decider");
const listedColumns = {
  a: balanceAdjustments,
  orgName: organizations.name,
  requestedByAccount: requester.account,
  decidedByAccount: decider.account,
};

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

  const toDto = ({ a, orgName, requestedByAccount, decidedByAccount }: Listed) => ({
    id: a.id,
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

  async function apply(tx: Db, a: Row, now: Date) {
    await ensureTenantAccounts(tx, a.orgId, now);
    const entry = {
      orgId: a.orgId,
      kind: "adjustment" as const,
      referenceType: "balance_adjustment",
      referenceId: a.id,
      memo: a.reason,
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
      productName: a.reason,
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
    const [row] = await db
      .select(listedColumns)
      .from(balanceAdjustments)
      .leftJoin(organizations, eq(organizations.id, balanceAdjustments.orgId))
      .leftJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
      .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy))
      .where(eq(balanceAdjustments.id, id));
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row);
  }

  return {
    async request(
      tx: Db,
      input: { orgId: string; amount: Money; reason: string },
      actorId: string,
      ip: string,
    ) {
      const [org] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, input.orgId));
      if (!org) throw new DomainError("NOT_FOUND");
      const now = clock.now();
      await deps.controls.assertWithin(tx, "adjustment", input.amount);
      const needsApproval = await deps.controls.needsSecondOperator(tx, actorId, input.orgId, input.amount);
      const [row] = await tx
        .insert(balanceAdjustments)
        .values({
          id: newId(),
          orgId: input.orgId,
          amount: input.amount,
          reason: input.reason,
          status: needsApproval ? "pending_approval" : "applied",
          requestedBy: actorId,
          decidedBy: needsApproval ? null : actorId,
          createdAt: now,
          decidedAt: needsApproval ? null : now,
        })
        .returning();
      if (!needsApproval) {
        const entryId = await apply(tx, row!, now);
        await tx.update(balanceAdjustments).set({ entryId }).where(eq(balanceAdjustments.id, row!.id));
      }
      await audit.record(tx, {
        action: needsApproval ? "adjustment.requested" : "adjustment.applied",
        actorId,
        orgId: input.orgId,
        target: row!.id,
        ip,
        detail: { amount: formatYuan(input.amount), reason: input.reason },
      });
      return { id: row!.id, status: row!.status };
    },

    async decide(tx: Db, id: string, approve: boolean, remark: string, actorId: string, ip: string) {
      const now = clock.now();
      const [a] = await tx
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.id, id))
        .for("update");
      if (!a) throw new DomainError("NOT_FOUND");
      if (a.status !== "pending_approval") throw new DomainError("ADJUSTMENT_NOT_PENDING");
      if (a.requestedBy === actorId) throw new DomainError("ADJUSTMENT_SELF_APPROVAL");
      const decided = { ...a, decidedBy: actorId, decidedAt: now, decisionRemark: remark };
      const entryId = approve ? await apply(tx, decided, now) : null;
      await tx
        .update(balanceAdjustments)
        .set({
          status: approve ? "applied" : "rejected",
          decidedBy: actorId,
          decidedAt: now,
          decisionRemark: remark,
          entryId,
        })
        .where(eq(balanceAdjustments.id, id));
      await audit.record(tx, {
        action: approve ? "adjustment.approved" : "adjustment.rejected",
        actorId,
        orgId: a.orgId,
        target: id,
        ip,
        detail: { amount: formatYuan(a.amount), remark },
      });
      return { id, status: approve ? ("applied" as const) : ("rejected" as const) };
    },

    byId,

    async list(filter: { status?: Row["status"]; orgId?: string; pageNum: number; pageSize: number }) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(balanceAdjustments.status, filter.status));
      if (filter.orgId) where.push(eq(balanceAdjustments.orgId, filter.orgId));
      const cond = where.length ? and(...where) : undefined;
      return pageOf(
        filter,
        (limit, offset) =>
          db
            .select(listedColumns)
            .from(balanceAdjustments)
            .leftJoin(organizations, eq(organizations.id, balanceAdjustments.orgId))
            .leftJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
            .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy))
            .where(cond)
            .orderBy(desc(balanceAdjustments.createdAt))
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(balanceAdjustments).where(cond),
        toDto,
      );
    },
  };
}
