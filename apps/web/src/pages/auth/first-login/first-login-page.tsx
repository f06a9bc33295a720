// Spec §2: the first login forces a new password before the console opens.
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy } from "../../../components/password-policy";
import { useFormSubmit } from "../../../components/use-form-submit";
import { firstLogin, logout } from "../../../features/auth/auth-api";
import { ApiError } from "../../../lib/api-client";
import { hasSession } from "../../../lib/session";

type Values = { newPassword: string; confirmPassword: string };

function FirstLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const policy = usePasswordPolicy(true);
  const { saving: submitting, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await firstLogin(values.newPassword, values.confirmPassword);
      await queryClient.invalidateQueries({ queryKey: ["currentUser"] });
      await navigate("/", { replace: true });
    },
    onOtherError: async (error) => {
      // Already changed (e.g. in another tab): the console can open.
      if (error instanceof ApiError && error.code === 20020) await navigate("/", { replace: true });
    },
  });

  const leave = async () => {
    await logout();
    queryClient.clear();
    await navigate("/login", { replace: true });
  };

  return (
    <>
      <Alert type="info" showIcon title={t("account.firstLogin.notice")} style={{ marginBottom: 24 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <PasswordFields policy={policy} testIdPrefix="first-login" />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="first-login-submit">
          {t("account.firstLogin.submit")}
        </Button>
      </Form>
      <Button
        type="link"
        block
        onClick={() => void leave()}
        style={{ marginTop: 8 }}
        data-testid="first-login-logout"
      >
        {t("account.firstLogin.logout")}
      </Button>
    </>
  );
}

export function FirstLoginPage() {
  const { t } = useTranslation();
  if (!hasSession()) return <Navigate to="/login" replace />;
  return (
    <AuthLayout title={t("account.firstLogin.title")} width={480}>
      <FirstLoginForm />
    </AuthLayout>
  );
}
