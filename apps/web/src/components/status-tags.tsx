// Status tags of the finance screens. Coupons follow the colour map of spec §4: the five statuses
// coupons take (inactive, used, valid, expired, voided) and the others the map also knows.
import type {
  AdjustmentRecord,
  CashVoucherRecord,
  DownloadTask,
  PaymentFailureRecord,
  RechargeRecord,
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

type Kind = "coupon" | "voucher" | "recharge" | "adjustment" | "download" | "paymentFailure";

const COLORS: Record<Kind, Record<string, string>> = {
  coupon: COUPON_STATUS_COLORS,
  voucher: VOUCHER_STATUS_COLORS,
  recharge: RECHARGE_STATUS_COLORS,
  adjustment: ADJUSTMENT_STATUS_COLORS,
  download: DOWNLOAD_STATUS_COLORS,
  paymentFailure: PAYMENT_FAILURE_STATUS_COLORS,
};

/** `finance.status.<kind>.<status>` with the kind's colour; an unknown status shows as sent. */
export function StatusTag({ kind, status, testId }: { kind: Kind; status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[kind][status] ?? "default"} data-testid={testId} data-status={status}>
      {t(`finance.status.${kind}.${status}`, { defaultValue: status })}
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
      options={statuses.map((s) => ({ value: s, label: t(`finance.status.${kind}.${s}`) }))}
      style={{ width }}
      aria-label={t("common.status")}
      data-testid={testId}
    />
  );
}
