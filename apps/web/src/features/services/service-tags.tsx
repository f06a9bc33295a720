// Tags of hosts and orders (spec §4): a host's status in the server's words (a failure opens its
// error log), its four indicators in one compact line, and an order's status with its approval level
// and, while it waits for an operator to activate it, that it does.
import type { OrderRecord, ResourceRecord, ResourceStatus } from "@skyledger/contracts";
import { Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { hasFailed, isTransitional } from "./host-state";

function resourceColor(status: ResourceStatus): string {
  if (hasFailed(status)) return "error";
  if (isTransitional(status)) return "processing";
  if (status === "running" || status === "available") return "success";
  if (status === "frozen" || status === "expired") return "warning";
  return "default";
}

type HostTagProps = {
  host: Pick<ResourceRecord, "status" | "statusName" | "statusInfo" | "name">;
  /** Opens the error log; only failed states offer it. */
  onOpenError?(): void;
};

export function HostStatusTag({ host, onOpenError }: HostTagProps) {
  const { t } = useTranslation();
  const failed = hasFailed(host.status) && onOpenError;
  const tag = (
    <Tag
      color={resourceColor(host.status)}
      data-testid={`host-status-${host.name}`}
      data-status={host.status}
      style={failed ? { cursor: "pointer" } : undefined}
      onClick={failed ? onOpenError : undefined}
      role={failed ? "button" : undefined}
      aria-label={failed ? t("services.host.openErrorLog") : undefined}
    >
      {host.statusName || t(`services.status.${host.status}`)}
    </Tag>
  );
  const tip = failed ? t("services.host.openErrorLog") : host.statusInfo;
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}

const INDICATOR_COLORS: Record<string, string> = {
  connected: "success",
  running: "success",
  disconnect: "error",
  failure: "error",
  connecting: "processing",
  pending: "processing",
  installing: "processing",
};

type Indicators = Pick<ResourceRecord, "manageStatus" | "monitorStatus" | "dockerStatus" | "taskStatus">;

/** Manage, monitor, Docker and task status as four small tags ("M", "Mon", "D", "T") with tooltips. */
export function HostIndicators({ host }: { host: Indicators }) {
  const { t } = useTranslation();
  const items = [
    ["manage", host.manageStatus],
    ["monitor", host.monitorStatus],
    ["docker", host.dockerStatus],
    ["task", host.taskStatus],
  ] as const;
  return (
    <Space size={2} wrap data-testid="host-indicators">
      {items.map(([kind, value]) =>
        value ? (
          <Tooltip
            key={kind}
            title={`${t(`services.indicator.${kind}`)}: ${t(`services.indicatorValue.${value}`, { defaultValue: value })}`}
          >
            <Tag color={INDICATOR_COLORS[value] ?? "default"} data-indicator={kind} data-value={value}>
              {t(`services.indicatorShort.${kind}`)}
            </Tag>
          </Tooltip>
        ) : null,
      )}
    </Space>
  );
}

const ORDER_COLORS: Record<OrderRecord["status"], string> = {
  applying: "default",
  approving: "warning",
  approved: "processing",
  rejected: "error",
  provisioning: "processing",
  completed: "success",
  failed: "error",
  terminated: "default",
};

export function OrderStatusTag({
  order,
  testId,
}: {
  order: Pick<OrderRecord, "status" | "approvalLevel" | "awaitingActivation">;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={ORDER_COLORS[order.status]} data-testid={testId} data-status={order.status}>
        {t(`services.orderStatus.${order.status}`)}
      </Tag>
      {order.approvalLevel && (
        <Tag data-level={order.approvalLevel}>
          {t(`services.approvalLevel.${order.approvalLevel}`, { defaultValue: order.approvalLevel })}
        </Tag>
      )}
      {order.awaitingActivation && (
        <Tag color="warning" data-testid={testId && `${testId}-activation`}>
          {t("services.activation.awaiting")}
        </Tag>
      )}
    </Space>
  );
}
