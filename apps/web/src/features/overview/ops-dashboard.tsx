// The operators' dashboard panels on /sys/overview (issue 19 §6): money moved per day for 30 days
// (BI), tenants by state with their arrears and sign-ups (BI, BT) and resources by product
// (BA07, BI, BT, ops-resources-panel.tsx), from one call that answers only the panels the
// operator's codes open. A number links to the list behind it, filtered as the number says: money
// totals to the entries behind them over the same days (`/sys/finance/movements`), tenant counts to
// the billing accounts filtered by that state (`/mgt/accounts`, BI), or the tenants list filtered by
// the same state for after-sales engineers (BT), who may not open the billing one, resource counts to
// every tenant's resources filtered as counted (`/sys/resources`); a day of a money chart opens that
// day's entries of its series. Amounts stay strings; only the charts read them as numbers.
import { codesAllow, OPS_MONEY_SERIES, type OpsDashboard, type TenantState } from "@skyledger/contracts";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../app/console/current-user-context";
import { LineChart } from "../../components/line-chart";
import { useOpsDashboard } from "../../components/ops-dashboard-query";
import { LoadFailed } from "../../components/table-states";
import { formatYuan } from "../../lib/money";
import { DashboardNumber } from "./ops-dashboard-number";
import { ResourcesPanel } from "./ops-resources-panel";

/** Who may ask for the dashboard at all (the endpoint's codes; the auditor reads it). */
export const OPS_DASHBOARD_CODES = ["BI", "BT", "BA07"] as const;

const dayLabel = (date: string) => date.slice(5);

type MoneySeries = (typeof OPS_MONEY_SERIES)[number];
const movementsOf = (series: MoneySeries, from: string, to: string) =>
  `/sys/finance/movements?series=${series}&from=${from}&to=${to}`;

function MoneyPanel({ money }: { money: NonNullable<OpsDashboard["money"]> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = money.days.map((d) => dayLabel(d.date));
  // Each total opens the entries behind it over the same days (the list's sum is the total).
  const [first, last] = [money.days[0]?.date ?? "", money.days.at(-1)?.date ?? ""];
  const values = (key: MoneySeries) => money.days.map((d) => Number(d[key]));
  // A chart's point opens its series' entries of that one local day, whose sum is the point's value.
  const dayLinks = (keys: readonly [MoneySeries, MoneySeries]) => ({
    href: (s: number, i: number) => {
      const date = money.days[i]?.date ?? "";
      return movementsOf(keys[s] ?? keys[0], date, date);
    },
    open: (href: string) => void navigate(href),
  });
  return (
    <Card title={t("overview.ops.money.title")} data-testid="ops-money" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        {OPS_MONEY_SERIES.map((key) => (
          <DashboardNumber
            key={key}
            to={movementsOf(key, first, last)}
            testId={`ops-money-${key}`}
            title={t(`overview.ops.money.${key}`)}
            value={formatYuan(money.totals[key])}
          />
        ))}
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
            pointLink={dayLinks(["revenue", "refunds"])}
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
            pointLink={dayLinks(["topUps", "vouchers"])}
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
  // The billing accounts list (BI) filters by exactly the states counted here. An after-sales
  // engineer (BT) may not open it: the tenants list's `state` filter has the same SQL conditions.
  const to = (s: TenantState | "all" | "arrears" | "signUps"): string => {
    if (billing) {
      if (s === "all") return "/mgt/accounts";
      if (s === "arrears") return "/mgt/accounts?state=inArrears&sort=arrears";
      if (s === "signUps") return "/mgt/accounts?sort=createdAt";
      return `/mgt/accounts?state=${s}`;
    }
    if (s === "all") return "/sys/tenants";
    if (s === "arrears") return "/sys/tenants?state=inArrears&sortBy=arrears";
    if (s === "signUps") return "/sys/tenants?sortBy=createdAt";
    return `/sys/tenants?state=${s}`;
  };
  return (
    <Card title={t("overview.ops.tenants.title")} data-testid="ops-tenants" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        <DashboardNumber
          to={to("all")}
          testId="ops-tenants-total"
          title={t("overview.ops.tenants.total")}
          value={tenants.total}
        />
        {(["verified", "unverified", "frozen", "inArrears"] as const).map((s) => (
          <DashboardNumber
            key={s}
            to={to(s)}
            testId={`ops-tenants-${s}`}
            title={t(`overview.ops.tenants.${s}`)}
            value={tenants.byState[s]}
          />
        ))}
        <DashboardNumber
          to={to("arrears")}
          testId="ops-tenants-arrears"
          title={t("overview.ops.tenants.arrearsTotal")}
          value={formatYuan(tenants.arrearsTotal)}
        />
        <DashboardNumber
          to={to("signUps")}
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
  const dashboard = useOpsDashboard(allowed);
  if (!allowed || dashboard.isPending) return null;
  if (dashboard.isError) return <LoadFailed onRetry={() => void dashboard.refetch()} t={t} />;
  const { money, tenants, resources, timeZone } = dashboard.data;
  return (
    <div data-testid="ops-dashboard">
      {money && <MoneyPanel money={money} />}
      {tenants && <TenantsPanel tenants={tenants} billing={codesAllow(["BI"], permissions, true)} />}
      {resources && <ResourcesPanel resources={resources} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t("overview.ops.zone", { zone: timeZone })}
      </Typography.Paragraph>
    </div>
  );
}
