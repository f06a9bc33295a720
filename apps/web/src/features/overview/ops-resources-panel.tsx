// The resources panel of the operators' dashboard (BA07, BI, BT): every resource that exists, the
// frozen ones by why they were frozen, and a table of products with their resources by status.
// Operators have no list of every tenant's resources (each tenant's are on its own page), so these
// numbers link nowhere rather than to a list that would not show them.
import type { OpsDashboard, OpsResourceProduct } from "@skyledger/contracts";
import { Card, Row, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardNumber } from "./ops-dashboard-number";

export function ResourcesPanel({ resources }: { resources: NonNullable<OpsDashboard["resources"]> }) {
  const { t } = useTranslation();
  return (
    <Card title={t("overview.ops.resources.title")} data-testid="ops-resources" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <DashboardNumber
          to={null}
          testId="ops-resources-total"
          title={t("overview.ops.resources.total")}
          value={resources.total}
        />
        <DashboardNumber
          to={null}
          testId="ops-resources-frozen"
          title={t("overview.ops.resources.frozen")}
          value={resources.frozen}
        />
        <DashboardNumber
          to={null}
          testId="ops-resources-frozen-expired"
          title={t("overview.ops.resources.frozenExpired")}
          value={resources.frozenByReason.expired}
        />
        <DashboardNumber
          to={null}
          testId="ops-resources-frozen-arrears"
          title={t("overview.ops.resources.frozenArrears")}
          value={resources.frozenByReason.arrears}
        />
      </Row>
      <Table<OpsResourceProduct>
        style={{ marginTop: 16 }}
        size="small"
        rowKey={(p) => `${p.kind}/${p.productId ?? ""}`}
        dataSource={resources.byProduct}
        pagination={false}
        data-testid="ops-resources-products"
        locale={{ emptyText: t("overview.ops.resources.none") }}
        columns={[
          {
            key: "product",
            title: t("overview.ops.resources.product"),
            // Catalogue names are typed by operators; a resource without a product shows its kind.
            render: (_, p) =>
              p.productName === null ? (
                t("overview.ops.resources.noProduct")
              ) : (
                <span data-user-data>{p.productName}</span>
              ),
          },
          {
            key: "kind",
            title: t("overview.ops.resources.kind"),
            render: (_, p) => t(`services.kind.${p.kind}`),
          },
          { key: "total", title: t("overview.ops.resources.count"), dataIndex: "total", align: "right" },
          {
            key: "byStatus",
            title: t("overview.ops.resources.byStatus"),
            render: (_, p) => (
              <Space size={[4, 4]} wrap>
                {p.byStatus.map((s) => (
                  <Tag key={s.status} color={s.status === "frozen" ? "blue" : undefined}>
                    {t(`services.status.${s.status}`)} {s.count}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t("overview.ops.resources.hint")}
      </Typography.Paragraph>
    </Card>
  );
}
