// Resources by kind and status: one row per kind (every kind, zero included) with its total and a
// tag per status it has.
import { type OverviewResourceCount, RESOURCE_KINDS } from "@skyledger/contracts";
import { Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { RESOURCE_SUMMARY_COLORS, statusLabelKey } from "../../components/status-tags";

export function ResourceSummary({ counts }: { counts: OverviewResourceCount[] }) {
  const { t } = useTranslation();
  const rows = RESOURCE_KINDS.map((kind) => {
    const of = counts.filter((c) => c.kind === kind);
    return { kind, total: of.reduce((sum, c) => sum + c.count, 0), statuses: of };
  });
  return (
    <Table
      size="small"
      rowKey="kind"
      pagination={false}
      dataSource={rows}
      data-testid="overview-resources-table"
      columns={[
        { key: "kind", title: t("overview.resources.kind"), render: (_, r) => t(`overview.kind.${r.kind}`) },
        {
          key: "total",
          title: t("overview.resources.total"),
          align: "right",
          render: (_, r) => (
            <Typography.Text strong data-testid={`overview-kind-${r.kind}`}>
              {r.total}
            </Typography.Text>
          ),
        },
        {
          key: "statuses",
          title: t("overview.resources.statuses"),
          render: (_, r) =>
            r.statuses.length === 0 ? (
              <Typography.Text type="secondary">{t("overview.resources.none")}</Typography.Text>
            ) : (
              <Space size={4} wrap>
                {r.statuses.map((s) => (
                  <Tag
                    key={s.status}
                    color={RESOURCE_SUMMARY_COLORS[s.status]}
                    data-testid={`overview-status-${r.kind}-${s.status}`}
                  >
                    {t(statusLabelKey("resource", s.status))} {s.count}
                  </Tag>
                ))}
              </Space>
            ),
        },
      ]}
    />
  );
}
