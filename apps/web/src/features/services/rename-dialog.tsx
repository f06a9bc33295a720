// Renaming a host (`PUT /res/hosts/{id}/name`): the resource-name rule of the contracts checked in
// the form, the server's reasons shown in the dialog when it refuses.
import { type ResourceDetail, type ResourceRecord, v } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { servicesApi } from "./services-api";

type Values = { name: string };

type Props = {
  host: Pick<ResourceRecord, "id" | "name">;
  onClose(): void;
  onDone(host: ResourceDetail): void;
};

export function RenameDialog({ host, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog<Values>
      form={form}
      open
      title={t("services.rename.title", { name: host.name })}
      okText={t("services.rename.submit")}
      submitTestId="rename-submit"
      refusalTestId="rename-refusal"
      initialValues={{ name: host.name }}
      submitOnEnter
      onSubmit={async (values) => onDone(await servicesApi.rename(host.id, values.name.trim()))}
      onCancel={onClose}
    >
      <Form.Item
        required
        name="name"
        label={t("services.rename.name")}
        rules={[zodRule(v.resourceName, t)]}
        extra={t("services.rename.hint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="rename-name" />
      </Form.Item>
    </FormDialog>
  );
}
