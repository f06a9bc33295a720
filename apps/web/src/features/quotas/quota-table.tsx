// One scope's quotas (the organisation or a project): each metric's usage against its limit as a
// bar, what may still be ordered, and where the limit comes from.
import type { QuotaLine, QuotaScopeView } from "@skyledger/contracts";
import { Progress, Table, Tag, Typography } from "antd";
import type { HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { useMetricLabel } from "./quotas-api";

const SOURCE_COLORS: Record<QuotaLine["source"], string> = {
  project: "purple",
  organisation: "blue",
  default: "default",
  none: "default",
};

const percentOf = (line: QuotaLine): number => {
  if (line.limit === null) return 0;
  if (line.limit === 0) return line.used > 0 ? 100 : 0;
  return Math.min(100, Math.round((line.used / line.limit) * 100));
};

type Props = { view: QuotaScopeView; loading?: boolean; testId: string };

export function QuotaTable({ view, loading, testId }: Props) {
  const { t } = useTranslation();
  const label = useMetricLabel();
  return (
    <Table<QuotaLine>
      rowKey="metric"
      size="middle"
      pagination={false}
      loading={loading}
      dataSource={view.lines}
      scroll={{ x: 860 }}
      data-testid={testId}
      onRow={(line) => ({ "data-testid": `${testId}-${line.metric}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t("quota.fields.metric"),
          dataIndex: "metric",
          width: 200,
          render: (_, line) => label(line.metric),
        },
        {
          title: t("quota.fields.usage"),
          key: "usage",
          render: (_, line) =>
            line.limit === null ? (
              <Typography.Text type="secondary">{t("quota.orgLimitApplies")}</Typography.Text>
            ) : (
              <Progress
                percent={percentOf(line)}
                status={line.over ? "exception" : "normal"}
                format={(percent) => `${percent}%`}
                aria-label={t("quota.usageOf", {
                  metric: label(line.metric),
                  used: line.used,
                  limit: line.limit,
                })}
              />
            ),
        },
        { title: t("quota.fields.used"), dataIndex: "used", width: 100, align: "right" },
        {
          title: t("quota.fields.limit"),
          dataIndex: "limit",
          width: 110,
          align: "right",
          render: (v: number | null) => v ?? "—",
        },
        {
          title: t("quota.fields.available"),
          dataIndex: "available",
          width: 110,
          align: "right",
          render: (v: number, line) =>
            line.over ? (
              <Tag color="error" data-testid={`${testId}-${line.metric}-over`}>
                {t("quota.over")}
              </Tag>
            ) : (
              v
            ),
        },
        {
          title: t("quota.fields.source"),
          dataIndex: "source",
          width: 150,
          render: (v: QuotaLine["source"]) => <Tag color={SOURCE_COLORS[v]}>{t(`quota.source.${v}`)}</Tag>,
        },
      ]}
    />
  );
}
