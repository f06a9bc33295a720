// The password policy part of the `set` page, with a live preview of the rules it makes.
import { PASSWORD_SPECIALS, type PasswordPolicyBody } from "@skyledger/contracts";
import { Alert, Checkbox, Col, Form, Input, Row, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordRules } from "../../../components/password-rules";
import { PolicyNumberField } from "./policy-number-field";

type Props = { platform: PasswordPolicyBody; disabled: boolean };

export function PasswordPolicySection({ platform, disabled }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched = Form.useWatch("password", form) as Partial<PasswordPolicyBody> | undefined;
  const [sample, setSample] = useState("");
  const minLength = () => form.getFieldValue(["password", "minLength"]) as number | undefined;
  // The preview follows the form as typed; half-typed numbers fall back to the platform's.
  const preview: PasswordPolicyBody = {
    minLength: watched?.minLength ?? platform.minLength,
    maxLength: watched?.maxLength ?? platform.maxLength,
    minDistinct: watched?.minDistinct ?? platform.minDistinct,
    expiryDays: watched?.expiryDays ?? platform.expiryDays,
    requireMixedCase: watched?.requireMixedCase ?? false,
  };

  return (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("settings.password.alwaysRequired", { specials: PASSWORD_SPECIALS })}
        />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <PolicyNumberField
              name={["password", "minLength"]}
              field="minLength"
              label={t("settings.password.minLength")}
              platformValue={platform.minLength}
              disabled={disabled}
              testId="settings-password-min"
            />
          </Col>
          <Col xs={24} sm={12}>
            <PolicyNumberField
              name={["password", "maxLength"]}
              field="maxLength"
              label={t("settings.password.maxLength")}
              platformValue={platform.maxLength}
              dependencies={[["password", "minLength"]]}
              extraCheck={(value) =>
                value < (minLength() ?? 0) ? t("settings.password.maxBelowMin") : undefined
              }
              disabled={disabled}
              testId="settings-password-max"
            />
          </Col>
          <Col xs={24} sm={12}>
            <PolicyNumberField
              name={["password", "minDistinct"]}
              field="minDistinct"
              label={t("settings.password.minDistinct")}
              platformValue={platform.minDistinct}
              dependencies={[["password", "minLength"]]}
              extraCheck={(value) =>
                value > (minLength() ?? Number.POSITIVE_INFINITY)
                  ? t("settings.password.distinctAboveMin")
                  : undefined
              }
              disabled={disabled}
              testId="settings-password-distinct"
            />
          </Col>
          <Col xs={24} sm={12}>
            <PolicyNumberField
              name={["password", "expiryDays"]}
              field="expiryDays"
              label={t("settings.password.expiryDays")}
              platformValue={platform.expiryDays}
              unit="days"
              hint={t("settings.password.expiryHint")}
              disabled={disabled}
              testId="settings-password-expiry"
            />
          </Col>
        </Row>
        <Form.Item name={["password", "requireMixedCase"]} valuePropName="checked">
          <Checkbox disabled={disabled} data-testid="settings-password-mixed-case">
            {t("settings.password.requireMixedCase")}
          </Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Text strong>{t("settings.password.preview")}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t("settings.password.previewHint")}
        </Typography.Paragraph>
        <Input.Password
          value={sample}
          onChange={(e) => setSample(e.target.value)}
          autoComplete="off"
          maxLength={64}
          aria-label={t("settings.password.previewInput")}
          placeholder={t("settings.password.previewInput")}
          data-testid="settings-password-preview"
        />
        <PasswordRules password={sample} policy={preview} />
      </Col>
    </Row>
  );
}
