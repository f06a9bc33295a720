// Changing the password may first answer 406: the API client then asks for an SMS code and retries.
import { passwordChangeBody } from "@skyledger/contracts";
import { App, Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy } from "../../../components/password-policy";
import { useFormSubmit } from "../../../components/use-form-submit";
import { changePassword } from "../../../features/auth/auth-api";
import { ApiError } from "../../../lib/api-client";

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const policy = usePasswordPolicy(true);
  const { saving: submitting, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await changePassword(values);
      form.resetFields();
      void message.success(t("console.profile.passwordChanged"));
    },
    // A wrong old password is a business refusal; it belongs on the old password's field.
    onOtherError: (error) => {
      if (error instanceof ApiError && error.code === 20018)
        form.setFields([{ name: "oldPassword", errors: [error.message] }]);
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} style={{ maxWidth: 420 }}>
      <Form.Item
        required
        name="oldPassword"
        label={t("password.old")}
        rules={[zodRule(passwordChangeBody.shape.oldPassword, t)]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} data-testid="profile-old-password" />
      </Form.Item>
      <PasswordFields policy={policy} differentFrom="oldPassword" testIdPrefix="profile-new" />
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="profile-password-submit">
        {t("console.profile.changePassword")}
      </Button>
    </Form>
  );
}
