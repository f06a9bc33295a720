// An order an approver returned (驳回) to its tenant, on the tenant's order page: why, and what the
// tenant may do — resubmit it for approval with an optional remark, or withdraw it (the confirmation
// says what is refunded; sent once per action with its idempotency key). Only users who may buy
// resources get the buttons; everyone who may read the order reads the reason, and the deadline after
// which the system withdraws and refunds it (RETURNED_ORDER_DAYS; none when returned orders wait).
import type { OrderDetail } from "@skyledger/contracts";
import { Alert, App, Button, Form, Input, Modal, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { useActionKey } from "../../lib/action-key";
import { formatDateTime } from "../../lib/format";
import { servicesApi, useRefreshServices } from "./services-api";

type Props = {
  order: OrderDetail;
  /** The caller may buy resources, and so resubmit or withdraw. */
  canAct: boolean;
};

function ResubmitDialog({ order, onClose, onDone }: { order: OrderDetail; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark?: string }>();
  return (
    <FormDialog<{ remark?: string }>
      form={form}
      open
      title={t("services.returned.resubmitTitle", { orderNo: order.orderNo })}
      okText={t("services.returned.resubmit")}
      submitTestId="order-resubmit-submit"
      refusalTestId="order-resubmit-error"
      onSubmit={async (values) => {
        const remark = values.remark?.trim();
        await servicesApi.resubmit(order.id, remark ? { remark } : {});
        onDone();
      }}
      onCancel={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t("services.returned.resubmitHint")} />
      <Form.Item name="remark" label={t("services.returned.remark")}>
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 3 }}
          data-testid="order-resubmit-remark"
        />
      </Form.Item>
    </FormDialog>
  );
}

function WithdrawDialog({ order, onClose, onDone }: { order: OrderDetail; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const actionKey = useActionKey();
  const [sending, setSending] = useState(false);
  const confirm = async () => {
    setSending(true);
    try {
      await actionKey.run({ id: order.id }, (key) => servicesApi.withdraw(order.id, key));
      onDone();
    } catch {
      // The API client has shown why; the dialog stays for another try with the same key.
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={t("services.returned.withdrawTitle", { orderNo: order.orderNo })}
      okText={t("services.returned.withdrawConfirm")}
      cancelText={t("common.cancel")}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ danger: true, "data-testid": "order-withdraw-confirm" }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={t("services.returned.withdrawWarning", { amount: order.paidAmount })}
        data-testid="order-withdraw-warning"
      />
    </Modal>
  );
}

export function ReturnedOrderPanel({ order, canAct }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshServices();
  const [open, setOpen] = useState<"resubmit" | "withdraw" | null>(null);
  if (order.status !== "applying") return null;
  const reason = order.events.findLast((e) => e.action === "returned")?.detail;

  const done = (text: string) => () => {
    setOpen(null);
    void message.success(t(text, { orderNo: order.orderNo }));
    void refresh();
  };

  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t("services.returned.title")}
        description={
          <Space orientation="vertical" size={4}>
            <span>{t("services.returned.notice")}</span>
            {order.returnDeadline && (
              <span data-testid="order-return-deadline">
                {t("services.returned.deadline", { date: formatDateTime(order.returnDeadline) })}
              </span>
            )}
            {reason && (
              <strong data-testid="order-returned-reason">{t("services.returned.reason", { reason })}</strong>
            )}
          </Space>
        }
        action={
          canAct ? (
            <Space orientation="vertical">
              <Button type="primary" onClick={() => setOpen("resubmit")} data-testid="order-resubmit">
                {t("services.returned.resubmit")}
              </Button>
              <Button danger onClick={() => setOpen("withdraw")} data-testid="order-withdraw">
                {t("services.returned.withdraw")}
              </Button>
            </Space>
          ) : undefined
        }
        data-testid="order-returned"
      />
      {open === "resubmit" && (
        <ResubmitDialog
          order={order}
          onClose={() => setOpen(null)}
          onDone={done("services.returned.resubmitted")}
        />
      )}
      {open === "withdraw" && (
        <WithdrawDialog
          order={order}
          onClose={() => setOpen(null)}
          onDone={done("services.returned.withdrawn")}
        />
      )}
    </>
  );
}
