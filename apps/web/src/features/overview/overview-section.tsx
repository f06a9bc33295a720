// The overview cards of /mgt/dashboard (issue 5 §8, issue 19 item 4), for the caller's data scope
// or one of its projects (the selector): spend by product and the balance forecast, resources by
// kind and status, what expires soon, unread messages, recent orders and the orders waiting for
// approval or for manual activation. Rendered only for users of an organisation holding CA.
import { OVERVIEW_EXPIRING_DAYS, type Overview } from "@skyledger/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, Row, Select, Skeleton, Space, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHasCode } from "../../components/require-org";
import { LoadFailed } from "../../components/table-states";
import { UserData } from "../../components/user-data";
import { useUnreadCount } from "../messages/messages-api";
import { BalanceForecast } from "./balance-forecast";
import { ExpiringList } from "./expiring-list";
import { OrderTable } from "./order-tables";
import { fetchOverview, overviewKeys } from "./overview-api";
import { ResourceSummary } from "./resource-summary";
import { SpendTrend } from "./spend-trend";

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

/** Narrows the cards to one project; "all" is every project the caller sees. */
function ProjectSelect({ view, onChange }: { view: Overview; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const all = view.scope === "project" ? "overview.project.allMine" : "overview.project.all";
  return (
    <Select
      value={view.projectId ?? ""}
      onChange={(v: string) => onChange(v === "" ? undefined : v)}
      style={{ minWidth: 220 }}
      aria-label={t("overview.project.label")}
      data-testid="overview-project"
      options={[
        { value: "", label: t(all) },
        ...view.projects.map((p) => ({ value: p.id, label: <UserData>{p.name}</UserData> })),
      ]}
    />
  );
}

/** Unread messages of the message centre (CF), linking to it. */
function UnreadMessages() {
  const { t } = useTranslation();
  const unread = useUnreadCount(true);
  return (
    <Space direction="vertical">
      <Typography.Text strong style={{ fontSize: 24 }} data-testid="overview-unread-count">
        {unread.data?.unread ?? "-"}
      </Typography.Text>
      <Link to="/mgt/msgs">{t("overview.unread.open")}</Link>
    </Space>
  );
}

export function OverviewSection() {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState<string | undefined>();
  const canReadMessages = useHasCode("CF");
  const query = useQuery({
    queryKey: overviewKeys.of(projectId),
    queryFn: () => fetchOverview(projectId),
    // The cards stay while another project's figures load.
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} t={t} />;
  const view = query.data;
  const days = OVERVIEW_EXPIRING_DAYS;

  return (
    <section data-testid="overview" style={{ marginTop: 24 }}>
      <Space wrap style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t("overview.title")}
        </Typography.Title>
        {view.projects.length > 0 && <ProjectSelect view={view} onChange={setProjectId} />}
      </Space>
      {view.scope === "project" && (
        <Alert type="info" showIcon title={t("overview.scopeProject")} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <OverviewCard title={t("overview.spend.title")} testId="overview-spend">
          <SpendTrend spend={view.spend} />
        </OverviewCard>
        <OverviewCard title={t("overview.forecast.title")} testId="overview-forecast">
          <BalanceForecast forecast={view.forecast} />
        </OverviewCard>
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
        {canReadMessages && (
          <OverviewCard title={t("overview.unread.title")} testId="overview-unread">
            <UnreadMessages />
          </OverviewCard>
        )}
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
