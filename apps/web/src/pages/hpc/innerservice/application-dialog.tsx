// An operator's action on a dedicated pool application, confirmed in a dialog: activate a waiting
// one (a remark is optional; the nodes are reserved and billing starts) or close one with a reason
// of 2 to 200 characters the tenant reads. Closing shows what it refunds, as the server quotes it:
// a waiting application in full; a running pool (its jobs cancelled, its nodes returned) the unused
// prepaid part by the unsubscribe rules. Closing moves money, so it carries the action's
// idempotency key: a retry after a lost answer refunds once.
import { type DedicatedApplication, dedicatedCloseBody, orderActivateBody } from "@skyledger/contracts";
import { Alert, Descriptions, Form, Input, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { Yuan } from "../../../components/money-text";
import { hpcApi, useDedicatedCloseQuote } from "../../../features/hpc/hpc-api";
import { useActionKey } from "../../../lib/action-key";

export type ApplicationAction = "activate" | "close";

type Values = { reason?: string };

/** The longest reason: the close body's (200), the activation remark's (256). */
const maxOf = (closing: boolean) => (closing ? 200 : 256);

export function ApplicationDialog({
  application,
  action,
  onClose,
  onDone,
}: {
  application: DedicatedApplication;
  action: ApplicationAction;
  onClose(): void;
  onDone(application: DedicatedApplication): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const closing = action === "close";
  const running = closing && application.state === "active";
  const quote = useDedicatedCloseQuote(application.id, closing);
  const valid = (reason: string | undefined) =>
    closing
      ? dedicatedCloseBody.safeParse({ reason: reason ?? "" }).success
      : orderActivateBody.safeParse({ reason }).success;

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t(`hpc.dedicated.${action}Title`, { orderNo: application.orderNo })}
      okText={t(`services.approvals.${action}`)}
      danger={closing}
      submitTestId="dedicated-action-submit"
      refusalTestId="dedicated-action-error"
      onSubmit={async (values) => {
        const reason = values.reason?.trim() || undefined;
        onDone(
          closing
            ? await actionKey.run({ id: application.id, reason }, (key) =>
                hpcApi.closeDedicated(application.id, reason ?? "", key),
              )
            : await hpcApi.activateDedicated(application.id, reason),
        );
      }}
      onCancel={onClose}
    >
      <Alert
        type={closing ? "warning" : "info"}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          closing
            ? t(running ? "hpc.dedicated.closeRunningWarning" : "services.approvals.closeWarning")
            : t("hpc.dedicated.activateHint", { nodes: application.nodes })
        }
        data-testid={`dedicated-${action}-notice`}
      />
      {closing &&
        (quote.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : quote.data ? (
          <Descriptions
            column={1}
            size="small"
            bordered
            style={{ marginBottom: 16 }}
            data-testid="dedicated-close-quote"
            items={[
              ...(quote.data.refundReading
                ? [
                    {
                      key: "reading",
                      label: t("services.unsubscribe.reading"),
                      children: t(`services.unsubscribe.readings.${quote.data.refundReading}`),
                    },
                  ]
                : []),
              {
                key: "paid",
                label: t("services.unsubscribe.paid"),
                children: <Yuan value={quote.data.paid} />,
              },
              {
                key: "used",
                label: t("services.unsubscribe.used"),
                children: <Yuan value={quote.data.used} />,
              },
              {
                key: "refund",
                label: t("services.unsubscribe.refund"),
                children: <Yuan value={quote.data.refund} strong testId="dedicated-close-refund" />,
              },
            ]}
          />
        ) : null)}
      <Form.Item
        name="reason"
        label={t(closing ? "services.approvals.closeReason" : "services.approvals.remark")}
        required={closing}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (!valid(value?.trim() || undefined))
                throw new Error(
                  t(closing ? "hpc.dedicated.closeReasonRule" : "validation.maxLength", {
                    max: maxOf(closing),
                  }),
                );
            },
          },
        ]}
      >
        <Input.TextArea
          maxLength={maxOf(closing)}
          showCount
          autoSize={{ minRows: 3 }}
          data-testid="dedicated-reason"
        />
      </Form.Item>
    </FormDialog>
  );
}
