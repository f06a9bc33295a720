// Arms simulated provider failures (the simulator provider only): the next `count` operations of
// a kind fail with the message the operator writes (nothing is prefilled: a fault is armed on
// purpose), to show and test failed provisioning, refunds and error logs.
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useMayActHere } from "../../../components/require-org";
import { useFormSubmit } from "../../../components/use-form-submit";
import { type FaultOperation, servicesApi, type useFaults } from "../../../features/services/services-api";

type Values = { operation: FaultOperation; count: number; message: string };
const OPERATIONS: readonly FaultOperation[] = ["create", "resize", "delete", "act"];

/** `faults`: the armed faults, read by the page (which says so when the simulator is not in use). */
export function SimulatorFaultsCard({ faults }: { faults: ReturnType<typeof useFaults> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useFormSubmit(form, {
    action: async (values) => {
      await servicesApi.armFault({ ...values, message: values.message.trim() });
      void message.success(t("services.faults.armed"));
      await faults.refetch();
    },
  });
  // The auditor sees which faults are armed; arming one is an approver's drill.
  const mayAct = useMayActHere();
  const armed = (faults.data ?? []).filter((f) => f.remaining > 0);

  return (
    <Card title={t("services.faults.title")} data-testid="simulator-faults">
      <Typography.Paragraph type="secondary">{t("services.faults.intro")}</Typography.Paragraph>
      {mayAct && (
        <Form<Values>
          form={form}
          layout="inline"
          initialValues={{ operation: "create", count: 1 }}
          onFinish={(values) => void run(values)}
        >
          <Form.Item name="operation" label={t("services.faults.operation")}>
            <Select
              style={{ width: 140 }}
              options={OPERATIONS.map((o) => ({ value: o, label: t(`services.faults.operations.${o}`) }))}
              data-testid="fault-operation"
            />
          </Form.Item>
          <Form.Item
            name="count"
            label={t("services.faults.count")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <InputNumber min={0} max={100} precision={0} data-testid="fault-count" />
          </Form.Item>
          <Form.Item
            name="message"
            label={t("services.faults.message")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          >
            <Input
              maxLength={500}
              style={{ width: 280 }}
              placeholder={t("services.faults.messagePlaceholder")}
              data-testid="fault-message"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="fault-arm">
              {t("services.faults.arm")}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Space wrap style={{ marginTop: 12 }} data-testid="fault-armed">
        <Typography.Text type="secondary">{t("services.faults.current")}</Typography.Text>
        {armed.length === 0
          ? t("services.faults.none")
          : armed.map((f) => (
              <Tag key={f.operation} color="red" data-testid={`fault-armed-${f.operation}`}>
                {t(`services.faults.operations.${f.operation}`)} × {f.remaining}: {f.message}
              </Tag>
            ))}
      </Space>
    </Card>
  );
}
