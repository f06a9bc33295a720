// The picture code (when the platform asks for one) and the SMS code with its send button, as the
// sign-up, phone password reset and step-up forms show them. Sending first validates the fields the
// code depends on; a refused send asks for a new picture, which is single-use. A new picture
// empties the typed answer: the old one cannot be right for it, and the sign-up form's look-ups
// would spend the new picture with it.
import { type SmsPurpose, v } from "@skyledger/contracts";
import { Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../components/form-rules";
import { CaptchaInput } from "./captcha-input";
import { useCaptcha } from "./sms-api";
import { SmsSendButton } from "./sms-send-button";

type Props = {
  purpose: SmsPurpose;
  captchaOn: boolean;
  /** The form's field with the number the code goes to; none for a step-up (the user's own number). */
  phoneField?: string;
  /** Shows the "click the picture for a new one" hint under the picture code. */
  captchaHint?: boolean;
  /** Called when the picture code field is left with an answer typed (sign-up re-runs its look-ups). */
  onCaptchaTyped?: () => void;
  testIds: { captcha: string; code: string; send: string };
};

export function SmsCodeFields({
  purpose,
  captchaOn,
  phoneField,
  captchaHint,
  onCaptchaTyped,
  testIds,
}: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const captcha = useCaptcha(captchaOn);
  const refresh = () => {
    form.setFieldValue("captcha", undefined);
    void captcha.refetch();
  };

  const collect = async () => {
    const names = [...(phoneField ? [phoneField] : []), ...(captchaOn ? ["captcha"] : [])];
    if (names.length === 0) return {};
    const fields = (await form.validateFields(names)) as Record<string, string>;
    return {
      ...(phoneField ? { phone: fields[phoneField]!.trim() } : {}),
      ...(captchaOn ? { captchaId: captcha.data?.captchaId, captcha: fields.captcha } : {}),
    };
  };

  return (
    <>
      {captchaOn && (
        <Form.Item
          name="captcha"
          label={t("sms.captcha")}
          rules={[{ required: true, message: t("validation.required") }]}
          extra={captchaHint ? t("sms.captchaHint") : undefined}
        >
          <CaptchaInput
            captcha={captcha.data}
            onRefresh={refresh}
            onBlur={() => {
              if (String(form.getFieldValue("captcha") ?? "").trim()) onCaptchaTyped?.();
            }}
            testId={testIds.captcha}
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
              data-testid={testIds.code}
            />
          </Form.Item>
          <SmsSendButton
            purpose={purpose}
            testId={testIds.send}
            collect={collect}
            onFailed={() => captchaOn && refresh()}
          />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
