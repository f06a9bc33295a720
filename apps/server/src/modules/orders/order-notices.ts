// Messages about orders: approvers (platform accounts holding BA07, the code of the approval queue)
// hear of each order waiting for them and of each third-party service to release at the partner,
// the tenant of each result.
import type { OutboxPurpose } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import type { Messaging } from "../../platform/outbox/messaging";
import { platformHoldersOf } from "../iam/iam.repo";
import { contactsOfUser } from "../iam/users.repo";
import type { OrderRow } from "./order-money";
import { organizationName, tenantAdminContacts } from "./order-notices.repo";

const RESULT_TEXT = {
  completed: ["已开通", "is ready"],
  rejected: [
    "未通过审批（已拒绝），费用已全额退回",
    "was refused at approval; the amount paid was refunded in full",
  ],
  returned: [
    "被审批驳回，费用仍为您保留：请查看原因，修改后重新提交或撤回申请（撤回将全额退款）",
    "was returned to you at approval and the amount paid is held: read the reason, then resubmit it or withdraw it (withdrawing refunds it in full)",
  ],
  expired: [
    "被驳回后未在期限内重新提交或撤回，已由系统自动撤回，费用已全额退回（所用优惠券已退还）",
    "was returned to you at approval and neither resubmitted nor withdrawn in time, so it was withdrawn automatically; the amount paid was refunded in full (a coupon used was given back)",
  ],
  failed: ["开通失败，费用已全额退回", "failed; the amount paid was refunded in full"],
  closed: [
    "已被管理员关闭，费用已全额退回",
    "was closed by an administrator; the amount paid was refunded in full",
  ],
} as const;

/** Whoever may act on the approval queue, and no one else. */
const APPROVER_CODE = "BA07";

/**
 * Every notice is queued in `tx`, the transaction of the change it tells of: it exists, and is
 * delivered, exactly when that change commits.
 */
