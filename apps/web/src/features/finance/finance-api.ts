// Cost-centre and operator finance calls (spec §7 "Billing and finance") and their cache keys.
// Amounts are yuan strings throughout; see lib/money.ts.
import type {
  AccountOverview,
  AdjustmentRecord,
  BillRecord,
  CashVoucherRecord,
  ConfigChangeRecord,
  CouponRecord,
  DownloadTask,
  ManualRechargeRecord,
  PaymentFailureRecord,
  RechargeChannel,
  RechargeRecord,
  VoucherIssueOutcome,
  VoucherIssueRecord,
} from "@skyledger/contracts";
import { type EndpointBodyInput, type EndpointResponse, endpoints } from "@skyledger/contracts";
import { api } from "../../lib/api-client";

export type {
  AccountOverview,
  AdjustmentRecord,
  BillRecord,
  CashVoucherRecord,
  ConfigChangeRecord,
  CouponRecord,
  DownloadTask,
  ManualRechargeRecord,
  PaymentFailureRecord,
  RechargeChannel,
  RechargeRecord,
  VoucherIssueOutcome,
  VoucherIssueRecord,
};

type Answer<E> = EndpointResponse<E>;

export type PaySwitch = Answer<typeof endpoints.finance.paymentChannels>;
export const RECHARGE_CHANNELS: readonly RechargeChannel[] = ["sandbox", "alipay", "unionpay"];

export type CycleBill = Answer<typeof endpoints.finance.listCycleBills>[number];
export type VoucherCheck = Answer<typeof endpoints.finance.checkCashVoucher>;
export type VoucherMovement = Answer<typeof endpoints.finance.cashVoucherDeductions>[number];
export type OrgRow = Answer<typeof endpoints.financeOps.listOrgs>["list"][number];
export type AdjustmentOutcome = Answer<typeof endpoints.financeOps.requestAdjustment>;

export const financeKeys = {
  account: ["finance", "account"] as const,
  orgAccount: (orgId: string) => ["finance", "orgAccount", orgId] as const,
  paySwitch: ["finance", "paySwitch"] as const,
  recharge: (rechargeNo: string) => ["finance", "recharge", rechargeNo] as const,
  cycleBills: ["finance", "cycleBills"] as const,
  bill: (billNo: string) => ["finance", "bill", billNo] as const,
  downloads: ["finance", "downloads"] as const,
  voucherMovements: (id: string) => ["finance", "voucherMovements", id] as const,
};

export const fetchAccount = () => api.call(endpoints.finance.account);
export const fetchOrgAccount = (orgId: string) =>
  api.call(endpoints.financeOps.orgAccount, { params: { orgId: orgId } });
export const fetchPaySwitch = () => api.call(endpoints.finance.paymentChannels);
/** Polled while the payment is pending: transient failures stay quiet, the next poll retries. */
export const fetchRecharge = (rechargeNo: string) =>
  api.call(endpoints.finance.topUp, { params: { rechargeNo: rechargeNo }, quiet: true });
export const fetchCycleBills = () => api.call(endpoints.finance.listCycleBills);
export const fetchBill = (billNo: string) =>
  api.call(endpoints.finance.billDetails, { params: { billNo: billNo } });
export const fetchDownloads = () => api.call(endpoints.finance.listDownloads, { quiet: true });
export const fetchVoucherMovements = (id: string) =>
  api.call(endpoints.finance.cashVoucherDeductions, { params: { id: id } });

export const createRecharge = (body: { amount: string; channel: RechargeChannel }, idempotencyKey: string) =>
  api.call(endpoints.finance.startTopUp, { body: body, idempotencyKey });
export const checkVoucher = (code: string) =>
  api.call(endpoints.finance.checkCashVoucher, { body: { code } });
export const redeemVoucher = (code: string, idempotencyKey: string) =>
  api.call(endpoints.finance.redeemCashVoucher, { body: { code }, idempotencyKey });
export const exportBills = (startCycle: string, endCycle: string) =>
  api.call(endpoints.finance.exportBills, { body: { startCycle, endCycle } });
/** The finished export as a file, through the signed client. */
export const downloadFile = (id: string) =>
  api.callDownload(endpoints.finance.downloadFile, { params: { id: id } });

// Operator (BI)
/** Records money received outside the gateways with its evidence; above the threshold it waits. */
export const manualRecharge = (
  body: { orgId: string; amount: string; remark: string; evidenceFileId: string },
  idempotencyKey: string,
) => api.call(endpoints.financeOps.recordManualRecharge, { body: body, idempotencyKey });
/** An uploaded file (the evidence) through the signed client. */
export const fetchEvidence = (id: string) =>
  api.callDownload(endpoints.files.download, { params: { id: id }, quiet: true });
export const issueVouchers = (body: EndpointBodyInput<typeof endpoints.financeOps.issueCashVouchers>) =>
  api.call(endpoints.financeOps.issueCashVouchers, { body: body });
export const decideManualRecharge = (id: string, decision: "approve" | "reject", remark: string) =>
  api.call(
    decision === "approve"
      ? endpoints.financeOps.approveManualRecharge
      : endpoints.financeOps.rejectManualRecharge,
    { params: { id }, body: { remark } },
  );
export const decideVoucherIssue = (id: string, decision: "approve" | "reject", remark: string) =>
  api.call(
    decision === "approve"
      ? endpoints.financeOps.approveVoucherIssue
      : endpoints.financeOps.rejectVoucherIssue,
    { params: { id }, body: { remark } },
  );
export const retryPaymentFailure = (id: string) =>
  api.call(endpoints.financeOps.retryPaymentFailure, { params: { id: id }, body: {} });
// Money-control settings (BA01): proposed by one platform administrator, approved by another.
export const proposeConfigChange = (body: EndpointBodyInput<typeof endpoints.config.proposeChange>) =>
  api.call(endpoints.config.proposeChange, { body });
export const decideConfigChange = (id: string, decision: "approve" | "reject", remark: string) =>
  api.call(decision === "approve" ? endpoints.config.approveChange : endpoints.config.rejectChange, {
    params: { id },
    body: { remark },
  });
export const setCreditLimit = (orgId: string, creditLimit: string) =>
  api.call(endpoints.financeOps.setCreditLimit, { params: { orgId: orgId }, body: { creditLimit } });
export const requestAdjustment = (
  body: { orgId: string; amount: string; reason: string },
  idempotencyKey: string,
) => api.call(endpoints.financeOps.requestAdjustment, { body: body, idempotencyKey });
export const decideAdjustment = (id: string, decision: "approve" | "reject", remark: string) =>
  api.call(
    decision === "approve" ? endpoints.financeOps.approveAdjustment : endpoints.financeOps.rejectAdjustment,
    {
      params: { id },
      body: { remark },
    },
  );
