// Monthly budgets of the caller's organisation (issue 19 item 5): the page's overview (each budget
// with this month's spend, its percentage and the thresholds notified, and the balance forecast),
// and setting, changing and removing budgets and the forecast notice's horizon. One budget for the
// organisation and at most one per project; each change is audited in its own transaction.
import { budgetPercent, daysOfBalanceLeft, formatYuan, parseYuan } from "@skyledger/billing";
import {
  type BudgetOverview,
  type BudgetRecord,
  type budgetBody,
  DEFAULT_BUDGET_FORECAST_DAYS,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { accountBalance } from "../ledger/ledger.repo";
import { cashAccountId } from "../ledger/ledger.service";
import { budgetMonth, budgetScope, FORECAST_NOTICE } from "./budget-month";
import {
  type BudgetRow,
  deleteBudget,
  findBudget,
  findProject,
  forecastDaysOf,
  insertBudget,
  listBudgets,
  monthSpend,
  noticesSentIn,
  saveForecastDays,
  spendSince,
  updateBudgetAmount,
} from "./budgets.repo";

type BudgetBody = z.output<typeof budgetBody>;
type Sent = { scope: string; threshold: string }[];

const WEEK_MS = 7 * 86_400_000;

export type BudgetService = ReturnType<typeof createBudgetService>;

export function createBudgetService(deps: { db: Db; clock: Clock; timeZone: string; audit: Audit }) {
  const { db, clock, timeZone, audit } = deps;

  async function toRecord(tx: Tx, b: BudgetRow, month: string, sent: Sent): Promise<BudgetRecord> {
    const spent = await monthSpend(tx, b.orgId, b.projectId, month);
    const scope = budgetScope(b.projectId);
    return {
      id: b.id,
      projectId: b.projectId,
      projectName: b.projectName,
      amount: formatYuan(b.amount),
      spent: formatYuan(spent),
      percent: budgetPercent(b.amount, spent),
      firedThresholds: sent
        .filter((n) => n.scope === scope && n.threshold !== FORECAST_NOTICE)
        .map((n) => Number(n.threshold))
        .sort((a, c) => a - c),
      updatedAt: b.updatedAt.toISOString(),
    };
  }

  async function recordOf(tx: Tx, orgId: string, id: string): Promise<BudgetRecord> {
    const row = await held(tx, orgId, id);
    const month = budgetMonth(clock.now(), timeZone);
    return toRecord(tx, row, month, await noticesSentIn(tx, orgId, month));
  }

  async function held(tx: Tx, orgId: string, id: string): Promise<BudgetRow> {
    const row = await findBudget(tx, orgId, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return row;
  }

  async function overviewOf(tx: Tx, orgId: string): Promise<BudgetOverview> {
    const now = clock.now();
    const month = budgetMonth(now, timeZone);
    const sent = await noticesSentIn(tx, orgId, month);
    const list = [];
    for (const b of await listBudgets(tx, orgId)) list.push(await toRecord(tx, b, month, sent));
    const balance = (await accountBalance(tx, cashAccountId(orgId))) ?? 0n;
    const spentLastWeek = await spendSince(tx, orgId, new Date(now.getTime() - WEEK_MS));
    return {
      month,
      list,
      forecastDays: (await forecastDaysOf(tx, orgId)) ?? DEFAULT_BUDGET_FORECAST_DAYS,
      daysLeft: daysOfBalanceLeft(balance, spentLastWeek),
      forecastFired: sent.some((n) => n.threshold === FORECAST_NOTICE),
    };
  }

  return {
    overview: (ctx: RequestContext) => overviewOf(db, ctx.ownTenant()),

    async create(ctx: RequestContext, body: BudgetBody): Promise<BudgetRecord> {
      const orgId = ctx.ownTenant();
      const amount = parseYuan(body.amount);
      return db.transaction(async (tx) => {
        const project = body.projectId ? await findProject(tx, orgId, body.projectId) : null;
        if (body.projectId && !project) throw new DomainError("BUDGET_PROJECT_UNKNOWN");
        const now = clock.now();
        const inserted = await insertBudget(tx, {
          id: newId(),
          orgId,
          projectId: project?.id ?? null,
          amount,
          createdAt: now,
          updatedAt: now,
        });
        if (!inserted) {
          if (project) throw new DomainError("BUDGET_EXISTS_FOR_PROJECT", { project: project.name });
          throw new DomainError("BUDGET_EXISTS_FOR_TENANT");
        }
        await audit.record(tx, {
          action: "budget.created",
          ...ctx.auditBy,
          target: inserted.id,
          detail: { project: project?.name ?? "—", amount: formatYuan(amount) },
        });
        return recordOf(tx, orgId, inserted.id);
      });
    },

    async update(ctx: RequestContext, id: string, amountText: string): Promise<BudgetRecord> {
      const orgId = ctx.ownTenant();
      const amount = parseYuan(amountText);
      return db.transaction(async (tx) => {
        const before = await held(tx, orgId, id);
        await updateBudgetAmount(tx, id, amount, clock.now());
        await audit.record(tx, {
          action: "budget.updated",
          ...ctx.auditBy,
          target: id,
          detail: {
            project: before.projectName ?? "—",
            amount: { from: formatYuan(before.amount), to: formatYuan(amount) },
          },
        });
        return recordOf(tx, orgId, id);
      });
    },

    async remove(ctx: RequestContext, id: string) {
      const orgId = ctx.ownTenant();
      await db.transaction(async (tx) => {
        const before = await held(tx, orgId, id);
        await deleteBudget(tx, id);
        await audit.record(tx, {
          action: "budget.deleted",
          ...ctx.auditBy,
          target: id,
          detail: { project: before.projectName ?? "—", amount: formatYuan(before.amount) },
        });
      });
      return { ok: true as const };
    },

    async saveSettings(ctx: RequestContext, forecastDays: number): Promise<BudgetOverview> {
      const orgId = ctx.ownTenant();
      return db.transaction(async (tx) => {
        const before = (await forecastDaysOf(tx, orgId)) ?? DEFAULT_BUDGET_FORECAST_DAYS;
        await saveForecastDays(tx, orgId, forecastDays, clock.now());
        await audit.record(tx, {
          action: "budget.settingsChanged",
          ...ctx.auditBy,
          detail: { days: { from: before, to: forecastDays } },
        });
        return overviewOf(tx, orgId);
      });
    },
  };
}
