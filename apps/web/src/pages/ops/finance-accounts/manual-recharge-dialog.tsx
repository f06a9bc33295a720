// Money a tenant paid outside the gateways (bank transfer), recorded by an operator. It moves money:
// one idempotency key per recharge, kept while the same recharge is retried.
import { positiveYuan } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../features/common/form-dialog";
import { manualRecharge, type OrgRow } from "../../../features/finance/finance-api";
import { YuanInput } from "../../../features/finance/yuan-input";
import { useActionKey } from "../../../lib/action-key";
import { zodRule } from "../../../lib/form-rules";
import { cleanAmount, formatYuan } from "../../../lib/money";
import { reasonRule } from "./reason-rule";

type Props = { org: OrgRow; open: boolean; onClose(): void; onDone(): void };
type Values = { amount: string; remark: string };

export function ManualRechargeDialog({ org, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();

  const submit = async (values: Values) => {
    const body = { orgId: org.orgId, amount: cleanAmount(values.amount), remark: values.remark.trim() };
    const record = await actionKey.run(body, (key) => manualRecharge(body, key));
    void message.success(
      t("finance.ops.recharge.done", { amount: formatYuan(record.amount), rechargeNo: record.rechargeNo }),
    );
    onClose();
    onDone();
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("finance.ops.recharge.title", { name: org.name })}
      okText={t("finance.ops.recharge.submit")}
      submitTestId="recharge-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      initialValues={{ amount: "", remark: "" }}
    >
      <Form.Item
        name="amount"
        label={t("finance.ops.recharge.amount")}
        rules={[{ required: true, message: t("validation.required") }, zodRule(positiveYuan, t)]}
      >
        <YuanInput data-testid="recharge-amount" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t("finance.ops.recharge.remark")}
        rules={[reasonRule(t)]}
        extra={t("finance.ops.recharge.remarkHint")}
      >
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 2 }} data-testid="recharge-remark" />
      </Form.Item>
    </FormDialog>
  );
}
