// Rename a VPC or change its description (a shared one: its creator only; the server decides).
import { type VpcRecord, vpcUpdateBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { networkApi } from "./network-api";

type Values = { name: string; description?: string };

export function VpcEditDialog({
  vpc,
  onClose,
  onDone,
}: {
  vpc: VpcRecord;
  onClose(): void;
  onDone(name: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    const name = values.name.trim();
    await networkApi.updateVpc(vpc.id, { name, description: values.description?.trim() ?? "" });
    onDone(name);
  };
  return (
    <FormDialog
      form={form}
      open
      title={t("network.vpc.editTitle")}
      okText={t("common.save")}
      submitTestId="vpc-edit-submit"
      refusalTestId="vpc-edit-refusal"
      onSubmit={submit}
      onCancel={onClose}
      preserve={false}
      initialValues={{ name: vpc.name, description: vpc.description }}
    >
      <VpcNameFields />
    </FormDialog>
  );
}

/** The name and description of a VPC, shared by the create page and the edit dialog. */
export function VpcNameFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        required
        name="name"
        label={t("network.vpc.fields.name")}
        rules={[zodRule(vpcUpdateBody.shape.name, t)]}
        extra={t("network.vpc.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="vpc-form-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("network.vpc.fields.description")}
        rules={[zodRule(vpcUpdateBody.shape.description, t, { optional: true })]}
      >
        <Input.TextArea maxLength={256} rows={2} data-testid="vpc-form-description" />
      </Form.Item>
    </>
  );
}
