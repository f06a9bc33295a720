// Create or change an alarm rule: a name of the form-name rule, one host or every host, the metric,
// comparison, threshold (0–100 for percentages, ≥ 0 for rates, two decimals), the duration, the
// severity and the e-mail switch. The fields run the contracts' schema, as the server does.
import {
  ALARM_COMPARISON_SIGNS,
  ALARM_COMPARISONS,
  ALARM_DURATIONS,
  ALARM_METRIC_UNITS,
  ALARM_METRICS,
  ALARM_SEVERITIES,
  type AlarmMetric,
  type AlarmRuleBody,
  type AlarmRuleRecord,
  alarmRuleFields,
  alarmThresholdProblem,
  PERCENT_METRICS,
} from "@skyledger/contracts";
import { Form, Input, InputNumber, Radio, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { alarmsApi, useAlarmHostOptions } from "../../../features/alarms/alarms-api";

type Values = Omit<AlarmRuleBody, "hostId" | "threshold"> & {
  hostId?: string | null;
  threshold?: number | null;
};

type Props = {
  /** The rule to change; none for a new one. */
  rule?: AlarmRuleRecord;
  /** A new rule's host, when opened from a host's page. */
  hostId?: string;
  onClose(): void;
  onSaved(rule: AlarmRuleRecord): void;
};

export function AlarmRuleFormDialog({ rule, hostId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const hosts = useAlarmHostOptions();
  const target = Form.useWatch("target", form) ?? rule?.target ?? "host";
  const metric: AlarmMetric = Form.useWatch("metric", form) ?? rule?.metric ?? "cpuPercent";
  const initialValues: Values = rule
    ? { ...rule }
    : {
        name: "",
        target: "host",
        hostId: hostId ?? null,
        metric: "cpuPercent",
        comparison: "gte",
        threshold: 80,
        durationMinutes: 5,
        severity: "important",
        notifyEmail: true,
        enabled: true,
      };

  const submit = async (values: Values) => {
    const body: AlarmRuleBody = {
      ...values,
      name: values.name.trim(),
      hostId: values.target === "host" ? (values.hostId ?? null) : null,
      threshold: values.threshold ?? Number.NaN,
    };
    onSaved(rule ? await alarmsApi.updateRule(rule.id, body) : await alarmsApi.createRule(body));
  };

  return (
    <FormDialog
      form={form}
      open
      title={t(rule ? "alarms.rules.editTitle" : "alarms.rules.createTitle")}
      okText={t(rule ? "common.save" : "alarms.rules.create")}
      submitTestId="alarm-rule-submit"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={initialValues}
      width={640}
      preserve={false}
    >
      <Form.Item
        required
        name="name"
        label={t("alarms.rules.fields.name")}
        rules={[zodRule(alarmRuleFields.name, t)]}
        extra={t("alarms.rules.nameHint")}
      >
        <Input maxLength={128} autoComplete="off" data-testid="alarm-rule-name" />
      </Form.Item>
      <Form.Item
        name="target"
        label={t("alarms.rules.fields.target")}
        extra={target === "all" ? t("alarms.rules.allHostsHint") : undefined}
      >
        <Radio.Group
          optionType="button"
          data-testid="alarm-rule-target"
          options={(["host", "all"] as const).map((value) => ({
            value,
            label: (
              <span data-testid={`alarm-rule-target-${value}`}>{t(`alarms.rules.target.${value}`)}</span>
            ),
          }))}
        />
      </Form.Item>
      {target === "host" && (
        <Form.Item
          required
          name="hostId"
          label={t("alarms.rules.fields.host")}
          rules={[{ required: true, message: t("validation.alarmHost") }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={hosts.isFetching}
            placeholder={t("alarms.rules.hostPlaceholder")}
            options={(hosts.data?.list ?? []).map((h) => ({ value: h.id, label: h.name }))}
            data-testid="alarm-rule-host"
          />
        </Form.Item>
      )}
      <Form.Item required name="metric" label={t("alarms.rules.fields.metric")}>
        <Select
          options={ALARM_METRICS.map((m) => ({
            value: m,
            label: `${t(`alarms.metric.${m}`)} (${ALARM_METRIC_UNITS[m]})`,
          }))}
          data-testid="alarm-rule-metric"
        />
      </Form.Item>
      <Form.Item required label={t("alarms.rules.fields.condition")} style={{ marginBottom: 0 }}>
        <Form.Item name="comparison" style={{ display: "inline-block", width: 100, marginInlineEnd: 8 }}>
          <Select
            aria-label={t("alarms.rules.fields.comparison")}
            options={ALARM_COMPARISONS.map((c) => ({ value: c, label: ALARM_COMPARISON_SIGNS[c] }))}
            data-testid="alarm-rule-comparison"
          />
        </Form.Item>
        <Form.Item
          name="threshold"
          dependencies={["metric"]}
          style={{ display: "inline-block", width: 220 }}
          extra={t(
            PERCENT_METRICS.has(metric)
              ? "alarms.rules.thresholdHintPercent"
              : "alarms.rules.thresholdHintRate",
          )}
          rules={[
            {
              validator: async (_, value?: number | null) => {
                const problem =
                  value === undefined || value === null
                    ? "validation.alarmThreshold"
                    : alarmThresholdProblem(form.getFieldValue("metric"), value);
                if (problem) throw new Error(t(problem));
              },
            },
          ]}
        >
          <InputNumber
            aria-label={t("alarms.rules.fields.threshold")}
            addonAfter={ALARM_METRIC_UNITS[metric]}
            style={{ width: "100%" }}
            data-testid="alarm-rule-threshold"
          />
        </Form.Item>
      </Form.Item>
      <Form.Item required name="durationMinutes" label={t("alarms.rules.fields.duration")}>
        <Select
          options={ALARM_DURATIONS.map((d) => ({
            value: d,
            label: t("alarms.rules.durationOption", { minutes: d }),
          }))}
          data-testid="alarm-rule-duration"
        />
      </Form.Item>
      <Form.Item required name="severity" label={t("alarms.rules.fields.severity")}>
        <Radio.Group
          optionType="button"
          data-testid="alarm-rule-severity"
          options={ALARM_SEVERITIES.map((s) => ({
            value: s,
            label: <span data-testid={`alarm-rule-severity-${s}`}>{t(`alarms.severity.${s}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="notifyEmail" label={t("alarms.rules.fields.notifyEmail")} valuePropName="checked">
        <Switch data-testid="alarm-rule-email" />
      </Form.Item>
      <Form.Item name="enabled" label={t("alarms.rules.fields.enabled")} valuePropName="checked">
        <Switch data-testid="alarm-rule-enabled" />
      </Form.Item>
    </FormDialog>
  );
}
