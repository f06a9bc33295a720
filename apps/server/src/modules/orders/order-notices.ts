// Messages about orders: approvers hear of each order waiting for them, the tenant of each result.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { ROLE } from "../iam/iam.repo";
import { users } from "../iam/iam.schema";
import type { Messaging } from "../messaging/messaging.service";
import type { OrderRow } from "./order-money";

const RESULT_TEXT = {
  completed: ["已开通", "is ready"],
  rejected: ["未通过审批", "was rejected"],
  failed: ["开通失败，费用已全额退回", "failed; the amount paid was refunded in full"],
} as const;

export function createOrderNotices(db: Db, messaging: Messaging) {
  return {
    /** E-mails every enabled platform operator with an address: an order waits for approval. */
    async approvalNeeded(order: OrderRow, level: 1 | 2): Promise<void> {
      const approvers = await db
        .select({ email: users.email })
        .from(users)
        .where(and(isNull(users.orgId), eq(users.status, "enabled"), isNotNull(users.email)));
      for (const a of approvers) {
        await messaging.sendEmail({
          recipient: a.email!,
          purpose: "order.approval",
          subject: `【Skyledger】订单待审批 / Order ${order.orderNo} awaits approval`,
          body:
            `订单 ${order.orderNo}（${order.productNameZh}）等待第${level}级审批。\n` +
            `Order ${order.orderNo} (${order.productNameEn}) awaits level ${level} approval.`,
        });
      }
    },

    /** Tells the submitter how the order ended. */
    async result(order: OrderRow, outcome: keyof typeof RESULT_TEXT, reason?: string | null): Promise<void> {
      const [user] = await db
        .select({ email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.id, order.submittedBy));
      const [zh, en] = RESULT_TEXT[outcome];
      const why = reason ? `\n原因：${reason}\nReason: ${reason}` : "";
      const body = `您的订单 ${order.orderNo}（${order.productNameZh}）${zh}。\nYour order ${order.orderNo} (${order.productNameEn}) ${en}.${why}`;
      const purpose = `order.${outcome}`;
      if (user?.email) {
        await messaging.sendEmail({
          recipient: user.email,
          purpose,
          subject: `【Skyledger】订单 ${order.orderNo} / Order ${order.orderNo}`,
          body,
        });
      }
      if (user?.mobile) await messaging.sendSms({ recipient: user.mobile, purpose, body });
    },
  };
}
export type OrderNotices = ReturnType<typeof createOrderNotices>;

/** Lifecycle messages about one resource, sent to the organisation's administrator. */
export const LIFECYCLE_TEXT = {
  expiring: [
    "将于 {date} 到期，请及时续订，到期后将被冻结",
    "expires on {date}; renew it in time, it is frozen when it expires",
  ],
  autoRenewFailed: [
    "自动续订失败：余额不足，请充值，资源将于 {date} 到期",
    "could not be renewed automatically for lack of money; top up, it expires on {date}",
  ],
  arrears: [
    "按需计费扣费失败，账户已欠费，请充值，否则资源将于 {date} 被冻结",
    "could not be charged: the account is in arrears; top up or it is frozen on {date}",
  ],
  frozen: [
    "已冻结，将于 {date} 释放，续订或充值后可恢复",
    "is frozen and will be released on {date}; renew or top up to keep it",
  ],
  released: ["已释放", "has been released"],
} as const;
export type LifecycleStage = keyof typeof LIFECYCLE_TEXT;

export function createLifecycleNotices(db: Db, messaging: Messaging) {
  return async function notify(
    r: { orgId: string; name: string },
    stage: LifecycleStage,
    date: Date | null,
    timeZone: string,
  ): Promise<void> {
    const admins = await db
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .where(and(eq(users.orgId, r.orgId), eq(users.roleId, ROLE.tenantAdmin), eq(users.status, "enabled")));
    const day = date ? date.toLocaleString("sv-SE", { timeZone }).slice(0, 16) : "";
    const [zh, en] = LIFECYCLE_TEXT[stage].map((t) => t.replace("{date}", day));
    const body = `资源 ${r.name} ${zh}。\nResource ${r.name} ${en}.`;
    const purpose = `resource.${stage}`;
    for (const a of admins) {
      if (a.email) {
        await messaging.sendEmail({ recipient: a.email, purpose, subject: `【Skyledger】${r.name}`, body });
      }
      if (a.mobile) await messaging.sendSms({ recipient: a.mobile, purpose, body });
    }
  };
}
export type LifecycleNotify = ReturnType<typeof createLifecycleNotices>;
