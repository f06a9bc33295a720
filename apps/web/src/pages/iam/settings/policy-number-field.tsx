import { type PolicyField, TENANT_POLICY_LIMITS } from "@skyledger/contracts";
import { Form, InputNumber } from "antd";
import type { Rule } from "antd/es/form";
import type { NamePath } from "antd/es/form/interface";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  name: NamePath;
  field: PolicyField;
  label: string;
  /** The platform's value, shown under the field. */
  platformValue: number;
  unit?: "minutes" | "days";
  /** A rule between fields (e.g. maximum not below minimum), given the field's value. */
  extraCheck?: (value: number) => string | undefined;
  dependencies?: NamePath[];
  disabled: boolean;
  testId: string;
  hint?: ReactNode;
};

/** A whole number within the tenant limits the server applies (TENANT_POLICY_LIMITS). */
export function PolicyNumberField({
  name,
  field,
  label,
  platformValue,
  unit,
  extraCheck,
  dependencies,
  disabled,
  testId,
  hint,
}: Props) {
  const { t } = useTranslation();
  const { min, max } = TENANT_POLICY_LIMITS[field];
  const rule: Rule = {
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(t("validation.required"));
      if (!Number.isInteger(value) || value < min || value > max)
        throw new Error(t("validation.range", { min, max }));
      const problem = extraCheck?.(value);
      if (problem) throw new Error(problem);
    },
  };
  const suffix = unit ? t(`common.units.${unit}`) : undefined;
  return (
    <Form.Item
      required
      name={name}
      label={label}
      rules={[rule]}
      dependencies={dependencies}
      extra={
        <>
          {hint}
          {hint ? " " : null}
          {t("settings.platformValue", { value: suffix ? `${platformValue} ${suffix}` : platformValue })}
        </>
      }
    >
      <InputNumber
        min={min}
        max={max}
        precision={0}
        disabled={disabled}
        suffix={suffix}
        style={{ width: "100%" }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
