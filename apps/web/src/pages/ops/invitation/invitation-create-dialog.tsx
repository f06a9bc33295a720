import { endpoints, type InvitationCode, invitationCreate } from "@skyledger/contracts";
import { DatePicker, Form, Input, InputNumber } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { api } from "../../../lib/api-client";

type Values = { count: number; maxUses: number; expiresAt?: Dayjs | null; remark?: string };

type Props = { open: boolean; onClose(): void; onCreated(codes: InvitationCode[]): void };

const shape = invitationCreate.shape;

export function InvitationCreateDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    const codes = await api.call(endpoints.invitations.create, {
      body: {
        count: values.count,
        maxUses: values.maxUses,
        expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null,
        remark: values.remark?.trim() ?? "",
      },
    });
    onCreated(codes);
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("ops.invitation.createTitle")}
      okText={t("ops.invitation.create")}
      submitTestId="invitation-create-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      initialValues={{ count: 1, maxUses: 1, remark: "" }}
    >
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
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 2 }} data-testid="invitation-remark" />
      </Form.Item>
    </FormDialog>
  );
}
