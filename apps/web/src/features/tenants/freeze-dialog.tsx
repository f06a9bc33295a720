// Freezing or unfreezing a tenant account (BI): a reason is required, recorded in the audit log and
// sent to the tenant's main account.
import { endpoints, type TenantDetail } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { api } from "../../lib/api-client";

type Props = { tenant: TenantDetail; open: boolean; onClose(): void; onDone(next: TenantDetail): void };

export function FreezeDialog({ tenant, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  // The dialog undoes what is set now: an unfrozen tenant is frozen, a frozen one unfrozen.
  const freezing = !tenant.frozen;
  const endpoint = freezing ? endpoints.tenants.freeze : endpoints.tenants.unfreeze;
  const submit = async ({ reason }: { reason: string }) => {
    const next = await api.call(endpoint, { params: { orgId: tenant.orgId }, body: { reason } });
    void message.success(t(freezing ? "ops.tenants.freeze.done" : "ops.tenants.unfreeze.done"));
    onClose();
    onDone(next);
  };
  return (
    <FormDialog
      form={form}
      open={open}
      title={t(freezing ? "ops.tenants.freeze.title" : "ops.tenants.unfreeze.title", { name: tenant.name })}
      okText={t(freezing ? "ops.tenants.freeze.button" : "ops.tenants.unfreeze.button")}
      submitTestId="tenant-freeze-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
    >
      <Form.Item
        name="reason"
        label={t("ops.tenants.freeze.reason")}
        extra={t(freezing ? "ops.tenants.freeze.hint" : "ops.tenants.unfreeze.hint")}
        rules={[{ required: true, whitespace: true, message: t("ops.tenants.freeze.reasonRequired") }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount data-testid="tenant-freeze-reason" />
      </Form.Item>
    </FormDialog>
  );
}
