// Signing in to a tenant's console as support (BT, decision 0031): the reason is required (5–200
// characters, checked here and by the server) and audited. The console then reads as the tenant's
// main account, read-only, and the operator's own session waits until the support session ends.
import { endpoints, SUPPORT_REASON_LENGTH, type TenantDetail } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormDialog } from "../../components/form-dialog";
import { api } from "../../lib/api-client";
import { supportSession } from "../../lib/session";

type Props = { tenant: TenantDetail; open: boolean; onClose(): void };

export function SupportDialog({ tenant, open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = async ({ reason }: { reason: string }) => {
    const session = await api.call(endpoints.tenants.supportSignIn, {
      params: { orgId: tenant.orgId },
      body: { reason: reason.trim() },
    });
    supportSession.start(session, `/sys/tenants/${encodeURIComponent(tenant.orgId)}`);
    // Nothing the operator's session read may show in the tenant's console.
    queryClient.clear();
    await navigate("/", { replace: true });
  };
  const invalid = t("ops.tenants.support.reasonInvalid");
  return (
    <FormDialog
      form={form}
      open={open}
      title={t("ops.tenants.support.title", { name: tenant.name })}
      okText={t("ops.tenants.support.submit")}
      submitTestId="tenant-support-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
    >
      <Form.Item
        name="reason"
        label={t("ops.tenants.support.reason")}
        extra={t("ops.tenants.support.hint")}
        rules={[
          { required: true, whitespace: true, message: invalid },
          {
            validator: (_, value: string | undefined) => {
              const length = (value ?? "").trim().length;
              return length === 0 ||
                (length >= SUPPORT_REASON_LENGTH.min && length <= SUPPORT_REASON_LENGTH.max)
                ? Promise.resolve()
                : Promise.reject(new Error(invalid));
            },
          },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={SUPPORT_REASON_LENGTH.max}
          showCount
          data-testid="tenant-support-reason"
        />
      </Form.Item>
    </FormDialog>
  );
}
