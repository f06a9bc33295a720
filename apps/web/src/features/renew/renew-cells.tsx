// Cells of the renewal list: a resource's expiry with the days left (red once it has ended or the
// resource is expired or frozen), and its auto-renew switch (turning it off asks first).
import type { ResourceRecord } from "@skyledger/contracts";
import { Popconfirm, Space, Switch, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { useAutoRenew } from "./renew-api";
import { daysLeft, expiryTone } from "./renew-logic";

const TONE_COLORS = { expired: "error", urgent: "warning", soon: "default" } as const;

export function ExpiryCell({ row }: { row: Pick<ResourceRecord, "name" | "status" | "expiresAt"> }) {
  const { t } = useTranslation();
  const days = daysLeft(row.expiresAt);
  const tone = expiryTone(row.status, days);
  let left: string;
  if (days === null) left = "-";
  else if (days > 0) left = t(days === 1 ? "renew.expiry.dayLeft" : "renew.expiry.daysLeft", { count: days });
  else if (days < 0)
    left = t(days === -1 ? "renew.expiry.endedDayAgo" : "renew.expiry.endedAgo", { count: -days });
  else left = t("renew.expiry.ended");
  return (
    <Space orientation="vertical" size={2}>
      <Typography.Text type={tone === "expired" ? "danger" : undefined} style={{ whiteSpace: "nowrap" }}>
        {formatDateTime(row.expiresAt)}
      </Typography.Text>
      <Tag color={TONE_COLORS[tone]} data-testid={`renew-left-${row.name}`} data-tone={tone}>
        {left}
      </Tag>
    </Space>
  );
}

export function AutoRenewSwitch({
  row,
  disabled = false,
}: {
  row: Pick<ResourceRecord, "id" | "name" | "autoRenew" | "paymentType">;
  /** The user may not renew: the switch shows the setting only. */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { busy, set } = useAutoRenew(row);
  const testId = `renew-auto-${row.name}`;

  // Turning it on goes straight through; turning it off is confirmed (the resource may then lapse).
  return (
    <Popconfirm
      title={t("renew.autoRenew.offConfirm", { name: row.name })}
      okText={t("renew.autoRenew.turnOff")}
      cancelText={t("common.cancel")}
      okButtonProps={{ "data-testid": `${testId}-confirm` }}
      disabled={!row.autoRenew || busy || disabled}
      onConfirm={() => set(false)}
    >
      <Switch
        checked={row.autoRenew}
        loading={busy}
        disabled={row.paymentType !== "prepaid" || disabled}
        onChange={(on) => {
          if (on) void set(true);
        }}
        aria-label={t("renew.fields.autoRenew")}
        data-testid={testId}
        data-checked={row.autoRenew}
      />
    </Popconfirm>
  );
}
