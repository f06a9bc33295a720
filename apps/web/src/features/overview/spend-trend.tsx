// Spend by product (issue 19 item 4): month to date, and a stacked bar per day of the last 30 days
// or per month of the last 12, with the same figures as a table for screen readers and for anyone
// who wants the numbers. Amounts stay strings for display; the chart alone reads them as numbers.
import type { Overview, OverviewSpendPeriod } from "@skyledger/contracts";
import { Segmented, Skeleton, Statistic, Table, Typography } from "antd";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatYuan } from "../../lib/money";

const SpendEChart = lazy(() => import("./spend-echart"));

/** Dark colours, each at least 4.5:1 against white, told apart by hue. */
export const SPEND_PALETTE = [
  "#1d4ed8",
  "#b45309",
  "#047857",
  "#7e22ce",
  "#be123c",
  "#0e7490",
  "#4d7c0f",
  "#57534e",
];

type Spend = Overview["spend"];

function SpendTable({
  spend,
  periods,
  unit,
}: {
  spend: Spend;
  periods: OverviewSpendPeriod[];
  unit: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<OverviewSpendPeriod>
      size="small"
      rowKey="period"
      pagination={false}
      scroll={{ x: true, y: 240 }}
      dataSource={periods}
      data-testid="overview-spend-table"
      columns={[
        { key: "period", title: t(`overview.spend.period.${unit}`), dataIndex: "period" },
        ...spend.products.map((p, i) => ({
          key: p.code,
          title: p.name,
          align: "right" as const,
          render: (_: unknown, r: OverviewSpendPeriod) => formatYuan(r.amounts[i]!),
        })),
        {
          key: "total",
          title: t("overview.spend.total"),
          align: "right" as const,
          render: (_: unknown, r: OverviewSpendPeriod) => formatYuan(r.total),
        },
      ]}
    />
  );
}

export function SpendTrend({ spend }: { spend: Spend }) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<"day" | "month">("day");
  const periods = unit === "day" ? spend.days : spend.months;
  const series = useMemo(
    () =>
      spend.products.map((p, i) => ({
        name: p.name,
        color: SPEND_PALETTE[i % SPEND_PALETTE.length]!,
        values: periods.map((d) => Number(d.amounts[i])),
      })),
    [spend.products, periods],
  );
  const labels = useMemo(
    () => periods.map((d) => (unit === "day" ? d.period.slice(5) : d.period)),
    [periods, unit],
  );
  return (
    <>
      <Statistic
        title={t("overview.spend.monthToDate", { month: spend.month })}
        value={formatYuan(spend.monthToDate)}
        data-testid="overview-spend-month"
      />
      <Segmented
        value={unit}
        onChange={(v) => setUnit(v as "day" | "month")}
        options={[
          { value: "day", label: t("overview.spend.byDay") },
          { value: "month", label: t("overview.spend.byMonth") },
        ]}
        style={{ margin: "12px 0" }}
        data-testid="overview-spend-unit"
      />
      {spend.products.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="overview-spend-empty">
          {t("overview.spend.empty")}
        </Typography.Paragraph>
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <SpendEChart
            labels={labels}
            series={series}
            unit={t("overview.spend.unit")}
            label={t(`overview.spend.chartLabel.${unit}`)}
            testId="overview-spend-chart"
          />
        </Suspense>
      )}
      <details>
        <summary>{t("overview.spend.asTable")}</summary>
        <SpendTable spend={spend} periods={periods} unit={unit} />
      </details>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("overview.spend.zone", { zone: spend.timeZone })}
      </Typography.Text>
    </>
  );
}
