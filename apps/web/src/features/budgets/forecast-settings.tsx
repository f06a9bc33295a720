// The forecast notice's horizon: "tell me when the balance runs out within N days" (1–60).
import { budgetSettingsBody } from "@skyledger/contracts";
import { Button, Form, InputNumber, Space } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../components/form-rules";
import { useFormSubmit } from "../../components/use-form-submit";
import { budgetsApi } from "./budgets-api";

type Values = { forecastDays: number };

export function ForecastSettings({ days, onSaved }: { days: number; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useFormSubmit(form, {
    action: async (values) => {
      await budgetsApi.saveSettings(values);
      onSaved();
    },
  });
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ forecastDays: days }}
      onFinish={() => void submit()}
    >
      <Form.Item
        name="forecastDays"
        label={t("budgets.forecastDays")}
        rules={[zodRule(budgetSettingsBody.shape.forecastDays, t)]}
      >
        <InputNumber min={1} max={60} precision={0} data-testid="budget-forecast-days" />
      </Form.Item>
      <Space>
        <Button htmlType="submit" loading={saving} data-testid="budget-forecast-save">
          {t("common.save")}
        </Button>
      </Space>
    </Form>
  );
}
