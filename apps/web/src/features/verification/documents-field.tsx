import type { UploadPurpose } from "@skyledger/contracts";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { filesRule } from "./form-rules";
import { UploadField } from "./upload-field";

type Props = {
  /** The form field, also the verification.fields.* and verification.what.* key naming it. */
  name: "portrait" | "emblem" | "license" | "attorney";
  purpose: UploadPurpose;
  max: number;
  hint: string;
  testId: string;
  /** i18n keys of the label and of what a missing file is called, when not the name's own. */
  labelKey?: string;
  whatKey?: string;
};

/** The documents a verification needs: at least one file, uploaded as soon as it is chosen. */
export function DocumentsField({ name, purpose, max, hint, testId, labelKey, whatKey }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(labelKey ?? `verification.fields.${name}`)}
      required
      extra={hint}
      rules={[filesRule(t, whatKey ?? `verification.what.${name}`)]}
    >
      <UploadField purpose={purpose} max={max} testId={testId} />
    </Form.Item>
  );
}
