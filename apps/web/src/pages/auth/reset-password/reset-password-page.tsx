import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Form, Result, Spin } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy } from "../../../components/password-policy";
import { useFormSubmit } from "../../../components/use-form-submit";
import { api } from "../../../lib/api-client";

type Values = { newPassword: string; confirmPassword: string };

// The server accepts tokens of 10 to 200 characters; anything else cannot be a link it sent.
const plausible = (token: string) => token.length >= 10 && token.length <= 200;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [form] = Form.useForm<Values>();
  const platformPolicy = usePasswordPolicy(false);
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ["resetCheck", token],
    queryFn: () => api.call(endpoints.auth.checkResetLink, { query: { token }, anonymous: true }),
    enabled: plausible(token),
  });
  // A working link says its account's rules (a tenant may allow longer passwords than the platform).
  const policy = check.data?.policy ?? platformPolicy;

  const { saving: submitting, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await api.call(endpoints.auth.resetPassword, { body: { token, ...values }, anonymous: true });
      setDone(true);
    },
  });

  const invalid = !plausible(token) || check.isError || check.data?.valid === false;
  let body: ReactNode;
  if (done) {
    body = (
      <Result
        status="success"
        title={t("account.resetPassword.done")}
        subTitle={t("account.resetPassword.doneHint")}
        extra={
          <Link to="/login">
            <Button type="primary">{t("common.backToLogin")}</Button>
          </Link>
        }
        data-testid="reset-done"
      />
    );
  } else if (invalid) {
    body = (
      <Result
        status="warning"
        title={t("account.resetPassword.invalidTitle")}
        subTitle={t("account.resetPassword.invalidHint")}
        extra={
          <Link to="/retrieve">
            <Button type="primary">{t("account.resetPassword.requestNew")}</Button>
          </Link>
        }
        data-testid="reset-invalid"
      />
    );
  } else if (check.isPending) {
    body = <Spin />;
  } else {
    body = (
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <PasswordFields policy={policy} testIdPrefix="reset" />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="reset-submit">
          {t("account.resetPassword.submit")}
        </Button>
      </Form>
    );
  }

  return (
    <AuthLayout title={t("account.resetPassword.title")} width={480}>
      {body}
    </AuthLayout>
  );
}
