// Tags of hosts and orders (spec §4): a host's status in the server's words (a failure opens its
// error log), its four indicators in one compact line, and an order's status with its approval level
// and, while it waits for an operator to activate it, that it does.
import { QuestionCircleOutlined } from "@ant-design/icons";
import type { OrderRecord, ResourceRecord } from "@skyledger/contracts";
import { Space, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { RESOURCE_STATUS_COLORS, StatusTag, statusLabelKey } from "../../components/status-tags";
import { hasFailed } from "./host-state";

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
      color={RESOURCE_STATUS_COLORS[host.status]}
      data-testid={`host-status-${host.name}`}
      data-status={host.status}
      style={failed ? { cursor: "pointer" } : undefined}
      onClick={failed ? onOpenError : undefined}
      role={failed ? "button" : undefined}
      aria-label={failed ? t("services.host.openErrorLog") : undefined}
    >
      {host.statusName || t(statusLabelKey("resource", host.status))}
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
const INDICATORS = ["manage", "monitor", "docker", "task"] as const;

/** Manage, monitor, Docker and task status as four small tags ("Mgmt", "Mon", "Docker", "Task"),
 * each naming itself and its state in a tooltip (on hover and on keyboard focus). */
export function HostIndicators({ host }: { host: Indicators }) {
  const { t } = useTranslation();
  const values = {
    manage: host.manageStatus,
    monitor: host.monitorStatus,
    docker: host.dockerStatus,
    task: host.taskStatus,
  };
  return (
    <Space size={2} wrap data-testid="host-indicators">
      {INDICATORS.map((kind) => {
        const value = values[kind];
        if (!value) return null;
        const meaning = `${t(`services.indicator.${kind}`)}: ${t(`services.indicatorValue.${value}`, { defaultValue: value })}`;
        return (
          <Tooltip key={kind} title={meaning}>
            <Tag
              color={INDICATOR_COLORS[value] ?? "default"}
              data-indicator={kind}
              data-value={value}
              tabIndex={0}
              aria-label={meaning}
            >
              {t(`services.indicatorShort.${kind}`)}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/** The indicators' column title with its legend: what each short tag stands for and its colours. */
export function HostIndicatorsTitle() {
  const { t } = useTranslation();
  const legend = (
    <div data-testid="host-indicators-legend">
      {INDICATORS.map((kind) => (
        <div key={kind}>
          <Typography.Text strong style={{ color: "inherit" }}>
            {t(`services.indicatorShort.${kind}`)}
          </Typography.Text>
          {` — ${t(`services.indicator.${kind}`)}`}
        </div>
      ))}
      <div style={{ marginTop: 4 }}>{t("services.indicatorLegend.colours")}</div>
    </div>
  );
  return (
    <Space size={4}>
      {t("services.fields.indicators")}
      <Tooltip title={legend}>
        <QuestionCircleOutlined
          tabIndex={0}
          aria-label={t("services.indicatorLegend.open")}
          data-testid="host-indicators-help"
          style={{ color: "rgba(0, 0, 0, 0.45)", cursor: "help" }}
        />
      </Tooltip>
    </Space>
  );
}

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
      <StatusTag kind="order" status={order.status} testId={testId} />
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
