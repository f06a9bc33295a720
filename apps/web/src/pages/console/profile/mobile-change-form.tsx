// The code goes to the NEW number; the server may first ask for SMS step-up on the current one
// (the API client opens that dialog on 406 and retries).
import { mobileChangeBody } from "@skyledger/contracts";
import { App, Button, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { applyFieldErrors, zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { changeMobile, refreshProfile, sendMobileCode } from "../../../features/profile/profile-api";
import { SMS_RESEND_SECONDS } from "../../../features/sms/sms-api";
import { useCountdown } from "../../../features/sms/use-countdown";
import { ContactChangeFrame } from "./contact-change-frame";
import { MobileVerification } from "./mobile-verification";

type Values = { mobile: string; smsCode: string };

export function MobileChangeForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    try {
      await form.validateFields(["mobile"]);
    } catch {
      return;
    }
    const mobile = (form.getFieldValue("mobile") as string).trim();
    setSending(true);
    try {
      const result = await sendMobileCode(mobile);
      countdown.start(result.resendAfterSeconds || SMS_RESEND_SECONDS);
      void message.success(t("profile.mobile.sent", { mobile }));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  const { saving, submit } = useFormSubmit(form, {
    action: async (values) => {
      await changeMobile(values.mobile.trim(), values.smsCode.trim());
      form.resetFields();
      await refreshProfile();
      void message.success(t("profile.mobile.changed"));
    },
  });

  return (
    <ContactChangeFrame kind="mobile" current={current}>
      <MobileVerification />
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="mobile"
          label={t("profile.mobile.new")}
          extra={t("profile.mobile.hint")}
          required
          rules={[zodRule(mobileChangeBody.shape.mobile, t)]}
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" data-testid="profile-mobile-new" />
        </Form.Item>
        <Form.Item label={t("profile.mobile.code")} required>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="smsCode" noStyle rules={[zodRule(mobileChangeBody.shape.smsCode, t)]}>
              <Input
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="profile-mobile-code"
              />
            </Form.Item>
            <Button
              onClick={() => void send()}
              loading={sending}
              disabled={countdown.running}
              data-testid="profile-mobile-send"
            >
              {countdown.running ? t("sms.resendIn", { seconds: countdown.left }) : t("profile.mobile.send")}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-mobile-submit">
          {t("profile.mobile.submit")}
        </Button>
      </Form>
    </ContactChangeFrame>
  );
}
