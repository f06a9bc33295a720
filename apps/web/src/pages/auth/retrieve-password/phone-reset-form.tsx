import { v } from "@skyledger/contracts";
import { Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../../features/config/system-config";
import { PasswordFields } from "../../../features/password/password-fields";
import { usePasswordPolicy } from "../../../features/password/password-policy";
import { CaptchaInput } from "../../../features/sms/captcha-input";
import { useCaptcha } from "../../../features/sms/sms-api";
import { SmsSendButton } from "../../../features/sms/sms-send-button";
import { api } from "../../../lib/api-client";
import { applyFieldErrors, zodRule } from "../../../lib/form-rules";

type Values = {
  phone: string;
  captcha?: string;
  smsCode: string;
  newPassword: string;
  confirmPassword: string;
};

export function PhoneResetForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { values } = usePublicConfig();
  const captchaOn = values.flag("captcha.open");
  const captcha = useCaptcha(captchaOn);
  const policy = usePasswordPolicy(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (data: Values) => {
    setSubmitting(true);
    try {
      await api.post(
        "/users/forget_password/sms",
        {
          phone: data.phone.trim(),
          smsCode: data.smsCode.trim(),
          newPassword: data.newPassword,
          confirmPassword: data.confirmPassword,
        },
        { anonymous: true },
      );
      onDone();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(data) => void submit(data)}>
      <Form.Item
        required
        name="phone"
        label={t("account.retrievePassword.phone")}
        rules={[zodRule(v.phone, t)]}
      >
        <Input type="tel" autoComplete="tel" maxLength={11} data-testid="retrieve-phone" />
      </Form.Item>
      {captchaOn && (
        <Form.Item
          name="captcha"
          label={t("sms.captcha")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <CaptchaInput
            captcha={captcha.data}
            onRefresh={() => void captcha.refetch()}
            testId="retrieve-captcha"
          />
        </Form.Item>
      )}
      <Form.Item label={t("sms.code")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="smsCode" noStyle rules={[zodRule(v.smsCode, t)]}>
            <Input
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label={t("sms.code")}
              placeholder={t("sms.codePlaceholder")}
              data-testid="retrieve-sms-code"
            />
          </Form.Item>
          <SmsSendButton
            purpose="reset"
            testId="retrieve-sms-send"
            collect={async () => {
              const fields = await form.validateFields(captchaOn ? ["phone", "captcha"] : ["phone"]);
              return captchaOn
                ? { phone: fields.phone.trim(), captchaId: captcha.data?.captchaId, captcha: fields.captcha }
                : { phone: fields.phone.trim() };
            }}
            onFailed={() => captchaOn && void captcha.refetch()}
          />
        </Space.Compact>
      </Form.Item>
      <PasswordFields policy={policy} testIdPrefix="retrieve-new" />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="retrieve-submit">
        {t("account.retrievePassword.submitPhone")}
      </Button>
    </Form>
  );
}
