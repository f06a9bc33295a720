// Changing a sub-user's name, e-mail and phone (the account name never changes).
import { subUserProfile } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { type SubUserDetail, updateUser } from "../../../features/iam/iam-api";
import { unusedRule } from "../../../features/iam/unique-rule";

type Values = { realName: string; email: string; mobile: string };
type Props = { user: SubUserDetail; open: boolean; onClose(): void; onSaved(): void };

const shape = subUserProfile.shape;

export function UserEditDialog({ user, open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    await updateUser(user.userSid, {
      realName: values.realName.trim(),
      email: values.email.trim(),
      mobile: values.mobile.trim(),
    });
    void message.success(t("iam.user.saved"));
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("iam.user.editTitle", { account: user.account })}
      okText={t("common.save")}
      submitTestId="user-edit-submit"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ realName: user.realName ?? "", email: user.email ?? "", mobile: user.mobile ?? "" }}
    >
      <Form.Item required name="realName" label={t("iam.user.realName")} rules={[zodRule(shape.realName, t)]}>
        <Input maxLength={128} data-testid="user-edit-name" />
      </Form.Item>
      <Form.Item
        required
        name="email"
        label={t("iam.user.email")}
        rules={[zodRule(shape.email, t), unusedRule("email", t, user.email ?? undefined)]}
        validateFirst
      >
        <Input maxLength={128} data-testid="user-edit-email" />
      </Form.Item>
      <Form.Item
        required
        name="mobile"
        label={t("iam.user.mobile")}
        rules={[zodRule(shape.mobile, t), unusedRule("mobile", t, user.mobile ?? undefined)]}
        validateFirst
      >
        <Input maxLength={11} data-testid="user-edit-mobile" />
      </Form.Item>
    </FormDialog>
  );
}
