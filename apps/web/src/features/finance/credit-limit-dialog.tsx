import { creditLimitUpdate } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Form } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { YuanInput } from "../../components/yuan-input";
import { cleanAmount, formatYuan } from "../../lib/money";
import { financeKeys, type OrgRow, setCreditLimit } from "./finance-api";
import { maxHint, maxRule, useMoneyLimits } from "./money-limits";

type Props = { org: OrgRow; current: string | undefined; open: boolean; onClose(): void; onDone(): void };

export function CreditLimitDialog({ org, current, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ creditLimit: string }>();
  const limits = useMoneyLimits();

  const submit = async (values: { creditLimit: string }) => {
    const account = await setCreditLimit(org.orgId, cleanAmount(values.creditLimit));
    queryClient.setQueryData(financeKeys.orgAccount(org.orgId), account);
    void message.success(t("finance.ops.credit.done", { limit: formatYuan(account.creditLimit) }));
    onClose();
    onDone();
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("finance.ops.credit.title", { name: org.name })}
      okText={t("common.save")}
      submitTestId="credit-limit-submit"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ creditLimit: current ?? "" }}
    >
      <Form.Item
        name="creditLimit"
        label={t("finance.ops.credit.limit")}
        rules={[
          { required: true, message: t("validation.required") },
          zodRule(creditLimitUpdate.shape.creditLimit, t),
          maxRule(limits.data?.creditLimit, t),
        ]}
        extra={[t("finance.ops.credit.hint"), maxHint(limits.data?.creditLimit, t)].filter(Boolean).join(" ")}
      >
        <YuanInput data-testid="credit-limit-input" />
      </Form.Item>
    </FormDialog>
  );
}
