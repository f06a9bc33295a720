// The resources panel of the operators' dashboard (BA07, BI, BT): every resource that exists, the
// frozen ones by why they were frozen, and a table of products with their resources by status. Each
// number opens every tenant's resources (/sys/resources) filtered as it counts — a product's by its
// kind and product (`none` for those without one), a cell by its status too — for who may open that
// list; the server counts and lists with the same conditions, so the list's total is the number.
import {
  NO_PRODUCT,
  type OpsDashboard,
  type OpsResourceProduct,
  type OpsResourceQuery,
} from "@skyledger/contracts";
import { Card, Row, Space, Table, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMayOpen } from "../../components/require-org";
import { DashboardNumber } from "./ops-dashboard-number";

const LIST = "/sys/resources";
type Filter = Pick<OpsResourceQuery, "kind" | "productId" | "status" | "frozenReason">;

/** The list's address with the filter in its query (empty values left out). */
export function resourceListPath(filter: Filter): string {
  const query = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === "string"),
  ).toString();
  return query ? `${LIST}?${query}` : LIST;
}

const ofProduct = (p: OpsResourceProduct): Filter => ({ kind: p.kind, productId: p.productId ?? NO_PRODUCT });

/** A count in the products table: a link to its list, or plain text for who may not open it. */
function CountLink({ to, testId, children }: { to: string | null; testId: string; children: ReactNode }) {
  return to === null ? (
    <span data-testid={testId}>{children}</span>
  ) : (
    <Link to={to} data-testid={testId}>
      {children}
    </Link>
  );
}

export function ResourcesPanel({ resources }: { resources: NonNullable<OpsDashboard["resources"]> }) {
  const { t } = useTranslation();
  const mayList = useMayOpen()(LIST);
  const to = (filter: Filter) => (mayList ? resourceListPath(filter) : null);
  const cellId = (p: OpsResourceProduct, status?: string) =>
    ["ops-resources-cell", p.kind, p.productId ?? NO_PRODUCT, status].filter(Boolean).join("-");
  return (
    <Card title={t("overview.ops.resources.title")} data-testid="ops-resources" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <DashboardNumber
          to={to({})}
          testId="ops-resources-total"
          title={t("overview.ops.resources.total")}
          value={resources.total}
        />
        <DashboardNumber
          to={to({ status: "frozen" })}
          testId="ops-resources-frozen"
          title={t("overview.ops.resources.frozen")}
          value={resources.frozen}
        />
        <DashboardNumber
          to={to({ frozenReason: "expired" })}
          testId="ops-resources-frozen-expired"
          title={t("overview.ops.resources.frozenExpired")}
          value={resources.frozenByReason.expired}
        />
        <DashboardNumber
          to={to({ frozenReason: "arrears" })}
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
          {
            key: "total",
            title: t("overview.ops.resources.count"),
            align: "right",
            render: (_, p) => (
              <CountLink to={to(ofProduct(p))} testId={cellId(p)}>
                {p.total}
              </CountLink>
            ),
          },
          {
            key: "byStatus",
            title: t("overview.ops.resources.byStatus"),
            render: (_, p) => (
              <Space size={[4, 4]} wrap>
                {p.byStatus.map((s) => (
                  <CountLink
                    key={s.status}
                    to={to({ ...ofProduct(p), status: s.status })}
                    testId={cellId(p, s.status)}
                  >
                    <Tag color={s.status === "frozen" ? "blue" : undefined}>
                      {t(`services.status.${s.status}`)} {s.count}
                    </Tag>
                  </CountLink>
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