export function createOrderNotices(messaging: Messaging) {
  /** Tells the order's submitter in their centre, and by e-mail and SMS where they have them. */
  async function toSubmitter(tx: Tx, order: OrderRow, purpose: OutboxPurpose, body: string): Promise<void> {
    const user = await contactsOfUser(tx, order.submittedBy);
    if (!user) return;
    const title = `订单 ${order.orderNo} / Order ${order.orderNo}`;
    await messaging.notify(tx, { to: user, type: "order", purpose, title, body, channels: ["email", "sms"] });
  }

  /** Tells every enabled approver (operators holding BA07) but `except`, in the centre and by e-mail. */
  async function toApprovers(
    tx: Tx,
    notice: { purpose: OutboxPurpose; title: string; body: string },
    except?: string,
  ) {
    for (const a of await platformHoldersOf(tx, APPROVER_CODE)) {
      if (a.id === except) continue;
      const to = { userId: a.id, orgId: null, email: a.email, mobile: null };
      await messaging.notify(tx, { to, type: "order", ...notice, channels: ["email"] });
    }
  }

  return {
    /**
     * E-mails every enabled approver with an address: an order waits for approval. `except` is
     * the approver who passed level 1, who may not give the second level too.
     */
    async approvalNeeded(tx: Tx, order: OrderRow, level: 1 | 2, except?: string): Promise<void> {
      await toApprovers(
        tx,
        {
          purpose: "order.approval",
          title: `订单待审批 / Order ${order.orderNo} awaits approval`,
          body:
            `订单 ${order.orderNo}（${order.productNameZh}）等待第${level}级审批。\n` +
            `Order ${order.orderNo} (${order.productNameEn}) awaits level ${level} approval.`,
        },
        except,
      );
    },

    /** E-mails every enabled approver with an address: an approved order waits for manual activation. */
    async activationNeeded(tx: Tx, order: OrderRow): Promise<void> {
      await toApprovers(tx, {
        purpose: "order.activation",
        title: `订单待开通 / Order ${order.orderNo} awaits activation`,
        body:
          `订单 ${order.orderNo}（${order.productNameZh}）已审批通过，等待管理员人工开通或关闭。\n` +
          `Order ${order.orderNo} (${order.productNameEn}) is approved and awaits manual activation or closing.`,
      });
    },

    /**
     * E-mails every enabled approver with an address: a third-party service was unsubscribed or
     * released on our side, so an operator releases it at the partner, found by its reference.
     */
    async thirdPartyRelease(
      tx: Tx,
      r: { orgId: string; name: string; externalRef: string | null },
      orderNo: string | null,
    ): Promise<void> {
      const orgName = (await organizationName(tx, r.orgId)) ?? r.orgId;
      const ref = r.externalRef ?? "-";
      const by = orderNo ? `（订单 ${orderNo}）` : "";
      const byEn = orderNo ? ` (order ${orderNo})` : "";
      await toApprovers(tx, {
        purpose: "order.thirdPartyRelease",
        title: `请释放第三方实例 / Release third-party instance ${ref}`,
        body:
          `${orgName} 的第三方服务 ${r.name} 已退订或释放${by}，请在第三方云释放实例 ${ref}。
` +
          `The third-party service ${r.name} of ${orgName} was unsubscribed or released${byEn}; release instance ${ref} at the partner's cloud.`,
      });
    },

    /** Tells the submitter how the order ended. */
    async result(
      tx: Tx,
      order: OrderRow,
      outcome: keyof typeof RESULT_TEXT,
      reason?: string | null,
    ): Promise<void> {
      const [zh, en] = RESULT_TEXT[outcome];
      const why = reason ? `\n原因：${reason}\nReason: ${reason}` : "";
      const body = `您的订单 ${order.orderNo}（${order.productNameZh}）${zh}。\nYour order ${order.orderNo} (${order.productNameEn}) ${en}.${why}`;
      await toSubmitter(tx, order, `order.${outcome}`, body);
    },

    /**
     * Tells the submitter that an operator closed what the order made while it ran (a dedicated
     * pool): the reason and the refund of the unused prepaid part.
     */
    async closedWhileRunning(tx: Tx, order: OrderRow, reason: string, refund: string): Promise<void> {
      const body =
        `您的订单 ${order.orderNo}（${order.productNameZh}）开通的资源已被管理员关闭，节点已收回，未使用部分按退订规则退款 ${refund} 元。\n原因：${reason}\n` +
        `What your order ${order.orderNo} (${order.productNameEn}) made was closed by an administrator: its nodes were returned and the unused part refunded by the unsubscribe rules, ${refund} yuan.\nReason: ${reason}`;
      await toSubmitter(tx, order, "order.closedWhileRunning", body);
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
    "按需计费的费用已超出账户余额和信用额度，超出部分计为欠费，请充值结清，否则资源将于 {date} 被冻结",
    "used more than the account's money and credit: the hours beyond are owed (in arrears); top up to settle them or it is frozen on {date}",
  ],
  frozen: [
    "已冻结，将于 {date} 释放，续订或充值后可恢复",
    "is frozen and will be released on {date}; renew or top up to keep it",
  ],
  released: ["已释放", "has been released"],
} as const;
export type LifecycleStage = keyof typeof LIFECYCLE_TEXT;

export function createLifecycleNotices(messaging: Messaging) {
  return async function notify(
    tx: Tx,
    r: { orgId: string; name: string },
    stage: LifecycleStage,
    date: Date | null,
    timeZone: string,
  ): Promise<void> {
    const admins = await tenantAdminContacts(tx, r.orgId);
    const day = date ? date.toLocaleString("sv-SE", { timeZone }).slice(0, 16) : "";
    const [zh, en] = LIFECYCLE_TEXT[stage].map((t) => t.replace("{date}", day));
    const body = `资源 ${r.name} ${zh}。\nResource ${r.name} ${en}.`;
    const purpose = `resource.${stage}` as const;
    for (const a of admins) {
      await messaging.notify(tx, {
        to: a,
        type: "resource",
        purpose,
        title: r.name,
        body,
        channels: ["email", "sms"],
      });
    }
  };
}
export type LifecycleNotify = ReturnType<typeof createLifecycleNotices>;
