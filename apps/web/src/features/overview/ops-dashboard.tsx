// The operators' dashboard panels on /sys/overview (issue 19 §6): money moved per day for 30 days
// (BI) and tenants by state with their arrears and sign-ups (BI, BT), from one call that answers
// only the panels the operator's codes open. Every number links to the list behind it: tenant
// counts to the billing accounts list filtered by that state (`/mgt/accounts`, BI), or the tenant
// accounts list for after-sales engineers (BT), who may not open the billing one; voucher totals
// to the cash vouchers. Amounts stay strings; only the charts read them as numbers.
import { codesAllow, endpoints, type OpsDashboard, type TenantState } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Statistic, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../app/console/current-user-context";
import { LineChart } from "../../components/line-chart";
import { LoadFailed } from "../../components/table-states";
import { api } from "../../lib/api-client";
import { formatYuan } from "../../lib/money";

/** Who may ask for the dashboard at all (the endpoint's codes; the auditor reads it). */
export const OPS_DASHBOARD_CODES = ["BI", "BT"] as const;

const dayLabel = (date: string) => date.slice(5);

/** A number and what it counts, the whole card a link to the list behind it. */
function LinkedNumber({
  to,
  testId,
  title,
  value,
}: {
  to: string;
  testId: string;
  title: string;
  value: ReactNode;
}) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Link to={to} data-testid={testId}>
        <Card hoverable size="small" style={{ height: "100%" }}>
          <Statistic title={title} value={value as string} />
        </Card>
      </Link>
    </Col>
  );
}

function MoneyPanel({ money }: { money: NonNullable<OpsDashboard["money"]> }) {
  const { t } = useTranslation();
  const labels = money.days.map((d) => dayLabel(d.date));
  const values = (key: "revenue" | "topUps" | "refunds" | "vouchers") =>
    money.days.map((d) => Number(d[key]));
  return (
    <Card title={t("overview.ops.money.title")} data-testid="ops-money" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        {(["revenue", "topUps", "refunds"] as const).map((key) => (
          <Col xs={24} sm={12} xl={6} key={key}>
            <Card size="small" style={{ height: "100%" }} data-testid={`ops-money-${key}`}>
              <Statistic title={t(`overview.ops.money.${key}`)} value={formatYuan(money.totals[key])} />
            </Card>
          </Col>
        ))}
        <LinkedNumber
          to="/sys/finance/vouchers"
          testId="ops-money-vouchers"
          title={t("overview.ops.money.vouchers")}
          value={formatYuan(money.totals.vouchers)}
        />
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <LineChart
            title={t("overview.ops.money.inOut")}
            unit={t("overview.ops.money.unit")}
            labels={labels}
            series={[
              { name: t("overview.ops.money.revenue"), color: "#1677ff", values: values("revenue") },
              { name: t("overview.ops.money.refunds"), color: "#cf1322", values: values("refunds") },
            ]}
            testId="ops-money-chart-revenue"
          />
        </Col>
        <Col xs={24} xl={12}>
          <LineChart
            title={t("overview.ops.money.arriving")}
            unit={t("overview.ops.money.unit")}
            labels={labels}
            series={[
              { name: t("overview.ops.money.topUps"), color: "#389e0d", values: values("topUps") },
              { name: t("overview.ops.money.vouchers"), color: "#d46b08", values: values("vouchers") },
            ]}
            testId="ops-money-chart-topups"
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t("overview.ops.money.hint")}
      </Typography.Paragraph>
    </Card>
  );
}

function TenantsPanel({
  tenants,
  billing,
}: {
  tenants: NonNullable<OpsDashboard["tenants"]>;
  billing: boolean;
}) {
  const { t } = useTranslation();
  // The billing accounts list filters by state; the tenant accounts list (BT) lists them all.
  const listOf = (query: string) => (billing ? `/mgt/accounts${query}` : "/sys/finance/accounts");
  const state = (s: TenantState) => listOf(`?state=${s}`);
  return (
    <Card title={t("overview.ops.tenants.title")} data-testid="ops-tenants" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <LinkedNumber
          to={listOf("")}
          testId="ops-tenants-total"
          title={t("overview.ops.tenants.total")}
          value={tenants.total}
        />
        {(["verified", "unverified", "frozen", "inArrears"] as const).map((s) => (
          <LinkedNumber
            key={s}
            to={state(s)}
            testId={`ops-tenants-${s}`}
            title={t(`overview.ops.tenants.${s}`)}
            value={tenants.byState[s]}
          />
        ))}
        <LinkedNumber
          to={listOf("?state=inArrears&sort=arrears")}
          testId="ops-tenants-arrears"
          title={t("overview.ops.tenants.arrearsTotal")}
          value={formatYuan(tenants.arrearsTotal)}
        />
        <LinkedNumber
          to={listOf("?sort=createdAt")}
          testId="ops-tenants-signups"
          title={t("overview.ops.tenants.signUps")}
          value={tenants.signUpsTotal}
        />
      </Row>
      <div style={{ marginTop: 16 }}>
        <LineChart
          title={t("overview.ops.tenants.signUpsByDay")}
          unit={t("overview.ops.tenants.unit")}
          labels={tenants.signUps.map((d) => dayLabel(d.date))}
          series={[
            {
              name: t("overview.ops.tenants.signUps"),
              color: "#1677ff",
              values: tenants.signUps.map((d) => d.count),
            },
          ]}
          testId="ops-signups-chart"
        />
      </div>
    </Card>
  );
}

/** The panels the operator's codes open; nothing at all for one who holds none of them. */
export function OpsDashboardPanels() {
  const { t } = useTranslation();
  const { permissions } = useCurrentUser();
  const allowed = codesAllow(OPS_DASHBOARD_CODES, permissions, true);
  const dashboard = useQuery({
    queryKey: ["overview", "opsDashboard"],
    queryFn: () => api.call(endpoints.opsDashboard.get),
    enabled: allowed,
  });
  if (!allowed || dashboard.isPending) return null;
  if (dashboard.isError) return <LoadFailed onRetry={() => void dashboard.refetch()} t={t} />;
  const { money, tenants, timeZone } = dashboard.data;
  return (
    <div data-testid="ops-dashboard">
      {money && <MoneyPanel money={money} />}
      {tenants && <TenantsPanel tenants={tenants} billing={codesAllow(["BI"], permissions, true)} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t("overview.ops.zone", { zone: timeZone })}
      </Typography.Paragraph>
    </div>
  );
}
