import { endpoints } from "@skyledger/contracts";
// Spec §2/§8: an HTTP 406 asks for a 6-digit SMS code; once verified the API client retries the
// refused call.
import { Alert, Form, Modal, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SmsCodeFields } from "../../features/sms/sms-code-fields";
import { api } from "../../lib/api-client";
import { usePublicConfig } from "../../lib/system-config";
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
  const [verifying, setVerifying] = useState(false);

  const confirm = async () => {
    const { smsCode } = await form.validateFields(["smsCode"]);
    setVerifying(true);
    try {
      await api.call(endpoints.auth.stepUpVerify, { body: { smsCode: smsCode.trim() } });
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
          <SmsCodeFields
            purpose="stepup"
            captchaOn={captchaOn}
            testIds={{ captcha: "sms-verify-captcha", code: "sms-verify-code", send: "sms-verify-send" }}
          />
        </Form>
      </Space>
    </Modal>
  );
}
