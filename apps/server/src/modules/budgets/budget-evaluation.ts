// The lifecycle step's part for budgets: for every budget, the thresholds this month's spend has
// reached that were not yet notified, and for every organisation that has budgets, whether the
// balance runs out within its chosen days. Idempotent: a notice goes out only from the transaction
// whose insert of its (organisation, scope, month, threshold) row won, so re-running the step, or
// two instances running it at once, sends nothing twice; a new month has no rows and fires again.
import { type BudgetThreshold, budgetThresholdsCrossed, daysOfBalanceLeft } from "@skyledger/billing";
import { DEFAULT_BUDGET_FORECAST_DAYS } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { accountBalance } from "../ledger/ledger.repo";
import { cashAccountId } from "../ledger/ledger.service";
import { budgetMonth, budgetScope, FORECAST_NOTICE } from "./budget-month";
import type { BudgetNotices } from "./budget-notices";
import {
  type BudgetRow,
  everyBudget,
  monthSpend,
  noticesSentIn,
  orgsWatchingForecast,
  recordNoticeSent,
  spendSince,
} from "./budgets.repo";

const WEEK_MS = 7 * 86_400_000;

export function createBudgetEvaluation(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  notices: BudgetNotices;
}) {
  const { db, clock, timeZone, notices } = deps;

  async function evaluateBudget(b: BudgetRow, month: string, at: Date) {
    const scope = budgetScope(b.projectId);
    const spent = await monthSpend(db, b.orgId, b.projectId, month);
    const sent = (await noticesSentIn(db, b.orgId, month))
      .filter((n) => n.scope === scope)
      .map((n) => Number(n.threshold));
    const crossed = budgetThresholdsCrossed(b.amount, spent, sent);
    if (crossed.length === 0) return;
    await db.transaction(async (tx) => {
      const won: BudgetThreshold[] = [];
      for (const threshold of crossed) {
        const row = { orgId: b.orgId, scope, month, threshold: String(threshold), sentAt: at };
        if (await recordNoticeSent(tx, row)) won.push(threshold);
      }
      // Spend that jumps past several thresholds at once is told once, by the highest of them.
      const highest = won.at(-1);
      if (highest === undefined) return;
      await notices.threshold(tx, {
        orgId: b.orgId,
        projectName: b.projectName,
        month,
        threshold: highest,
        amount: b.amount,
        spent,
      });
    });
  }

  async function evaluateForecast(orgId: string, days: number, month: string, at: Date) {
    const spentLastWeek = await spendSince(db, orgId, new Date(at.getTime() - WEEK_MS));
    const balance = (await accountBalance(db, cashAccountId(orgId))) ?? 0n;
    const daysLeft = daysOfBalanceLeft(balance, spentLastWeek);
    if (daysLeft === null || daysLeft > days) return;
    await db.transaction(async (tx) => {
      const row = { orgId, scope: budgetScope(null), month, threshold: FORECAST_NOTICE, sentAt: at };
      if (await recordNoticeSent(tx, row)) await notices.forecast(tx, { orgId, daysLeft, balance });
    });
  }

  return {
    async run(): Promise<void> {
      const at = clock.now();
      const month = budgetMonth(at, timeZone);
      for (const b of await everyBudget(db)) await evaluateBudget(b, month, at);
      for (const o of await orgsWatchingForecast(db))
        await evaluateForecast(o.orgId, o.days ?? DEFAULT_BUDGET_FORECAST_DAYS, month, at);
    },
  };
}
