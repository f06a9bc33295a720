// Whether the phone on file is confirmed by its owner, and confirming it: a phone an administrator
// typed in cannot be used for SMS step-up until the user enters the code sent to it here.
import { mobileVerifyBody } from "@skyledger/contracts";
import { Alert, App, Button, Form, Input, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import {
  refreshProfile,
  sendVerifyCode,
  useProfileDetails,
  verifyMobile,
} from "../../../features/profile/profile-api";
import { SMS_RESEND_SECONDS } from "../../../features/sms/sms-api";
import { useCountdown } from "../../../features/sms/use-countdown";

type Values = { smsCode: string };

export function MobileVerification() {
  const { t } = useTranslation();
  const details = useProfileDetails();
  const mobile = details.data?.mobile;
  if (!mobile) return null;
  if (details.data?.mobileVerified)
    return (
      <Tag color="success" data-testid="profile-mobile-verified">
        {t("profile.mobile.verified")}
      </Tag>
    );
  return <VerifyForm mobile={mobile} />;
}

function VerifyForm({ mobile }: { mobile: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const { saving, submit } = useFormSubmit(form, {
    action: async (values) => {
      await verifyMobile(values.smsCode.trim());
      form.resetFields();
      await refreshProfile();
      void message.success(t("profile.mobile.verifiedDone"));
    },
  });

  const send = async () => {
    setSending(true);
    try {
      const result = await sendVerifyCode();
      countdown.start(result.resendAfterSeconds || SMS_RESEND_SECONDS);
      void message.success(t("profile.mobile.sent", { mobile }));
    } catch {
      // Shown by the API client.
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      data-testid="profile-mobile-unverified"
      title={<Tag color="warning">{t("profile.mobile.unverified")}</Tag>}
      description={
        <Space orientation="vertical" style={{ width: "100%" }}>
          {t("profile.mobile.verifyIntro")}
          <Form form={form} layout="inline" onFinish={() => void submit()}>
            <Form.Item
              name="smsCode"
              label={t("profile.mobile.verifyCode")}
              rules={[zodRule(mobileVerifyBody.shape.smsCode, t)]}
            >
              <Input
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                data-testid="profile-mobile-verify-code"
              />
            </Form.Item>
            <Button
              onClick={() => void send()}
              loading={sending}
              disabled={countdown.running}
              data-testid="profile-mobile-verify-send"
            >
              {countdown.running ? t("sms.resendIn", { seconds: countdown.left }) : t("profile.mobile.send")}
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={saving}
              data-testid="profile-mobile-verify-submit"
            >
              {t("profile.mobile.verifySubmit")}
            </Button>
          </Form>
        </Space>
      }
    />
  );
}
