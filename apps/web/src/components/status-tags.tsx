// Status tags, one colour map per status vocabulary of packages/contracts, each keyed by that
// vocabulary so a new status cannot be added without its colour. Resources and orders follow spec §4;
// coupons the colour map of spec §4: the five statuses coupons take (inactive, used, valid, expired,
// voided) and the others the map also knows.
import type {
  AdjustmentRecord,
  CashVoucherRecord,
  DownloadTask,
  OrderStatus,
  PaymentFailureRecord,
  RechargeRecord,
  ResourceStatus,
} from "@skyledger/contracts";
import { Select, Tag } from "antd";
import { useTranslation } from "react-i18next";

export const COUPON_STATUS_COLORS: Record<string, string> = {
  valid: "success",
  available: "success",
  unused: "processing",
  inactive: "warning",
  undistribute: "default",
  used: "blue",
  expired: "default",
  voided: "error",
  invalid: "error",
  unavailable: "error",
};

export const VOUCHER_STATUS_COLORS: Record<CashVoucherRecord["status"], string> = {
  undistributed: "default",
  available: "success",
  used: "blue",
  expired: "default",
  voided: "error",
};

export const RECHARGE_STATUS_COLORS: Record<RechargeRecord["status"], string> = {
  pending: "processing",
  success: "success",
  failed: "error",
  expired: "default",
};

export const ADJUSTMENT_STATUS_COLORS: Record<AdjustmentRecord["status"], string> = {
  pending_approval: "warning",
  applied: "success",
  rejected: "error",
};

export const PAYMENT_FAILURE_STATUS_COLORS: Record<PaymentFailureRecord["status"], string> = {
  open: "error",
  resolved: "success",
};

export const DOWNLOAD_STATUS_COLORS: Record<DownloadTask["status"], string> = {
  generating: "processing",
  succeeded: "success",
  failed: "error",
};

/**
 * A resource's state (spec §4): failed states red, states the provider is still working on blue,
 * running or available green, frozen or expired orange, the others grey.
 */
export const RESOURCE_STATUS_COLORS: Record<ResourceStatus, string> = {
  creating: "processing",
  running: "success",
  stopped: "default",
  starting: "processing",
  stopping: "processing",
  rebooting: "processing",
  rebuilding: "processing",
  modifying: "processing",
  destroying: "processing",
  deleted: "default",
  available: "success",
  using: "default",
  mounting: "processing",
  unmounting: "processing",
  binding: "processing",
  unbinding: "processing",
  releasing: "processing",
  rolling_back: "processing",
  error: "error",
  create_failure: "error",
  frozen: "warning",
  expired: "warning",
};

/**
 * The overview's resource counts read coarser than a row's tag: in use counts as good, stopped as a
 * warning, and every state on its way somewhere (deleted included) as in progress.
 */
export const RESOURCE_SUMMARY_COLORS: Record<ResourceStatus, string> = {
  creating: "processing",
  running: "success",
  stopped: "warning",
  starting: "processing",
  stopping: "processing",
  rebooting: "processing",
  rebuilding: "processing",
  modifying: "processing",
  destroying: "processing",
  deleted: "processing",
  available: "success",
  using: "success",
  mounting: "processing",
  unmounting: "processing",
  binding: "processing",
  unbinding: "processing",
  releasing: "processing",
  rolling_back: "processing",
  error: "error",
  create_failure: "error",
  frozen: "warning",
  expired: "warning",
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  applying: "default",
  approving: "warning",
  approved: "processing",
  rejected: "error",
  provisioning: "processing",
  completed: "success",
  failed: "error",
  terminated: "default",
};

/** Invoice requests (spec §4 "Invoicing"). */
export const INVOICE_STATUS_COLORS: Record<string, string> = {
  invoicing: "processing",
  invoiced: "success",
  rejected: "error",
};

type Kind =
  | "invoice"
  | "coupon"
  | "voucher"
  | "recharge"
  | "adjustment"
  | "download"
  | "paymentFailure"
  | "resource"
  | "order";

/** Each vocabulary's colours and the i18n key naming each of its statuses. */
const KINDS: Record<Kind, { colors: Record<string, string>; label(status: string): string }> = {
  coupon: { colors: COUPON_STATUS_COLORS, label: (s) => `finance.status.coupon.${s}` },
  invoice: { colors: INVOICE_STATUS_COLORS, label: (s) => `invoices.state.${s}` },
  voucher: { colors: VOUCHER_STATUS_COLORS, label: (s) => `finance.status.voucher.${s}` },
  recharge: { colors: RECHARGE_STATUS_COLORS, label: (s) => `finance.status.recharge.${s}` },
  adjustment: { colors: ADJUSTMENT_STATUS_COLORS, label: (s) => `finance.status.adjustment.${s}` },
  download: { colors: DOWNLOAD_STATUS_COLORS, label: (s) => `finance.status.download.${s}` },
  paymentFailure: {
    colors: PAYMENT_FAILURE_STATUS_COLORS,
    label: (s) => `finance.status.paymentFailure.${s}`,
  },
  resource: { colors: RESOURCE_STATUS_COLORS, label: (s) => `services.status.${s}` },
  order: { colors: ORDER_STATUS_COLORS, label: (s) => `services.orderStatus.${s}` },
};

/** The i18n key naming a status of a vocabulary. */
export const statusLabelKey = (kind: Kind, status: string): string => KINDS[kind].label(status);

/** The status named by its vocabulary's key, with the kind's colour; an unknown status shows as sent. */
export function StatusTag({ kind, status, testId }: { kind: Kind; status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={KINDS[kind].colors[status] ?? "default"} data-testid={testId} data-status={status}>
      {t(statusLabelKey(kind, status), { defaultValue: status })}
    </Tag>
  );
}

type FilterProps<S extends string> = {
  kind: Kind;
  statuses: readonly S[];
  // The statuses alone decide S, so that a state setter is a fitting onChange.
  value: NoInfer<S> | undefined;
  onChange(value: NoInfer<S> | undefined): void;
  width: number;
  testId: string;
};

/** A list's status filter: the kind's statuses named as their tags are, empty for all of them. */
export function StatusFilter<S extends string>({
  kind,
  statuses,
  value,
  onChange,
  width,
  testId,
}: FilterProps<S>) {
  const { t } = useTranslation();
  return (
    <Select<S>
      allowClear
      placeholder={t("finance.allStatuses")}
      value={value}
      onChange={onChange}
      options={statuses.map((s) => ({ value: s, label: t(statusLabelKey(kind, s)) }))}
      style={{ width }}
      aria-label={t("common.status")}
      data-testid={testId}
    />
  );
}
