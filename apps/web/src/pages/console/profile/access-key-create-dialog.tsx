import { type AccessKeyCreated, accessKeyCreateBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { createAccessKey } from "../../../features/access-keys/access-keys-api";

type Values = { description?: string };

export function AccessKeyCreateDialog({
  onCreated,
  onCancel,
}: {
  onCreated: (key: AccessKeyCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  return (
    <FormDialog
      form={form}
      open
      title={t("profile.accessKeys.createTitle")}
      okText={t("profile.accessKeys.createSubmit")}
      submitTestId="accesskey-create-submit"
      onSubmit={async (values) => onCreated(await createAccessKey(values.description?.trim() ?? ""))}
      onCancel={onCancel}
      submitOnEnter
    >
      <Form.Item
        name="description"
        label={t("profile.accessKeys.description")}
        rules={[zodRule(accessKeyCreateBody.shape.description, t, { optional: true })]}
      >
        <Input
          maxLength={256}
          placeholder={t("profile.accessKeys.descriptionPlaceholder")}
          data-testid="accesskey-description"
        />
      </Form.Item>
    </FormDialog>
  );
}
