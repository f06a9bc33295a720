// Money a tenant paid outside the gateways (bank transfer), recorded by an operator with the
// evidence (the bank slip). Within the four-eyes threshold it is credited at once; above it, it
// waits for another operator under Money approvals. One idempotency key per recharge, kept while
// the same recharge is retried.
import { manualRechargeCreate } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { YuanInput } from "../../components/yuan-input";
import { useActionKey } from "../../lib/action-key";
import { cleanAmount, formatYuan } from "../../lib/money";
import { type UploadedFile, UploadField } from "../verification/upload-field";
import { manualRecharge, type OrgRow } from "./finance-api";
import { maxHint, maxRule, useMoneyLimits } from "./money-limits";
import { reasonRule } from "./reason-rule";

type Props = { org: OrgRow; open: boolean; onClose(): void; onDone(): void };
type Values = { amount: string; remark: string; evidence: UploadedFile[] };

export function ManualRechargeDialog({ org, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const limits = useMoneyLimits();

  const submit = async (values: Values) => {
    const body = {
      orgId: org.orgId,
      amount: cleanAmount(values.amount),
      remark: values.remark.trim(),
      evidenceFileId: values.evidence[0]!.id,
    };
    const record = await actionKey.run(body, (key) => manualRecharge(body, key));
    if (record.status === "applied") {
      void message.success(
        t("finance.ops.recharge.done", { amount: formatYuan(record.amount), rechargeNo: record.rechargeNo }),
      );
    } else {
      void message.info(t("finance.ops.recharge.pending", { amount: formatYuan(record.amount) }));
    }
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
      initialValues={{ amount: "", remark: "", evidence: [] }}
    >
      <Form.Item
        name="amount"
        label={t("finance.ops.recharge.amount")}
        rules={[
          { required: true, message: t("validation.required") },
          zodRule(manualRechargeCreate.shape.amount, t),
          maxRule(limits.data?.manualRecharge, t),
        ]}
        extra={[maxHint(limits.data?.manualRecharge, t), t("finance.ops.fourEyesHint")]
          .filter(Boolean)
          .join(" ")}
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
      <Form.Item
        name="evidence"
        label={t("finance.ops.recharge.evidence")}
        extra={t("finance.ops.recharge.evidenceHint")}
        rules={[
          {
            validator: async (_rule, value: UploadedFile[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t("finance.ops.recharge.evidenceRequired"));
            },
          },
        ]}
      >
        <UploadField purpose="rechargeEvidence" max={1} testId="recharge-evidence" />
      </Form.Item>
    </FormDialog>
  );
}
