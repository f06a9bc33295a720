// This month's postpaid spend: the total and a line of the daily amounts (the monitoring pages'
// SVG chart). Amounts stay strings for display; the chart alone reads them as numbers.
import type { Overview } from "@skyledger/contracts";
import { Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LineChart } from "../../components/line-chart";
import { formatYuan } from "../../lib/money";

export function SpendChart({ spend }: { spend: Overview["postpaidSpend"] }) {
  const { t } = useTranslation();
  return (
    <>
      <Statistic
        title={t("overview.spend.total", { month: spend.month })}
        value={formatYuan(spend.total)}
        data-testid="overview-spend-total"
      />
      <LineChart
        title={t("overview.spend.series")}
        unit={t("overview.spend.unit")}
        labels={spend.days.map((d) => d.date.slice(5))}
        series={[
          {
            name: t("overview.spend.series"),
            color: "#1677ff",
            values: spend.days.map((d) => Number(d.amount)),
          },
        ]}
        testId="overview-spend-chart"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("overview.spend.zone", { zone: spend.timeZone })}
      </Typography.Text>
    </>
  );
}
