// An operator's decision on an order: approve (a remark is optional) or reject (a reason of 2 to
// 256 characters, which the tenant reads).
import { approvalDecisionBody, type OrderDetail, type OrderRecord } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../features/common/form-dialog";
import { servicesApi } from "../../../features/services/services-api";

type Values = { reason?: string };

type Props = {
  order: Pick<OrderRecord, "id" | "orderNo">;
  decision: "approve" | "reject";
  onClose(): void;
  onDone(order: OrderDetail): void;
};

export function DecisionDialog({ order, decision, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reject = decision === "reject";

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t(`services.approvals.${decision}Title`, { orderNo: order.orderNo })}
      okText={t(`services.approvals.${decision}`)}
      danger={reject}
      submitTestId="approval-decide-submit"
      refusalTestId="approval-decide-error"
      onSubmit={async (values) => {
        const reason = values.reason?.trim();
        onDone(await servicesApi.decide(order.id, { decision, ...(reason ? { reason } : {}) }));
      }}
      onCancel={onClose}
    >
      <Form.Item
        name="reason"
        label={t(reject ? "services.approvals.reason" : "services.approvals.remark")}
        required={reject}
        rules={[
          {
            validator: async (_, value?: string) => {
              const parsed = approvalDecisionBody.safeParse({ decision, reason: value?.trim() || undefined });
              if (!parsed.success) throw new Error(t("services.approvals.reasonRule"));
            },
          },
        ]}
      >
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 3 }} data-testid="approval-reason" />
      </Form.Item>
    </FormDialog>
  );
}
