import { type RegisterBody, registerBody } from "@skyledger/contracts";
import { Button, Form, Result, Spin } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { applyFieldErrors, issueText } from "../../../components/form-rules";
import { register } from "../../../features/auth/auth-api";
import { ApiError } from "../../../lib/api-client";
import { usePublicConfig } from "../../../lib/system-config";
import { RegisterFields, type RegisterValues } from "./register-fields";

// Business answers that belong to one field: the toast explains, the field shows where.
const BUSINESS_FIELDS: Record<number, keyof RegisterValues> = {
  20008: "smsCode",
  20012: "captcha",
  20013: "invitationCode",
  20019: "agreement",
};

export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const config = usePublicConfig();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (config.isPending) {
    return (
      <AuthLayout title={t("account.register.title")}>
        <Spin />
      </AuthLayout>
    );
  }

  if (config.values.get("register.enable") === "false") {
    return (
      <AuthLayout title={t("account.register.title")}>
        <Result
          status="info"
          title={t("account.register.closedTitle")}
          subTitle={t("account.register.closedDescription")}
          extra={
            <Link to="/login" data-testid="register-closed-login">
              {t("common.backToLogin")}
            </Link>
          }
          data-testid="register-closed"
        />
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title={t("account.register.title")}>
        <Result
          status="success"
          title={t("account.register.successTitle")}
          subTitle={t("account.register.successDescription", { account: done })}
          extra={
            <Link to="/login">
              <Button type="primary" data-testid="register-success-login">
                {t("account.register.goLogin")}
              </Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  const submit = async (values: RegisterValues) => {
    const body: RegisterBody = {
      account: values.account.trim(),
      companyName: values.companyName.trim(),
      email: values.email.trim(),
      mobile: values.mobile.trim(),
      smsCode: values.smsCode.trim(),
      industry: values.industry,
      applicationScenario: values.applicationScenario,
      personnelSize: values.personnelSize,
      invitationCode: values.invitationCode.trim(),
      address: values.address?.trim() ?? "",
      password: values.password,
      confirmPassword: values.confirmPassword,
      agreement: values.agreement === true,
    };
    // The shared schema is the last gate before the request, exactly as the server will judge it.
    const parsed = registerBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof RegisterValues,
          errors: [issueText(issue.message, t)],
        })),
      );
      return;
    }
    setSubmitting(true);
    try {
      await register(parsed.data);
      setDone(parsed.data.account);
    } catch (error) {
      if (!applyFieldErrors(form, error) && error instanceof ApiError) {
        const field = BUSINESS_FIELDS[error.code];
        if (field) form.setFields([{ name: field, errors: [error.message] }]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("account.register.title")} subtitle={t("account.register.subtitle")} width={640}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        scrollToFirstError
        initialValues={{ agreement: false }}
      >
        <RegisterFields captchaOn={config.values.flag("captcha.open")} />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          {t("account.register.submit")}
        </Button>
      </Form>
      <p style={{ marginTop: 16, textAlign: "center" }}>
        {t("account.register.haveAccount")} <Link to="/login">{t("account.register.loginLink")}</Link>
      </p>
    </AuthLayout>
  );
}
