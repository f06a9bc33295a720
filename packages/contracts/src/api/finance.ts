import { z } from "zod";

/** Yuan amounts travel as decimal strings with at most 5 decimals ("12.30000"), never as floats. */
export const yuan = z
  .string()
  .trim()
  .regex(/^-?\d{1,13}(\.\d{1,5})?$/, "validation.amount");
export const positiveYuan = yuan.refine(
  (s) => !s.startsWith("-") && /[1-9]/.test(s),
  "validation.amountPositive",
);

export const accountOverview = z.object({
  orgId: z.string(),
  balance: z.string(),
  creditLimit: z.string(),
  creditUsed: z.string(),
  availableCredit: z.string(),
  arrears: z.string(),
  deductionVoucherBalance: z.string(),
  topupVoucherBalance: z.string(),
  availableToSpend: z.string(),
});
export type AccountOverview = z.infer<typeof accountOverview>;

export const rechargeChannel = z.enum(["sandbox", "alipay", "unionpay"]);
export type RechargeChannel = z.infer<typeof rechargeChannel>;

/** Alipay and UnionPay charge whole fen: nothing but zeros after the second decimal. */
export const wholeFenYuan = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2}0{0,3})?$/, "validation.amountFen");

export const rechargeCreate = z
  .object({ amount: positiveYuan, channel: rechargeChannel })
  .superRefine((value, ctx) => {
    if (value.channel !== "sandbox" && !wholeFenYuan.safeParse(value.amount).success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.amountFen" });
    }
  });
export const rechargeRecord = z.object({
  rechargeNo: z.string(),
  channel: z.enum(["sandbox", "alipay", "unionpay", "manual"]),
  amount: z.string(),
  status: z.enum(["pending", "success", "failed", "expired"]),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Where to send the payer while the top-up is pending: a gateway page or Alipay's signed URL. */
  payUrl: z.string().nullable(),
  /** UnionPay's signed form (the page at payUrl posts it; API clients may post it themselves). */
  payForm: z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }).nullable(),
});
export type RechargeRecord = z.infer<typeof rechargeRecord>;

export const paySwitch = z.object({ sandbox: z.boolean(), alipay: z.boolean(), unionpay: z.boolean() });

/**
 * What a journal entry says of itself, as a key the reader's language renders with the entry's
 * parameters (the console's `finance.memo.<key>` texts); an operator's own remark is kept as typed.
 */
export const LEDGER_MEMO_KEYS = [
  "orderCharged",
  "orderClosed",
  "orderExpired",
  "orderWithdrawn",
  "orderRejected",
  "provisioningFailed",
  "topUpSandbox",
  "topUpAlipay",
  "topUpUnionpay",
  "voucherDeduction",
  "voucherTopup",
  "arrearsSettled",
  "renewal",
  "configurationChange",
  "overdueDays",
  "unsubscribe",
  "postpaidHours",
  "postpaidHoursWithPackages",
  "postpaidHoursBatch",
  "hpcJobs",
  "obsUsage",
  "packagePurchase",
  "packageRenewal",
  "contractCreditWithdrawn",
] as const;
export const ledgerMemoKey = z.enum(LEDGER_MEMO_KEYS);
export type LedgerMemoKey = z.infer<typeof ledgerMemoKey>;

export const dealRecord = z.object({
  id: z.string(),
  entryId: z.string(),
  time: z.string(),
  type: z.string(),
  account: z.enum(["cash", "credit", "arrears", "voucher"]),
  amount: z.string(),
  balanceAfter: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  /** An operator's remark as typed (a manual recharge, an adjustment); null when the entry has a key. */
  memo: z.string().nullable(),
  memoKey: ledgerMemoKey.nullable(),
  memoParams: z.record(z.string(), z.string()).nullable(),
});
export type DealRecord = z.infer<typeof dealRecord>;

