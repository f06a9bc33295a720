// How long the balance lasts at the last 7 days' burn (docs/billing/spend-and-forecast.md): red
// under OVERVIEW_FORECAST_ALARM_DAYS, "no recent spend" when nothing was spent.
import { OVERVIEW_FORECAST_ALARM_DAYS, type Overview } from "@skyledger/contracts";
import { Alert, Descriptions, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatYuan } from "../../lib/money";

/** Dark red on white (7:1), the alarm colour of the forecast. */
const ALARM_COLOR = "#a8071a";

export function BalanceForecast({ forecast }: { forecast: Overview["forecast"] }) {
  const { t } = useTranslation();
  const days = forecast.daysLeft;
  const alarm = days !== null && days < OVERVIEW_FORECAST_ALARM_DAYS;
  return (
    <>
      {days === null ? (
        <Typography.Paragraph strong data-testid="overview-forecast-none">
          {t("overview.forecast.noSpend")}
        </Typography.Paragraph>
      ) : (
        <Statistic
          title={t("overview.forecast.daysLeft")}
          value={t("overview.forecast.days", { count: days })}
          styles={{ content: alarm ? { color: ALARM_COLOR } : undefined }}
          data-testid="overview-forecast-days"
          data-alarm={alarm ? "true" : "false"}
        />
      )}
      {alarm && (
        <Alert
          type="error"
          showIcon
          title={t("overview.forecast.alarm", { days: OVERVIEW_FORECAST_ALARM_DAYS })}
          style={{ margin: "8px 0" }}
          data-testid="overview-forecast-alarm"
        />
      )}
      <Descriptions
        column={1}
        size="small"
        style={{ marginTop: 8 }}
        items={[
          { key: "balance", label: t("overview.forecast.balance"), children: formatYuan(forecast.balance) },
          {
            key: "week",
            label: t("overview.forecast.spendLast7Days"),
            children: formatYuan(forecast.spendLast7Days),
          },
          { key: "burn", label: t("overview.forecast.dailyBurn"), children: formatYuan(forecast.dailyBurn) },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("overview.forecast.rule")}
      </Typography.Text>
    </>
  );
}
