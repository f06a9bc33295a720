import { endpoints, v } from "@skyledger/contracts";
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy, useResetCodePolicy } from "../../../components/password-policy";
import { useFormSubmit } from "../../../components/use-form-submit";
import { SmsCodeFields } from "../../../features/sms/sms-code-fields";
import { api } from "../../../lib/api-client";
import { usePublicConfig } from "../../../lib/system-config";

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
  const phone = Form.useWatch("phone", form) as string | undefined;
  const smsCode = Form.useWatch("smsCode", form) as string | undefined;
  // The platform's rules until the code proves the phone; then those of the phone's account.
  const platformPolicy = usePasswordPolicy(false);
  const policy = useResetCodePolicy(phone?.trim(), smsCode?.trim()) ?? platformPolicy;
  const { saving: submitting, run: submit } = useFormSubmit(form, {
    action: async (data) => {
      await api.call(endpoints.auth.forgotPasswordBySms, {
        body: {
          phone: data.phone.trim(),
          smsCode: data.smsCode.trim(),
          newPassword: data.newPassword,
          confirmPassword: data.confirmPassword,
        },
        anonymous: true,
      });
      onDone();
    },
  });

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
      <SmsCodeFields
        purpose="reset"
        captchaOn={captchaOn}
        phoneField="phone"
        testIds={{ captcha: "retrieve-captcha", code: "retrieve-sms-code", send: "retrieve-sms-send" }}
      />
      <PasswordFields policy={policy} testIdPrefix="retrieve-new" />
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="retrieve-submit">
        {t("account.retrievePassword.submitPhone")}
      </Button>
    </Form>
  );
}
