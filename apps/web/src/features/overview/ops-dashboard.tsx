// The operators' dashboard panels on /sys/overview (issue 19 §6): money moved per day for 30 days
// (BI), tenants by state with their arrears and sign-ups (BI, BT) and resources by product
// (BA07, BI, BT, ops-resources-panel.tsx), from one call that answers only the panels the
// operator's codes open. A number links to the list behind it, filtered as the number says: money
// totals to the entries behind them over the same days (`/sys/finance/movements`), tenant counts to
// the billing accounts filtered by that state (`/mgt/accounts`, BI), or the tenants list for
// after-sales engineers (BT), who may not open the billing one, resource counts to every tenant's
// resources filtered as counted (`/sys/resources`). Amounts stay strings; only the charts read them
// as numbers.
import { codesAllow, OPS_MONEY_SERIES, type OpsDashboard, type TenantState } from "@skyledger/contracts";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
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

function MoneyPanel({ money }: { money: NonNullable<OpsDashboard["money"]> }) {
  const { t } = useTranslation();
  const labels = money.days.map((d) => dayLabel(d.date));
  // Each total opens the entries behind it over the same days (the list's sum is the total).
  const [first, last] = [money.days[0]?.date ?? "", money.days.at(-1)?.date ?? ""];
  const values = (key: "revenue" | "topUps" | "refunds" | "vouchers") =>
    money.days.map((d) => Number(d[key]));
  return (
    <Card title={t("overview.ops.money.title")} data-testid="ops-money" style={{ marginTop: 16 }}>
      <Row gutter={[16, 16]}>
        {OPS_MONEY_SERIES.map((key) => (
          <DashboardNumber
            key={key}
            to={`/sys/finance/movements?series=${key}&from=${first}&to=${last}`}
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
  // The billing accounts list (BI) filters by exactly the states counted here. An after-sales
  // engineer (BT) may not open it: the tenants list takes verified, frozen and in-arrears as its
  // own filters, and has none for "not verified" (any of three states), so that count links nowhere.
  const to = (s: TenantState | "all" | "arrears" | "signUps"): string | null => {
    if (billing) {
      if (s === "all") return "/mgt/accounts";
      if (s === "arrears") return "/mgt/accounts?state=inArrears&sort=arrears";
      if (s === "signUps") return "/mgt/accounts?sort=createdAt";
      return `/mgt/accounts?state=${s}`;
    }
    const tenants: Record<typeof s, string | null> = {
      all: "",
      signUps: "",
      verified: "?certificationStatus=authSucceed",
      unverified: null,
      frozen: "?frozen=true",
      inArrears: "?inArrears=true",
      arrears: "?inArrears=true&sortBy=arrears",
    };
    const query = tenants[s];
    return query === null ? null : `/sys/tenants${query}`;
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
