// Lock-out policy, session lifetime and SMS step-up part of the `set` page.
import type { SecuritySettingsBody } from "@skyledger/contracts";
import { Col, Form, Row, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PolicyNumberField } from "./policy-number-field";

type Props = { platform: SecuritySettingsBody; disabled: boolean };

export function SecuritySection({ platform, disabled }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const lockout = Form.useWatch(["security", "lockoutPolicy"], form) as
    | Partial<SecuritySettingsBody["lockoutPolicy"]>
    | undefined;
  return (
    <>
      <Typography.Title level={5}>{t("settings.lockout.title")}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <PolicyNumberField
            name={["security", "lockoutPolicy", "maxFailures"]}
            field="maxFailures"
            label={t("settings.lockout.maxFailures")}
            platformValue={platform.lockoutPolicy.maxFailures}
            disabled={disabled}
            testId="settings-lockout-failures"
          />
        </Col>
        <Col xs={24} md={8}>
          <PolicyNumberField
            name={["security", "lockoutPolicy", "windowMinutes"]}
            field="windowMinutes"
            label={t("settings.lockout.windowMinutes")}
            platformValue={platform.lockoutPolicy.windowMinutes}
            unit="minutes"
            disabled={disabled}
            testId="settings-lockout-window"
          />
        </Col>
        <Col xs={24} md={8}>
          <PolicyNumberField
            name={["security", "lockoutPolicy", "lockMinutes"]}
            field="lockMinutes"
            label={t("settings.lockout.lockMinutes")}
            platformValue={platform.lockoutPolicy.lockMinutes}
            unit="minutes"
            disabled={disabled}
            testId="settings-lockout-lock"
          />
        </Col>
      </Row>
      {lockout?.maxFailures && lockout.windowMinutes && lockout.lockMinutes ? (
        <Typography.Paragraph type="secondary" data-testid="settings-lockout-summary">
          {t("settings.lockout.summary", {
            failures: lockout.maxFailures,
            window: lockout.windowMinutes,
            lock: lockout.lockMinutes,
          })}
        </Typography.Paragraph>
      ) : null}

      <Typography.Title level={5}>{t("settings.session.title")}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <PolicyNumberField
            name={["security", "sessionTtlMinutes"]}
            field="sessionTtlMinutes"
            label={t("settings.session.ttl")}
            platformValue={platform.sessionTtlMinutes}
            unit="minutes"
            hint={t("settings.session.ttlHint")}
            disabled={disabled}
            testId="settings-session-ttl"
          />
        </Col>
      </Row>

      <Typography.Title level={5}>{t("settings.stepUp.title")}</Typography.Title>
      <Form.Item
        name={["security", "stepUpEnabled"]}
        valuePropName="checked"
        label={t("settings.stepUp.label")}
        extra={t("settings.stepUp.hint", {
          value: t(platform.stepUpEnabled ? "settings.stepUp.on" : "settings.stepUp.off"),
        })}
      >
        <Switch disabled={disabled} data-testid="settings-stepup" />
      </Form.Item>
    </>
  );
}
