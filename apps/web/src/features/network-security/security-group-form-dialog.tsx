// Create a security group: a name of the resource-name rule and an optional description.
import { type SecurityGroupRecord, securityGroupCreateBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { securityGroupsApi } from "./security-groups-api";

type Values = { name: string; description?: string };

export function SecurityGroupFormDialog(props: {
  onClose(): void;
  onCreated(group: SecurityGroupRecord): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) =>
    props.onCreated(
      await securityGroupsApi.create({
        name: values.name.trim(),
        description: values.description?.trim() ?? "",
      }),
    );
  return (
    <FormDialog
      form={form}
      open
      title={t("network.group.createTitle")}
      okText={t("network.group.create")}
      submitTestId="sg-form-submit"
      onSubmit={submit}
      onCancel={props.onClose}
      preserve={false}
    >
      <Form.Item
        required
        name="name"
        label={t("network.group.name")}
        rules={[zodRule(securityGroupCreateBody.shape.name, t)]}
        extra={t("network.group.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="sg-form-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("network.group.description")}
        rules={[zodRule(securityGroupCreateBody.shape.description, t, { optional: true })]}
      >
        <Input.TextArea
          maxLength={256}
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="sg-form-description"
        />
      </Form.Item>
    </FormDialog>
  );
}
