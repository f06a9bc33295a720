// An operator's action on a waiting dedicated pool application, confirmed in a dialog: activate
// (a remark is optional; the nodes are reserved and billing starts) or close (a reason of 2 to 256
// characters the tenant reads; refunded in full). The texts are the approval queue's, whose
// mechanism this is.
import { type DedicatedApplication, orderActivateBody, orderCloseBody } from "@skyledger/contracts";
import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { hpcApi } from "../../../features/hpc/hpc-api";

export type ApplicationAction = "activate" | "close";

type Values = { reason?: string };

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
  const closing = action === "close";
  const valid = (reason: string | undefined) =>
    closing
      ? orderCloseBody.safeParse({ reason: reason ?? "" }).success
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
            ? await hpcApi.closeDedicated(application.id, reason ?? "")
            : await hpcApi.activateDedicated(application.id, reason),
        );
      }}
      onCancel={onClose}
    >
      <Alert
        type={closing ? "warning" : "info"}
        showIcon
        style={{ marginBottom: 16 }}
        title={t(closing ? "services.approvals.closeWarning" : "hpc.dedicated.activateHint", {
          nodes: application.nodes,
        })}
        data-testid={`dedicated-${action}-notice`}
      />
      <Form.Item
        name="reason"
        label={t(closing ? "services.approvals.closeReason" : "services.approvals.remark")}
        required={closing}
        rules={[
          {
            validator: async (_, value?: string) => {
              if (!valid(value?.trim() || undefined))
                throw new Error(
                  t(closing ? "services.approvals.closeReasonRule" : "validation.maxLength", { max: 256 }),
                );
            },
          },
        ]}
      >
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 3 }} data-testid="dedicated-reason" />
      </Form.Item>
    </FormDialog>
  );
}
