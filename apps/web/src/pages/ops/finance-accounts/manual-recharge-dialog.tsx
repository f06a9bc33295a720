// Money a tenant paid outside the gateways (bank transfer), recorded by an operator. It moves money:
// one idempotency key per recharge, kept while the same recharge is retried.
import { positiveYuan } from "@skyledger/contracts";
import { App, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { manualRecharge, type OrgRow } from "../../../features/finance/finance-api";
import { useActionKey } from "../../../lib/action-key";
import { applyFieldErrors, validValues, zodRule } from "../../../lib/form-rules";
import { cleanAmount, formatYuan } from "../../../lib/money";
import { reasonRule } from "./reason-rule";

type Props = { org: OrgRow; open: boolean; onClose(): void; onDone(): void };
type Values = { amount: string; remark: string };

export function ManualRechargeDialog({ org, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = { orgId: org.orgId, amount: cleanAmount(values.amount), remark: values.remark.trim() };
    setSaving(true);
    try {
      const record = await actionKey.run(body, (key) => manualRecharge(body, key));
      void message.success(
        t("finance.ops.recharge.done", { amount: formatYuan(record.amount), rechargeNo: record.rechargeNo }),
      );
      form.resetFields();
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
      title={t("finance.ops.recharge.title", { name: org.name })}
      okText={t("finance.ops.recharge.submit")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ "data-testid": "recharge-submit" }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ amount: "", remark: "" }}>
        <Form.Item
          name="amount"
          label={t("finance.ops.recharge.amount")}
          rules={[{ required: true, message: t("validation.required") }, zodRule(positiveYuan, t)]}
        >
          <Input
            prefix="¥"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            data-testid="recharge-amount"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t("finance.ops.recharge.remark")}
          rules={[reasonRule(t)]}
          extra={t("finance.ops.recharge.remarkHint")}
        >
          <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 2 }} data-testid="recharge-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
