// A new address takes effect only once the link mailed to it is opened (page /edit/email).
import { emailChangeBody } from "@skyledger/contracts";
import { Alert, Button, Descriptions, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refreshProfile, requestEmailChange, useProfileDetails } from "../../../features/profile/profile-api";
import { applyFieldErrors, zodRule } from "../../../lib/form-rules";
import { formatDateTime } from "../../../lib/format";

type Values = { email: string };

export function EmailChangeForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const details = useProfileDetails();
  const [sending, setSending] = useState(false);
  const pending = details.data?.pendingEmail ?? null;

  const submit = async (values: Values) => {
    setSending(true);
    try {
      await requestEmailChange(values.email.trim());
      form.resetFields();
      await refreshProfile();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: "100%", maxWidth: 520 }}>
      <Descriptions
        column={1}
        items={[
          {
            key: "current",
            label: t("profile.email.current"),
            children: current ?? t("profile.email.none"),
          },
        ]}
      />
      {pending && (
        <Alert
          type="info"
          showIcon
          data-testid="profile-email-pending"
          title={t("profile.email.sent", { email: pending.email, time: formatDateTime(pending.expiresAt) })}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item label={t("profile.email.new")} extra={t("profile.email.hint")} required>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="email" noStyle rules={[zodRule(emailChangeBody.shape.email, t)]}>
              <Input type="email" maxLength={128} autoComplete="email" data-testid="profile-email-new" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={sending} data-testid="profile-email-submit">
              {t("profile.email.submit")}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Space>
  );
}
