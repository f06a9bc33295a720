import { Col, Form, InputNumber, Row } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";

type FieldDef = { field: string; min: number; max: number; unit?: string };

// Bounds keep an operator from locking everybody out with a typo.
const PASSWORD_FIELDS: FieldDef[] = [
  { field: "minLength", min: 4, max: 64 },
  { field: "maxLength", min: 4, max: 64 },
  { field: "minDistinct", min: 1, max: 64 },
  { field: "expiryDays", min: 0, max: 3650, unit: "days" },
];
const LOCKOUT_FIELDS: FieldDef[] = [
  { field: "maxFailures", min: 1, max: 100 },
  { field: "windowMinutes", min: 1, max: 1440, unit: "minutes" },
  { field: "lockMinutes", min: 1, max: 10080, unit: "minutes" },
];

function PolicyFields({
  configKey,
  fields,
  group,
}: {
  configKey: string;
  fields: FieldDef[];
  group: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const range = (def: FieldDef): Rule => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(t("validation.required"));
      if (!Number.isInteger(value) || value < def.min || value > def.max)
        throw new Error(t("validation.range", { min: def.min, max: def.max }));
      if (def.field === "maxLength" && value < (form.getFieldValue([configKey, "minLength"]) ?? 0))
        throw new Error(t("ops.config.maxBelowMin"));
    },
  });
  return (
    <Row gutter={16}>
      {fields.map((def) => (
        <Col key={def.field} xs={24} sm={12} lg={6}>
          <Form.Item
            name={[configKey, def.field]}
            label={t(`ops.config.${group}.${def.field}`)}
            rules={[range(def)]}
            dependencies={def.field === "maxLength" ? [[configKey, "minLength"]] : undefined}
          >
            <InputNumber
              min={def.min}
              max={def.max}
              precision={0}
              style={{ width: "100%" }}
              suffix={def.unit ? t(`common.units.${def.unit}`) : undefined}
              data-testid={`config-${group}-${def.field}`}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

export const PasswordPolicyFields = ({ configKey }: { configKey: string }) => (
  <PolicyFields configKey={configKey} fields={PASSWORD_FIELDS} group="passwordPolicy" />
);
export const LockoutPolicyFields = ({ configKey }: { configKey: string }) => (
  <PolicyFields configKey={configKey} fields={LOCKOUT_FIELDS} group="lockoutPolicy" />
);
