import { type InvitationCode, invitationCreate } from "@skyledger/contracts";
import { DatePicker, Form, Input, InputNumber, Modal } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client";
import { applyFieldErrors, zodRule } from "../../../lib/form-rules";

type Values = { count: number; maxUses: number; expiresAt?: Dayjs | null; remark?: string };

type Props = { open: boolean; onClose(): void; onCreated(codes: InvitationCode[]): void };

const shape = invitationCreate.shape;

export function InvitationCreateDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const codes = await api.post<InvitationCode[]>("/ops/invitation_codes", {
        count: values.count,
        maxUses: values.maxUses,
        expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null,
        remark: values.remark?.trim() ?? "",
      });
      form.resetFields();
      onCreated(codes);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("ops.invitation.createTitle")}
      okText={t("ops.invitation.create")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "invitation-create-submit" }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ count: 1, maxUses: 1, remark: "" }}>
        <Form.Item
          name="count"
          label={t("ops.invitation.count")}
          rules={[zodRule(shape.count, t)]}
          extra={t("ops.invitation.countHint")}
        >
          <InputNumber
            min={1}
            max={100}
            precision={0}
            style={{ width: "100%" }}
            data-testid="invitation-count"
          />
        </Form.Item>
        <Form.Item name="maxUses" label={t("ops.invitation.maxUses")} rules={[zodRule(shape.maxUses, t)]}>
          <InputNumber
            min={1}
            max={10000}
            precision={0}
            style={{ width: "100%" }}
            data-testid="invitation-max-uses"
          />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t("ops.invitation.expiresAt")}
          extra={t("ops.invitation.expiresHint")}
        >
          <DatePicker
            showTime
            style={{ width: "100%" }}
            disabledDate={(d) => d.isBefore(dayjs(), "day")}
            data-testid="invitation-expires"
          />
        </Form.Item>
        <Form.Item name="remark" label={t("ops.invitation.remark")} rules={[zodRule(shape.remark, t)]}>
          <Input.TextArea
            maxLength={256}
            showCount
            autoSize={{ minRows: 2 }}
            data-testid="invitation-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
