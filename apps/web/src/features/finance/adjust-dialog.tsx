// A balance adjustment, up or down, always with a reason. Small ones apply at once; larger ones wait
// for a second operator (the server answers which). It moves money: one idempotency key per request.
// Opened for a known tenant (its account drawer) or, from the adjustments page, with a tenant picker.
import { adjustmentCreate } from "@skyledger/contracts";
import { Button, Form, Input, Modal, Result } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../components/form-rules";
import { SignedYuan } from "../../components/money-text";
import { OrgSelect } from "../../components/org-select";
import { useFormSubmit } from "../../components/use-form-submit";
import { YuanInput } from "../../components/yuan-input";
import { useActionKey } from "../../lib/action-key";
import { cleanAmount } from "../../lib/money";
import { type AdjustmentOutcome, type OrgRow, requestAdjustment } from "./finance-api";
import { maxHint, maxRule, useMoneyLimits } from "./money-limits";
import { reasonRule } from "./reason-rule";

type Props = {
  /** The tenant adjusted; without it the dialog asks which. */
  org?: Pick<OrgRow, "orgId" | "name">;
  open: boolean;
  onClose(): void;
  onDone(): void;
};
type Values = { orgId?: string; amount: string; reason: string };

export function AdjustDialog({ org, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const limits = useMoneyLimits();
  const [outcome, setOutcome] = useState<(AdjustmentOutcome & { amount: string }) | null>(null);
  const { saving, submit } = useFormSubmit(form, {
    action: async (values) => {
      const orgId = org?.orgId ?? values.orgId ?? "";
      const body = { orgId, amount: cleanAmount(values.amount), reason: values.reason.trim() };
      const answer = await actionKey.run(body, (key) => requestAdjustment(body, key));
      setOutcome({ ...answer, amount: body.amount });
      form.resetFields();
      onDone();
    },
  });

  const close = () => {
    setOutcome(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={org ? t("finance.ops.adjust.title", { name: org.name }) : t("finance.ops.adjust.newTitle")}
      onCancel={close}
      destroyOnHidden
      footer={
        outcome
          ? [
              <Button key="close" type="primary" onClick={close} data-testid="adjust-close">
                {t("finance.ops.close")}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t("common.cancel")}
              </Button>,
              <Button
                key="submit"
                type="primary"
                loading={saving}
                onClick={() => void submit()}
                data-testid="adjust-submit"
              >
                {t("finance.ops.adjust.submit")}
              </Button>,
            ]
      }
    >
      {outcome ? (
        <Result
          status={outcome.status === "applied" ? "success" : "info"}
          title={t(`finance.ops.adjust.outcome.${outcome.status}`)}
          subTitle={
            <>
              <SignedYuan value={outcome.amount} strong />
              <br />
              {t(`finance.ops.adjust.outcomeHint.${outcome.status}`)}
            </>
          }
          data-testid="adjust-result"
          data-status={outcome.status}
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ amount: "", reason: "" }}>
          {!org && (
            <Form.Item
              name="orgId"
              label={t("finance.ops.accounts.orgName")}
              rules={[{ required: true, message: t("validation.required") }]}
            >
              <OrgSelect allowClear={false} testId="adjust-org" />
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t("finance.ops.adjust.amount")}
            rules={[
              { required: true, message: t("validation.required") },
              zodRule(adjustmentCreate.shape.amount, t),
              maxRule(limits.data?.adjustment, t),
            ]}
            extra={[t("finance.ops.adjust.amountHint"), maxHint(limits.data?.adjustment, t)]
              .filter(Boolean)
              .join(" ")}
          >
            <YuanInput maxLength={21} data-testid="adjust-amount" />
          </Form.Item>
          <Form.Item name="reason" label={t("finance.ops.adjust.reason")} rules={[reasonRule(t)]}>
            <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 2 }} data-testid="adjust-reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
