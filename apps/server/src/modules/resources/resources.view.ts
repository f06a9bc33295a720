// Resources as the API shows them (contracts' ResourceRecord and ResourceDetail).
import { applyDiscount, discountFromHundredths, formatYuan, NO_DISCOUNT } from "@skyledger/billing";
import {
  isMachine,
  type Locale,
  type OpsResourceRecord,
  RESOURCE_STATUS_NAMES,
  type ResourceRecord,
} from "@skyledger/contracts";
import { summaryOf } from "./resource-spec";
import type { resources } from "./resources.schema";

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceListRow = {
  r: ResourceRow;
  projectName: string | null;
  productNameZh: string | null;
  productNameEn: string | null;
  attachedToName: string | null;
  /** A host's bound elastic IP's address. */
  boundIp: string | null;
};

/** The monthly price after the contract discount. */
export function discountedMonthly(r: Pick<ResourceRow, "monthlyPrice" | "discountHundredths">): bigint {
  const discount = r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths);
  return applyDiscount(r.monthlyPrice, discount);
}

export function toResourceRecord(row: ResourceListRow, locale: Locale): ResourceRecord {
  const { r } = row;
  const names = RESOURCE_STATUS_NAMES[r.status];
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    productCode: r.productCode,
    productName: locale === "zh-CN" ? row.productNameZh : row.productNameEn,
    status: r.status,
    statusName: locale === "zh-CN" ? names.zh : names.en,
    statusInfo: r.statusInfo,
    manageStatus: r.manageStatus,
    dockerStatus: r.dockerStatus,
    monitorStatus: r.monitorStatus,
    taskStatus: r.taskStatus,
    cloudEnvType: r.cloudEnvType,
    summary: summaryOf(r.kind, r.spec),
    spec: r.spec as Record<string, unknown>,
    projectId: r.projectId,
    projectName: row.projectName,
    attachedTo: r.attachedTo,
    attachedToName: row.attachedToName,
    privateIp: isMachine(r.kind) ? r.ipAddress : null,
    publicIp: r.kind === "elasticIp" ? r.ipAddress : r.kind === "host" ? row.boundIp : null,
    paymentType: r.paymentType,
    periodMonths: r.periodMonths,
    monthlyPrice: formatYuan(discountedMonthly(r)),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    autoRenew: r.autoRenew,
    orderId: r.orderId,
    hasErrorLog: r.errorLog !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A row of the operators' list: the resource and the name of the tenant it belongs to. */
export function toOpsResourceRecord(
  row: ResourceListRow & { orgName: string | null },
  locale: Locale,
): OpsResourceRecord {
  return { ...toResourceRecord(row, locale), orgId: row.r.orgId, orgName: row.orgName };
}
