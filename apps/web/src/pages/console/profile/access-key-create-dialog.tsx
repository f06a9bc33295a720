import { type AccessKeyCreated, accessKeyCreateBody } from "@skyledger/contracts";
import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createAccessKey } from "../../../features/access-keys/access-keys-api";
import { applyFieldErrors, validValues, zodRule } from "../../../lib/form-rules";

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
  const [creating, setCreating] = useState(false);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setCreating(true);
    try {
      onCreated(await createAccessKey(values.description?.trim() ?? ""));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Modal
      open
      title={t("profile.accessKeys.createTitle")}
      okText={t("profile.accessKeys.createSubmit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={creating}
      okButtonProps={{ "data-testid": "accesskey-create-submit" }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
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
      </Form>
    </Modal>
  );
}
