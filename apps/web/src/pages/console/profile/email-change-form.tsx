// A new address takes effect only once the link mailed to it is opened (page /edit/email).
import { emailChangeBody } from "@skyledger/contracts";
import { Alert, Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { refreshProfile, requestEmailChange, useProfileDetails } from "../../../features/profile/profile-api";
import { formatDateTime } from "../../../lib/format";
import { ContactChangeFrame } from "./contact-change-frame";

type Values = { email: string };

export function EmailChangeForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const details = useProfileDetails();
  const pending = details.data?.pendingEmail ?? null;
  const { saving: sending, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await requestEmailChange(values.email.trim());
      form.resetFields();
      await refreshProfile();
    },
  });

  return (
    <ContactChangeFrame kind="email" current={current}>
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
    </ContactChangeFrame>
  );
}
