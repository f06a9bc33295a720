// The limits of one scope as a form: a number sets the limit, an empty field clears it. Only the
// changed metrics are sent, so the audit log names what an operator actually changed.
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_LIMIT_MAX,
  QUOTA_METRICS,
  type QuotaMetric,
  type QuotaOverview,
} from "@skyledger/contracts";
import { App, Button, Col, Form, InputNumber, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useFormSubmit } from "../../../components/use-form-submit";
import { useMetricLabel, useSaveQuota } from "../../../features/quotas/quotas-api";

type Values = Partial<Record<QuotaMetric, number | null>>;

export function QuotaLimitsForm({
  overview,
  onSaved,
}: {
  overview: QuotaOverview;
  onSaved(overLimitLabels: string[]): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useMetricLabel();
  const save = useSaveQuota();
  const [form] = Form.useForm<Values>();
  const view = overview.project ?? overview.organisation;
  const forProject = overview.project !== null;
  // Only limits set on this very scope fill a field; defaults and inherited limits are placeholders.
  const own = Object.fromEntries(
    view.lines.map((l) => [l.metric, l.source === "organisation" || l.source === "project" ? l.limit : null]),
  ) as Record<QuotaMetric, number | null>;

  const { saving, run } = useFormSubmit(form, {
    async action(values) {
      const changed = QUOTA_METRICS.filter((m) => (values[m] ?? null) !== own[m]);
      if (changed.length === 0) return void message.info(t("quota.ops.nothingChanged"));
      const result = await save({
        orgId: overview.orgId,
        projectId: view.projectId,
        limits: Object.fromEntries(changed.map((m) => [m, values[m] ?? null])),
      });
      void message.success(t("quota.ops.saved"));
      onSaved(result.overLimit.map(label));
    },
  });

  return (
    <Form<Values> form={form} layout="vertical" initialValues={own} onFinish={run} data-testid="quotas-form">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {forProject ? t("quota.ops.projectLimits", { name: view.projectName }) : t("quota.ops.orgLimits")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {forProject ? t("quota.ops.projectFormHint") : t("quota.ops.orgFormHint")}
      </Typography.Paragraph>
      <Row gutter={16}>
        {QUOTA_METRICS.map((metric) => (
          <Col key={metric} xs={24} sm={12} lg={6}>
            <Form.Item
              name={metric}
              label={label(metric)}
              rules={[
                {
                  type: "integer",
                  min: 0,
                  max: QUOTA_LIMIT_MAX,
                  message: t("validation.range", { min: 0, max: QUOTA_LIMIT_MAX }),
                },
              ]}
            >
              <InputNumber
                min={0}
                max={QUOTA_LIMIT_MAX}
                precision={0}
                style={{ width: "100%" }}
                placeholder={
                  forProject
                    ? t("quota.ops.placeholderOrg")
                    : t("quota.ops.placeholderDefault", { value: DEFAULT_QUOTA_LIMITS[metric] })
                }
                data-testid={`quotas-limit-${metric}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="quotas-save">
        {t("common.save")}
      </Button>
    </Form>
  );
}
