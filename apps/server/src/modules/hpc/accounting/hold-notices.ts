// What the tenant is told when a pool's new jobs are held (arrears, packages used up) and lifted,
// sent to the organisation's administrators like the lifecycle's other notices. Each is queued in
// the transaction that moves the pool's held reason, so it exists exactly when the move does.
import type { Tx } from "../../../platform/db/client";
import type { Messaging } from "../../../platform/outbox/messaging";
import { tenantAdminContacts } from "../../orders/order-notices.repo";

const HOLD_TEXT = {
  held: [
    "：所属账户已欠费，集群已暂停接受新作业（运行中的作业继续运行并计费）。请充值结清欠费，否则资源池将于 {date} 被冻结，运行中的作业将被取消",
    "your account is in arrears, so the cluster accepts no new jobs (running jobs go on and are charged). Top up to settle the debt, or the pool is frozen on {date} and its running jobs are cancelled",
  ],
  lifted: [
    " 的欠费已结清，集群已恢复接受新作业",
    "the debt is settled and the cluster accepts new jobs again",
  ],
  packageHeld: [
    "：预付核时（卡时）资源包已用完，集群已暂停接受新作业（已提交的作业继续运行，超出资源包的用量按量计费）。请购买资源包后继续使用",
    "its prepaid core-hour (GPU-hour) packages are used up, so the cluster accepts no new jobs (submitted jobs go on, and use beyond the packages is charged by the hour). Buy a package to go on",
  ],
  packageLifted: [
    " 已有可用的资源包，集群已恢复接受新作业",
    "a package is available again and the cluster accepts new jobs",
  ],
} as const;

export type HoldNotice = keyof typeof HOLD_TEXT;

export function createHoldNotices(messaging: Messaging, timeZone: string) {
  return async function tell(
    tx: Tx,
    pool: { orgId: string; name: string },
    notice: HoldNotice,
    date: Date | null,
  ): Promise<void> {
    const day = date ? date.toLocaleString("sv-SE", { timeZone }).slice(0, 16) : "";
    const [zh, en] = HOLD_TEXT[notice].map((t) => t.replace("{date}", day));
    const body = `资源池 ${pool.name}${zh}。\nPool ${pool.name}: ${en}.`;
    const purpose = `hpc.pool.${notice}` as const;
    for (const a of await tenantAdminContacts(tx, pool.orgId)) {
      await messaging.notify(tx, {
        to: a,
        type: "billing",
        purpose,
        title: pool.name,
        body,
        channels: ["email", "sms"],
      });
    }
  };
}
export type HoldNotify = ReturnType<typeof createHoldNotices>;
