// Spec §2/§8: an HTTP 406 asks for a 6-digit SMS code; once verified the API client retries the
// refused call.
import { v } from "@skyledger/contracts";
import { Alert, Form, Input, Modal, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../features/config/system-config";
import { CaptchaInput } from "../../features/sms/captcha-input";
import { useCaptcha } from "../../features/sms/sms-api";
import { SmsSendButton } from "../../features/sms/sms-send-button";
import { api } from "../../lib/api-client";
import { zodRule } from "../../lib/form-rules";
import { WithQueries } from "../query-layout";
import { dialogStore } from "./dialog-store";

type Values = { smsCode: string; captcha?: string };

export function StepUpDialog() {
  return (
    <WithQueries>
      <StepUpForm />
    </WithQueries>
  );
}

function StepUpForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { values } = usePublicConfig();
  const captchaOn = values.flag("captcha.open");
  const captcha = useCaptcha(captchaOn);
  const [verifying, setVerifying] = useState(false);

  const confirm = async () => {
    const { smsCode } = await form.validateFields(["smsCode"]);
    setVerifying(true);
    try {
      await api.post("/users/2FA/verify", { smsCode: smsCode.trim() });
      dialogStore.finishStepUp(true);
    } catch {
      // The client already showed why (wrong or expired code); the dialog stays open for a retry.
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal
      open
      title={t("console.stepUp.title")}
      okText={t("console.stepUp.confirm")}
      cancelText={t("common.cancel")}
      onOk={() => void confirm()}
      onCancel={() => dialogStore.finishStepUp(false)}
      confirmLoading={verifying}
      mask={{ closable: false }}
      okButtonProps={{ "data-testid": "sms-verify-confirm" }}
      cancelButtonProps={{ "data-testid": "sms-verify-cancel" }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: "100%" }} data-testid="sms-verify-dialog">
        <Alert type="info" showIcon title={t("console.stepUp.description")} />
        <Form form={form} layout="vertical" onFinish={() => void confirm()}>
          {captchaOn && (
            <Form.Item
              name="captcha"
              label={t("sms.captcha")}
              rules={[{ required: true, message: t("validation.required") }]}
            >
              <CaptchaInput
                captcha={captcha.data}
                onRefresh={() => void captcha.refetch()}
                testId="sms-verify-captcha"
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
                  placeholder={t("sms.codePlaceholder")}
                  aria-label={t("sms.code")}
                  data-testid="sms-verify-code"
                />
              </Form.Item>
              <SmsSendButton
                purpose="stepup"
                testId="sms-verify-send"
                collect={async () => {
                  if (!captchaOn) return {};
                  const { captcha: text } = await form.validateFields(["captcha"]);
                  return { captchaId: captcha.data?.captchaId, captcha: text };
                }}
                onFailed={() => captchaOn && void captcha.refetch()}
              />
            </Space.Compact>
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
