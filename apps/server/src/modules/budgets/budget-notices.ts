// What the organisation's administrators are told about budgets: a threshold of a budget reached
// this month, or the balance running out within the chosen number of days. One message in each
// administrator's centre with its e-mail and SMS (as the organisation's `budget` preferences allow),
// in both languages like the other lifecycle notices, queued in the transaction that records the
// notice as sent so that it exists exactly when that record does.
import { type BudgetThreshold, formatYuan } from "@skyledger/billing";
import type { OutboxPurpose } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import type { Messaging } from "../../platform/outbox/messaging";
import { tenantAdminContacts } from "../orders/order-notices.repo";

export type ThresholdNotice = {
  orgId: string;
  /** Null: the organisation's budget. */
  projectName: string | null;
  month: string;
  threshold: BudgetThreshold;
  amount: bigint;
  spent: bigint;
};

export type ForecastNotice = { orgId: string; daysLeft: number; balance: bigint };

const yuan = (m: bigint) => `¥${formatYuan(m).replace(/(\.\d\d)\d*$/, "$1")}`;

async function tellAdmins(
  messaging: Messaging,
  tx: Tx,
  orgId: string,
  purpose: OutboxPurpose,
  title: string,
  body: string,
) {
  for (const admin of await tenantAdminContacts(tx, orgId)) {
    await messaging.notify(tx, {
      to: admin,
      type: "budget",
      purpose,
      title,
      body,
      channels: ["email", "sms"],
    });
  }
}

export function createBudgetNotices(messaging: Messaging) {
  return {
    async threshold(tx: Tx, n: ThresholdNotice): Promise<void> {
      const zhScope = n.projectName === null ? "租户" : `项目“${n.projectName}”`;
      const enScope = n.projectName === null ? "The organisation" : `Project ${n.projectName}`;
      const figures = `${yuan(n.spent)} / ${yuan(n.amount)}`;
      const title = `【Skyledger】预算提醒：${zhScope}本月支出已达预算的${n.threshold}% Budget alert: ${n.threshold} % of the budget spent`;
      const body =
        `${zhScope} ${n.month} 月的支出已达月度预算的 ${n.threshold}%（${figures}）。\n` +
        `${enScope} has spent ${n.threshold} % of its monthly budget for ${n.month} (${figures}).`;
      await tellAdmins(messaging, tx, n.orgId, `budget.threshold${n.threshold}`, title, body);
    },

    async forecast(tx: Tx, n: ForecastNotice): Promise<void> {
      const title = `【Skyledger】余额预警：预计 ${n.daysLeft} 天内用完 Balance alert: it runs out within ${n.daysLeft} days`;
      const body =
        `按最近 7 天的平均日支出，账户余额 ${yuan(n.balance)} 预计 ${n.daysLeft} 天内用完，请及时充值。\n` +
        `At the average daily spend of the last 7 days, the balance of ${yuan(n.balance)} runs out within ${n.daysLeft} days: top up in time.`;
      await tellAdmins(messaging, tx, n.orgId, "budget.forecast", title, body);
    },
  };
}
export type BudgetNotices = ReturnType<typeof createBudgetNotices>;
