import { registerBody, v } from "@skyledger/contracts";
import { Checkbox, Col, Form, Input, Row, Select } from "antd";
import type { Rule } from "antd/es/form";
import { Trans, useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { NewTabLink } from "../../../components/new-tab-link";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy } from "../../../components/password-policy";
import { useDictOptions } from "../../../features/dict/use-dict";
import { SmsCodeFields } from "../../../features/sms/sms-code-fields";
import { useRegisterValidators } from "./register-validators";

export type RegisterValues = {
  account: string;
  companyName: string;
  email: string;
  mobile: string;
  captcha?: string;
  smsCode: string;
  industry: string;
  applicationScenario: string;
  personnelSize: string;
  invitationCode: string;
  address?: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
};

const shape = registerBody.shape;
const BOTH = ["onChange", "onBlur"];
const UNIQUE = ["account", "email", "mobile"] as const;

export function RegisterFields({ captchaOn }: { captchaOn: boolean }) {
  const { t } = useTranslation();
  const policy = usePasswordPolicy(false);
  const form = Form.useFormInstance<RegisterValues>();
  const check = useRegisterValidators(t, captchaOn);
  // While captcha is open the look-ups wait for the picture code: once it is typed, the filled
  // fields are checked (answers already known are not asked again).
  const recheckUnique = () => {
    const filled = UNIQUE.filter((name) => String(form.getFieldValue(name) ?? "").trim());
    if (filled.length) form.validateFields(filled).catch(() => undefined);
  };
  const industries = useDictOptions("INDUSTRY_TYPE");
  const scenarios = useDictOptions("APPLICATION_SCENARIO");
  const sizes = useDictOptions("PERSONNEL_SIZE");
  const required: Rule = { required: true, message: t("validation.required") };
  const agreementRule: Rule = {
    validator: async (_rule, value: boolean | undefined) => {
      if (value !== true) throw new Error(t("account.register.agreementRequired"));
    },
  };
  const half = { xs: 24, sm: 12 };

  return (
    <>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            required
            name="account"
            label={t("account.register.account")}
            validateTrigger={BOTH}
            extra={t("account.register.accountHint")}
            rules={[zodRule(shape.account, t), check.unused("account")]}
            validateFirst
          >
            <Input autoComplete="username" maxLength={16} data-testid="register-account" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            required
            name="companyName"
            label={t("account.register.companyName")}
            rules={[zodRule(shape.companyName, t)]}
          >
            <Input autoComplete="organization" maxLength={128} data-testid="register-company" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            required
            name="email"
            label={t("account.register.email")}
            validateTrigger={BOTH}
            rules={[zodRule(shape.email, t), check.unused("email")]}
            validateFirst
          >
            <Input type="email" autoComplete="email" maxLength={128} data-testid="register-email" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            required
            name="mobile"
            label={t("account.register.mobile")}
            validateTrigger={BOTH}
            rules={[zodRule(shape.mobile, t), check.unused("mobile")]}
            validateFirst
          >
            <Input type="tel" autoComplete="tel" maxLength={11} data-testid="register-mobile" />
          </Form.Item>
        </Col>
      </Row>
      <SmsCodeFields
        purpose="register"
        captchaOn={captchaOn}
        phoneField="mobile"
        captchaHint
        onCaptchaTyped={recheckUnique}
        testIds={{ captcha: "register-captcha", code: "register-sms-code", send: "register-sms-send" }}
      />
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="industry" label={t("account.register.industry")} rules={[required]}>
            <Select
              options={industries.options}
              loading={industries.loading}
              showSearch={{ optionFilterProp: "label" }}
              data-testid="register-industry"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="applicationScenario"
            label={t("account.register.applicationScenario")}
            rules={[required]}
          >
            <Select options={scenarios.options} loading={scenarios.loading} data-testid="register-scenario" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="personnelSize" label={t("account.register.personnelSize")} rules={[required]}>
            <Select options={sizes.options} loading={sizes.loading} data-testid="register-size" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item
            required
            name="invitationCode"
            label={t("account.register.invitationCode")}
            validateTrigger={BOTH}
            rules={[zodRule(shape.invitationCode, t), check.invitation]}
            validateFirst
          >
            <Input maxLength={64} autoComplete="off" data-testid="register-invitation" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="address"
            label={t("account.register.address")}
            rules={[zodRule(v.generalInput, t, { optional: true })]}
          >
            <Input autoComplete="street-address" maxLength={64} data-testid="register-address" />
          </Form.Item>
        </Col>
      </Row>
      <PasswordFields
        policy={policy}
        name="password"
        testIdPrefix="register"
        label={t("account.register.password")}
      />
      <Form.Item name="agreement" valuePropName="checked" rules={[agreementRule]}>
        <Checkbox data-testid="register-agreement">
          <Trans
            i18nKey="account.register.agreement"
            components={{
              agreement: <NewTabLink href="/agreement" />,
              privacy: <NewTabLink href="/privacyStatement" />,
            }}
          />
        </Checkbox>
      </Form.Item>
    </>
  );
}
