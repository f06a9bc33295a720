import { checkPassword, type PasswordPolicy, v } from "@skyledger/contracts";
import { Form, Input } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import { zodRule } from "./form-rules";
import { PasswordRules } from "./password-rules";

type Props = {
  policy: PasswordPolicy;
  /** Field names; register uses "password", the reset forms "newPassword". */
  name?: string;
  confirmName?: string;
  /** When given, the new password must differ from this field's value (spec §5). */
  differentFrom?: string;
  testIdPrefix: string;
  label?: string;
};

/** New password with live rules, and its confirmation. */
export function PasswordFields({
  policy,
  name = "newPassword",
  confirmName = "confirmPassword",
  differentFrom,
  testIdPrefix,
  label,
}: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = (Form.useWatch(name, form) as string | undefined) ?? "";

  const policyRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      if (!value) return;
      if (checkPassword(value, policy).length > 0) throw new Error(t("validation.passwordPolicy"));
      if (differentFrom && value === form.getFieldValue(differentFrom))
        throw new Error(t("validation.passwordSame"));
    },
  };
  const confirmRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== form.getFieldValue(name)) throw new Error(t("validation.passwordMismatch"));
    },
  };

  return (
    <>
      <Form.Item
        required
        name={name}
        label={label ?? t("password.new")}
        rules={[zodRule(v.password, t), policyRule]}
        extra={<PasswordRules password={password} policy={policy} />}
        validateFirst
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={policy.maxLength}
          data-testid={`${testIdPrefix}-password`}
        />
      </Form.Item>
      <Form.Item
        required
        name={confirmName}
        label={t("password.confirm")}
        dependencies={[name]}
        rules={[zodRule(v.password, t), confirmRule]}
        validateFirst
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={policy.maxLength}
          data-testid={`${testIdPrefix}-confirm`}
        />
      </Form.Item>
    </>
  );
}
