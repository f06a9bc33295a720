// Orders as the API shows them (contracts' OrderRecord and OrderDetail).
import { formatYuan } from "@skyledger/billing";
import type { Locale, OrderDetail, OrderRecord, ResourceKind } from "@skyledger/contracts";
import { fromJsonAllocations, moneyPaid } from "../finance/order-charge";
import { isAwaitingActivation } from "./approvals/awaiting-activation";
import type { OrderRow } from "./order-money";
import type { orderEvents } from "./orders.schema";
import { SYSTEM_SUBMITTER } from "./system-submitter";

export type OrderListRow = { o: OrderRow; submitter: string | null; orgName: string | null };

export function toOrderRecord(row: OrderListRow, locale: Locale): OrderRecord {
  const { o } = row;
  return {
    id: o.id,
    orderNo: o.orderNo,
    type: o.type,
    status: o.status,
    approvalLevel: o.approvalLevel,
    approvalFlow: o.approvalFlow,
    name: o.request.name,
    manualActivation: o.manualActivation,
    awaitingActivation: isAwaitingActivation(o),
    submitter: row.submitter ?? "",
    submittedBySystem: o.submittedBy === SYSTEM_SUBMITTER,
    orgName: row.orgName ?? "",
    productCode: o.productCode,
    productName: locale === "zh-CN" ? o.productNameZh : o.productNameEn,
    paymentType: o.paymentType,
    periodMonths: o.periodMonths,
    quantity: o.quantity,
    originalAmount: formatYuan(o.originalAmount),
    amount: formatYuan(o.amount),
    couponDeduction: formatYuan(o.couponDeduction),
    paidAmount: formatYuan(moneyPaid(fromJsonAllocations(o.paid))),
    refunded: formatYuan(o.refunded),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toOrderDetail(
  row: OrderListRow,
  locale: Locale,
  events: { e: typeof orderEvents.$inferSelect; actor: string | null }[],
  instances: { id: string; name: string; kind: ResourceKind }[],
  returnDeadline: Date | null,
): OrderDetail {
  return {
    ...toOrderRecord(row, locale),
    spec: row.o.request.spec,
    resourceIds: instances.map((r) => r.id),
    resources: instances,
    errorLog: row.o.errorLog,
    events: events.map(({ e, actor }) => ({
      at: e.at.toISOString(),
      actor,
      action: e.action,
      level: e.level,
      detail: e.detail,
    })),
    returnDeadline: returnDeadline?.toISOString() ?? null,
  };
}
