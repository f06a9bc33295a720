// Messages about orders: approvers hear of each order waiting for them, the tenant of each result.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
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
