// The overview cards of /mgt/dashboard (issue 5 §8), for the caller's data scope: resources by
// kind and status, what expires soon, postpaid spend this month, recent orders and the orders
// waiting for approval or for manual activation. Rendered only for users of an organisation
// holding CA.
import { OVERVIEW_EXPIRING_DAYS } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, Row, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../components/table-states";
import { ExpiringList } from "./expiring-list";
import { OrderTable } from "./order-tables";
import { fetchOverview, overviewKeys } from "./overview-api";
import { ResourceSummary } from "./resource-summary";
import { SpendChart } from "./spend-chart";

type CardProps = { title: string; testId: string; extra?: ReactNode; full?: boolean; children: ReactNode };

function OverviewCard({ title, testId, extra, full, children }: CardProps) {
  return (
    <Col xs={24} xl={full ? 24 : 12}>
      <Card title={title} extra={extra} data-testid={testId} style={{ height: "100%" }}>
        {children}
      </Card>
    </Col>
  );
}

export function OverviewSection() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: overviewKeys.all, queryFn: fetchOverview });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} t={t} />;
  const view = query.data;
  const days = OVERVIEW_EXPIRING_DAYS;

  return (
    <section data-testid="overview" style={{ marginTop: 24 }}>
      <Typography.Title level={4}>{t("overview.title")}</Typography.Title>
      {view.scope === "project" && (
        <Alert type="info" showIcon title={t("overview.scopeProject")} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <OverviewCard title={t("overview.resources.title")} testId="overview-resources">
          <ResourceSummary counts={view.resources} />
        </OverviewCard>
        <OverviewCard
          title={t("overview.expiring.title", { days })}
          testId="overview-expiring"
          extra={
            <Typography.Text type="secondary" data-testid="overview-expiring-total">
              {t("overview.expiring.count", { total: view.expiring.total })}
            </Typography.Text>
          }
        >
          <ExpiringList items={view.expiring.list} />
        </OverviewCard>
        <OverviewCard title={t("overview.spend.title")} testId="overview-spend">
          <SpendChart spend={view.postpaidSpend} />
        </OverviewCard>
        <OverviewCard
          title={t("overview.awaiting.title")}
          testId="overview-awaiting"
          extra={
            <Space size={8}>
              {view.awaitingApproval.activation > 0 && (
                <Typography.Text type="secondary" data-testid="overview-awaiting-activation">
                  {t("overview.awaiting.activationCount", { count: view.awaitingApproval.activation })}
                </Typography.Text>
              )}
              <Typography.Text strong data-testid="overview-awaiting-total">
                {view.awaitingApproval.total}
              </Typography.Text>
            </Space>
          }
        >
          <Typography.Paragraph type="secondary">{t("overview.awaiting.hint")}</Typography.Paragraph>
          <OrderTable
            orders={view.awaitingApproval.list}
            emptyText={t("overview.awaiting.empty")}
            testId="overview-awaiting-list"
            compact
          />
        </OverviewCard>
        <OverviewCard
          title={t("overview.orders.title")}
          testId="overview-orders"
          extra={<Link to="/mgt/order">{t("overview.orders.all")}</Link>}
          full
        >
          <OrderTable
            orders={view.recentOrders}
            emptyText={t("overview.orders.empty")}
            testId="overview-orders-list"
          />
        </OverviewCard>
      </Row>
    </section>
  );
}
