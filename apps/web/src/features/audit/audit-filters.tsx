import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { OrgSelect } from "../../components/org-select";
import { actionOptions } from "./audit-labels";

export type AuditFilterValues = {
  action?: string;
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
  orgId?: string;
};

type FormValues = {
  action?: string;
  actor?: string;
  target?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  orgId?: string;
};

function toFilters(values: FormValues): AuditFilterValues {
  const [from, to] = values.range ?? [];
  return {
    action: values.action || undefined,
    actor: values.actor?.trim() || undefined,
    target: values.target?.trim() || undefined,
    from: from ? from.toISOString() : undefined,
    to: to ? to.toISOString() : undefined,
    orgId: values.orgId || undefined,
  };
}

/** The filter bar; filters apply on "Search" (or Enter) so typing does not query on each key. */
export function AuditFilters({
  onApply,
  orgFilter,
}: {
  onApply: (filters: AuditFilterValues) => void;
  /** Operators holding BI can pick an organisation by name. */
  orgFilter: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) => onApply(toFilters(values))}
      style={{ marginBottom: 16, rowGap: 12 }}
    >
      <Form.Item name="action" label={t("audit.filters.action")}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("audit.filters.actionPlaceholder")}
          options={actionOptions(t)}
          style={{ width: 240 }}
          data-testid="audit-filter-action"
        />
      </Form.Item>
      <Form.Item name="actor" label={t("audit.filters.actor")}>
        <Input allowClear maxLength={64} style={{ width: 160 }} data-testid="audit-filter-actor" />
      </Form.Item>
      <Form.Item name="target" label={t("audit.filters.target")}>
        <Input allowClear maxLength={128} style={{ width: 160 }} data-testid="audit-filter-target" />
      </Form.Item>
      <Form.Item name="range" label={t("audit.filters.range")}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="audit-filter-range" />
      </Form.Item>
      {orgFilter && (
        <Form.Item name="orgId" label={t("audit.filters.org")}>
          <OrgSelect testId="audit-filter-org" />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-filter-search">
            {t("audit.filters.search")}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
            data-testid="audit-filter-reset"
          >
            {t("audit.filters.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