export const cashVoucherKind = z.enum(["deduction", "topup"]);
export const cashVoucherRecord = z.object({
  id: z.string(),
  code: z.string(),
  kind: cashVoucherKind,
  faceValue: z.string(),
  balance: z.string(),
  status: z.enum(["undistributed", "available", "used", "expired", "voided"]),
  validFrom: z.string(),
  validUntil: z.string(),
  receivedAt: z.string().nullable(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  batchNo: z.string(),
  remark: z.string(),
});
export type CashVoucherRecord = z.infer<typeof cashVoucherRecord>;

export const voucherCode = z.object({ code: z.string().trim().min(4, "validation.required").max(64) });

export const voucherIssue = z
  .object({
    kind: cashVoucherKind,
    faceValue: positiveYuan,
    count: z.number().int().min(1, "validation.quantity").max(500, "validation.quantityMax"),
    validFrom: z.string().datetime({ offset: true }),
    validUntil: z.string().datetime({ offset: true }),
    orgId: z.string().optional(),
    remark: z.string().trim().max(256, "validation.descriptionLength").default(""),
  })
  .refine((v) => new Date(v.validUntil) > new Date(v.validFrom), {
    message: "validation.dateOrder",
    path: ["validUntil"],
  });
export type VoucherIssue = z.output<typeof voucherIssue>;

export const couponStatus = z.enum(["undistribute", "valid", "used", "expired", "voided", "inactive"]);
export const couponRecord = z.object({
  id: z.string(),
  couponNo: z.string(),
  name: z.string(),
  benefitKind: z.enum(["value", "discount"]),
  value: z.string(),
  discount: z.string(),
  threshold: z.string(),
  applicableProducts: z.array(z.string()),
  applicablePaymentTypes: z.array(z.string()),
  validFrom: z.string(),
  validUntil: z.string(),
  status: couponStatus,
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  distributedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  usedOrderNo: z.string().nullable(),
  batchNo: z.string(),
});
export type CouponRecord = z.infer<typeof couponRecord>;

export const couponIssue = z
  .object({
    name: z.string().trim().min(2, "validation.nameLength").max(64, "validation.nameLength"),
    benefitKind: z.enum(["value", "discount"]),
    value: positiveYuan.optional(),
    discount: z
      .string()
      .regex(/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/, "validation.discount")
      .optional(),
    threshold: yuan.default("0"),
    applicableProducts: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    applicablePaymentTypes: z
      .array(z.enum(["prepaid", "postpaid"]))
      .min(1)
      .default(["prepaid", "postpaid"]),
    validFrom: z.string().datetime({ offset: true }),
    validUntil: z.string().datetime({ offset: true }),
    count: z.number().int().min(1, "validation.quantity").max(500, "validation.quantityMax"),
    orgId: z.string().optional(),
  })
  .refine((c) => new Date(c.validUntil) > new Date(c.validFrom), {
    message: "validation.dateOrder",
    path: ["validUntil"],
  })
  .refine((c) => (c.benefitKind === "value" ? !!c.value : !!c.discount), {
    message: "validation.required",
    path: ["value"],
  });
export type CouponIssue = z.output<typeof couponIssue>;

export const adjustmentCreate = z.object({
  orgId: z.string().min(1),
  amount: yuan.refine((s) => /[1-9]/.test(s), "validation.amountPositive"),
  reason: z.string().trim().min(2, "validation.reason").max(256, "validation.reason"),
});
export const adjustmentDecision = z.object({ remark: z.string().trim().max(256).default("") });
export const adjustmentRecord = z.object({
  id: z.string(),
  /** The number people read and quote (ADJ…); the id stays for the API's paths. */
  adjustmentNo: z.string(),
  orgId: z.string(),
  orgName: z.string().nullable(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(["pending_approval", "applied", "rejected"]),
  requestedBy: z.string(),
  requestedByAccount: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByAccount: z.string().nullable(),
  decisionRemark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdjustmentRecord = z.infer<typeof adjustmentRecord>;

export const creditLimitUpdate = z.object({
  creditLimit: yuan.refine((s) => !s.startsWith("-"), "validation.amount"),
});

export const billRecord = z.object({
  billNo: z.string(),
  billingCycle: z.string(),
  type: z.enum(["charge", "refund", "adjustment"]),
  productCode: z.string(),
  productName: z.string(),
  orgId: z.string(),
  orgName: z.string().nullable(),
  orderNo: z.string().nullable(),
  chargeType: z.enum(["prepaid", "postpaid", "none"]),
  originalAmount: z.string(),
  discountAmount: z.string(),
  /** The contract discount's part of discountAmount (docs/billing/contracts.md). */
  contractDiscount: z.string(),
  couponDeduction: z.string(),
  actualAmount: z.string(),
  cashAmount: z.string(),
  creditAmount: z.string(),
  voucherAmount: z.string(),
  arrearsAmount: z.string(),
  refundAmount: z.string(),
  adjustmentAmount: z.string(),
  usageStart: z.string().nullable(),
  usageEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type BillRecord = z.infer<typeof billRecord>;

export const billCycle = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "validation.billingCycle");

export const billQuery = z.object({
  billingCycle: billCycle.optional(),
  type: z.enum(["charge", "refund", "adjustment"]).optional(),
  orderNo: z.string().trim().max(64).optional(),
  orgId: z.string().optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const cycleBill = z.object({
  billingCycle: z.string(),
  count: z.number().int(),
  originalAmount: z.string(),
  discountAmount: z.string(),
  /** The contract discount's part of discountAmount (docs/billing/contracts.md). */
  contractDiscount: z.string(),
  couponDeduction: z.string(),
  actualAmount: z.string(),
  cashAmount: z.string(),
  creditAmount: z.string(),
  voucherAmount: z.string(),
  arrearsAmount: z.string(),
  refundAmount: z.string(),
  adjustmentAmount: z.string(),
});

export type CycleBill = z.infer<typeof cycleBill>;

export const billExport = z
  .object({ startCycle: billCycle, endCycle: billCycle })
  .refine((v) => v.endCycle >= v.startCycle, { message: "validation.dateOrder", path: ["endCycle"] });

export const downloadTask = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(["generating", "succeeded", "failed"]),
  progress: z.number().int(),
  rows: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DownloadTask = z.infer<typeof downloadTask>;

/** A four-eyes request's state: applied at once (within the threshold), waiting, or decided. */
export const fourEyesStatus = z.enum(["pending_approval", "applied", "rejected"]);
export type FourEyesStatus = z.infer<typeof fourEyesStatus>;
export const fourEyesDecision = z.object({
  remark: z.string().trim().max(256, "validation.reason").default(""),
});

/** Who asked and who decided, by account name, on every four-eyes record. */
const decided = {
  status: fourEyesStatus,
  requestedBy: z.string(),
  requestedByAccount: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByAccount: z.string().nullable(),
  decisionRemark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
};

/** Money a tenant paid outside the gateways: the operator attaches the evidence (e.g. the bank slip). */
export const manualRechargeCreate = z.object({
  orgId: z.string().min(1).max(64),
  amount: positiveYuan,
  remark: z.string().trim().min(2, "validation.reason").max(256, "validation.reason"),
  /** An uploaded file of purpose `rechargeEvidence`; missing, it is refused with a clear message. */
  evidenceFileId: z.string().trim().max(64).optional(),
});
export const manualRechargeRecord = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string().nullable(),
  amount: z.string(),
  remark: z.string(),
  evidenceFileId: z.string(),
  evidenceName: z.string().nullable(),
  evidenceContentType: z.string().nullable(),
  /** The top-up record once the money moved. */
  rechargeNo: z.string().nullable(),
  ...decided,
});
export type ManualRechargeRecord = z.infer<typeof manualRechargeRecord>;

export const voucherIssueRecord = z.object({
  id: z.string(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  kind: cashVoucherKind,
  faceValue: z.string(),
  count: z.number().int(),
  /** Face value × count: what the issue gives away, counted against the four-eyes threshold. */
  total: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  remark: z.string(),
  /** The vouchers' batch once issued. */
  batchNo: z.string().nullable(),
  ...decided,
});
export type VoucherIssueRecord = z.infer<typeof voucherIssueRecord>;

/** The answer to an issue: the vouchers at once, or none while a second operator must approve. */
export const voucherIssueOutcome = z.object({
  request: voucherIssueRecord,
  vouchers: z.array(cashVoucherRecord),
});
export type VoucherIssueOutcome = z.infer<typeof voucherIssueOutcome>;

/** The configured maxima of every money input (and, for operators, the four-eyes threshold). */
export const moneyLimits = z.object({
  topup: z.string(),
  manualRecharge: z.string(),
  adjustment: z.string(),
  voucherFaceValue: z.string(),
  creditLimit: z.string(),
  couponValue: z.string(),
  /** Operators only (null for tenants): above this, per operator and tenant over 24 hours, a second operator approves. */
  approvalThreshold: z.string().nullable(),
});
export type MoneyLimits = z.infer<typeof moneyLimits>;

/** A verified gateway notification whose money could not be credited: shown to operators, retried by them. */
export const paymentFailureStatus = z.enum(["open", "resolved"]);
export const paymentFailureRecord = z.object({
  id: z.string(),
  channel: z.enum(["sandbox", "alipay", "unionpay"]),
  rechargeNo: z.string(),
  tradeNo: z.string(),
  amount: z.string(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  /** amount_mismatch, not_creditable, unknown_order or apply_error. */
  reason: z.string(),
  detail: z.string().nullable(),
  status: paymentFailureStatus,
  attempts: z.number().int(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByAccount: z.string().nullable(),
});
export type PaymentFailureRecord = z.infer<typeof paymentFailureRecord>;
