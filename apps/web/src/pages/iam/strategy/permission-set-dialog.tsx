// Creating or editing a custom permission set: name, description, codes and the shared flag
// (a shared set is used by every administrator but changed only by its creator).
import { type PermissionSetBody, permissionSetBody } from "@skyledger/contracts";
import { App, Form, Input, Skeleton, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import {
  createSet,
  type PermissionCatalogueItem,
  type PermissionSetRow,
  updateSet,
} from "../../../features/iam/iam-api";
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
  // Sharing is the creator's decision (the server refuses anyone else).
  const mayShare = !set || set.createdBy === me.userSid;

  const submit = async (values: Values) => {
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() ?? "",
      codes: values.codes as PermissionSetBody["codes"],
      shared: values.shared,
    };
    if (set) await updateSet(set.id, body);
    else await createSet(body);
    void message.success(t(set ? "iam.set.saved" : "iam.set.created"));
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t(set ? "iam.set.editTitle" : "iam.set.createTitle")}
      okText={t(set ? "common.save" : "iam.set.create")}
      submitTestId="strategy-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      width={760}
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
      <Form.Item name="description" label={t("iam.set.description")} rules={[zodRule(shape.description, t)]}>
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
    </FormDialog>
  );
}
