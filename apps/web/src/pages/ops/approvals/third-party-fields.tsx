// What an operator enters when activating a third-party service, delivered by hand at the partner's
// cloud: the partner's instance reference (required, 1 to 128 characters) and an optional access
// note the tenant reads on the resource.
import { orderActivateBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";

export type ThirdPartyDelivery = { externalRef?: string; accessNote?: string };

const { externalRef, accessNote } = orderActivateBody.shape;

export function ThirdPartyFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="externalRef"
        label={t("services.approvals.externalRef")}
        extra={t("services.approvals.externalRefHint")}
        required
        rules={[zodRule(externalRef.unwrap(), t)]}
      >
        <Input maxLength={128} data-testid="approval-external-ref" />
      </Form.Item>
      <Form.Item
        name="accessNote"
        label={t("services.approvals.accessNote")}
        extra={t("services.approvals.accessNoteHint")}
        rules={[zodRule(accessNote.unwrap(), t, { optional: true })]}
      >
        <Input.TextArea
          maxLength={512}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="approval-access-note"
        />
      </Form.Item>
    </>
  );
}

/** The delivery as the API takes it: trimmed, the empty note left out. */
export function deliveryOf(values: ThirdPartyDelivery): ThirdPartyDelivery {
  const note = values.accessNote?.trim();
  return { externalRef: values.externalRef?.trim() ?? "", ...(note ? { accessNote: note } : {}) };
}
