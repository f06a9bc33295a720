// Creating or editing a custom permission set: name, description, codes and the shared flag
// (a shared set is used by every administrator but changed only by its creator).
import { type PermissionSetBody, permissionSetBody } from "@skyledger/contracts";
import { App, Form, Input, Modal, Skeleton, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import {
  createSet,
  type PermissionCatalogueItem,
  type PermissionSetRow,
  updateSet,
} from "../../../features/iam/iam-api";
import { applyFieldErrors, validValues, zodRule } from "../../../lib/form-rules";
import { CodePicker } from "./code-picker";

type Values = { name: string; description: string; codes: string[]; shared: boolean };
type Props = {
  open: boolean;
  set?: PermissionSetRow;
  catalogue: readonly PermissionCatalogueItem[] | undefined;
  onClose(): void;
  onSaved(): void;
};

const shape = permissionSetBody.shape;

export function PermissionSetDialog({ open, set, catalogue, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // Sharing is the creator's decision (the server refuses anyone else).
  const mayShare = !set || set.createdBy === me.userSid;

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() ?? "",
      codes: values.codes as PermissionSetBody["codes"],
      shared: values.shared,
    };
    setSaving(true);
    try {
      if (set) await updateSet(set.id, body);
      else await createSet(body);
      void message.success(t(set ? "iam.set.saved" : "iam.set.created"));
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(set ? "iam.set.editTitle" : "iam.set.createTitle")}
      okText={t(set ? "common.save" : "iam.set.create")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "strategy-form-submit" }}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: set?.name ?? "",
          description: set?.description ?? "",
          codes: set?.codes ?? [],
          shared: set?.shared ?? false,
        }}
      >
        <Form.Item required name="name" label={t("iam.set.name")} rules={[zodRule(shape.name, t)]}>
          <Input maxLength={128} data-testid="strategy-form-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t("iam.set.description")}
          rules={[zodRule(shape.description, t)]}
        >
          <Input.TextArea
            maxLength={256}
            showCount
            autoSize={{ minRows: 2 }}
            data-testid="strategy-form-description"
          />
        </Form.Item>
        <Form.Item
          name="shared"
          label={t("iam.set.shared")}
          valuePropName="checked"
          extra={mayShare ? t("iam.set.sharedHint") : t("iam.set.sharedCreatorOnly")}
        >
          <Switch disabled={!mayShare} data-testid="strategy-form-shared" />
        </Form.Item>
        <Form.Item
          required
          name="codes"
          label={t("iam.set.codes")}
          rules={[{ required: true, type: "array", min: 1, message: t("iam.set.codesRequired") }]}
        >
          {catalogue ? <CodePicker catalogue={catalogue} /> : <Skeleton active />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
