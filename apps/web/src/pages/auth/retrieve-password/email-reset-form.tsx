import { endpoints, v } from "@skyledger/contracts";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { ApiError, api } from "../../../lib/api-client";

export function EmailResetForm({ onSent }: { onSent(email: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const { saving: submitting, run: submit } = useFormSubmit(form, {
    action: async ({ email }) => {
      setProblem(null);
      await api.call(endpoints.auth.forgotPasswordByEmail, {
        body: { email: email.trim() },
        anonymous: true,
      });
      onSent(email.trim());
    },
    // E.g. mail not configured by the administrator: keep the reason on screen, not just in a toast.
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setProblem(error.message);
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(data) => void submit(data)}>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginBottom: 16 }}
          data-testid="retrieve-email-problem"
        />
      )}
      <Form.Item
        required
        name="email"
        label={t("account.retrievePassword.email")}
        rules={[zodRule(v.email, t)]}
        extra={t("account.retrievePassword.emailHint")}
      >
        <Input type="email" autoComplete="email" maxLength={128} data-testid="retrieve-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="retrieve-email-submit">
        {t("account.retrievePassword.submitEmail")}
      </Button>
    </Form>
  );
}
