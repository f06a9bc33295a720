// How alarm pages show a severity and a condition, the same on the rule and alarm lists.
import {
  ALARM_COMPARISON_SIGNS,
  ALARM_METRIC_UNITS,
  type AlarmComparison,
  type AlarmMetric,
  type AlarmSeverity,
} from "@skyledger/contracts";
import { Tag } from "antd";
import type { TFunction } from "i18next";

const SEVERITY_COLORS: Record<AlarmSeverity, string> = {
  urgent: "red",
  important: "orange",
  secondary: "gold",
  reminder: "blue",
};

export function SeverityTag({
  severity,
  t,
  testId,
}: {
  severity: AlarmSeverity;
  t: TFunction;
  testId?: string;
}) {
  return (
    <Tag color={SEVERITY_COLORS[severity]} data-testid={testId}>
      {t(`alarms.severity.${severity}`)}
    </Tag>
  );
}

type Condition = {
  metric: AlarmMetric;
  comparison: AlarmComparison;
  threshold: number;
  durationMinutes: number;
};

/** "CPU usage ≥ 80 % for 5 minutes", in the reader's language. */
export const conditionText = (c: Condition, t: TFunction): string =>
  `${t(`alarms.metric.${c.metric}`)} ${ALARM_COMPARISON_SIGNS[c.comparison]} ${c.threshold} ${ALARM_METRIC_UNITS[c.metric]} · ${t("alarms.rules.durationOption", { minutes: c.durationMinutes })}`;
