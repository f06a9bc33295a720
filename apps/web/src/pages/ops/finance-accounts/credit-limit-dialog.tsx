import { creditLimitUpdate } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { financeKeys, type OrgRow, setCreditLimit } from "../../../features/finance/finance-api";
import { applyFieldErrors, validValues, zodRule } from "../../../lib/form-rules";
import { cleanAmount, formatYuan } from "../../../lib/money";

type Props = { org: OrgRow; current: string | undefined; open: boolean; onClose(): void; onDone(): void };

export function CreditLimitDialog({ org, current, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ creditLimit: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const account = await setCreditLimit(org.orgId, cleanAmount(values.creditLimit));
      queryClient.setQueryData(financeKeys.orgAccount(org.orgId), account);
      void message.success(t("finance.ops.credit.done", { limit: formatYuan(account.creditLimit) }));
      onClose();
      onDone();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("finance.ops.credit.title", { name: org.name })}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "credit-limit-submit" }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ creditLimit: current ?? "" }}>
        <Form.Item
          name="creditLimit"
          label={t("finance.ops.credit.limit")}
          rules={[
            { required: true, message: t("validation.required") },
            zodRule(creditLimitUpdate.shape.creditLimit, t),
          ]}
          extra={t("finance.ops.credit.hint")}
        >
          <Input
            prefix="¥"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            data-testid="credit-limit-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
