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
};

/** The documents a verification needs: at least one file, uploaded as soon as it is chosen. */
export function DocumentsField({ name, purpose, max, hint, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`verification.fields.${name}`)}
      required
      extra={hint}
      rules={[filesRule(t, name)]}
    >
      <UploadField purpose={purpose} max={max} testId={testId} />
    </Form.Item>
  );
}
