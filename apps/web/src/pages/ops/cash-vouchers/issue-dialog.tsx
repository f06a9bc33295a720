// Issues cash vouchers (spec §3: top-up or deduction, face value, validity): as codes to hand out,
// or straight to a tenant. The face value is bounded by configuration; above the four-eyes
// threshold (face value × count) nothing is issued until another operator approves.
import { type CashVoucherRecord, positiveYuan, type VoucherIssueOutcome } from "@skyledger/contracts";
import { DatePicker, Form, Input, InputNumber, Radio } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { OrgSelect } from "../../../components/org-select";
import { YuanInput } from "../../../components/yuan-input";
import { issueVouchers } from "../../../features/finance/finance-api";
import { maxHint, maxRule, useMoneyLimits } from "../../../features/finance/money-limits";
import { VOUCHER_KINDS } from "../../../features/finance/voucher-columns";
import { cleanAmount } from "../../../lib/money";

type Values = {
  kind: CashVoucherRecord["kind"];
  faceValue: string;
  count: number;
  validFrom: Dayjs;
  validUntil: Dayjs;
  orgId?: string;
  remark: string;
};

type Props = { open: boolean; onClose(): void; onIssued(outcome: VoucherIssueOutcome): void };

export function VoucherIssueDialog({ open, onClose, onIssued }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const limits = useMoneyLimits();

  const submit = async (values: Values) => {
    const outcome = await issueVouchers({
      kind: values.kind,
      faceValue: cleanAmount(values.faceValue),
      count: values.count,
      validFrom: values.validFrom.toISOString(),
      validUntil: values.validUntil.toISOString(),
      ...(values.orgId ? { orgId: values.orgId } : {}),
      remark: values.remark?.trim() ?? "",
    });
    onIssued(outcome);
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("finance.ops.vouchers.issueTitle")}
      okText={t("finance.ops.vouchers.issue")}
      submitTestId="voucher-issue-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={560}
      initialValues={{
        kind: "topup",
        faceValue: "",
        count: 1,
        validFrom: dayjs().startOf("minute"),
        validUntil: dayjs().add(1, "year").endOf("day"),
        remark: "",
      }}
    >
      <Form.Item name="kind" label={t("finance.voucher.kind")} extra={t("finance.ops.vouchers.kindHint")}>
        <Radio.Group data-testid="voucher-issue-kind">
          {VOUCHER_KINDS.map((kind) => (
            <Radio key={kind} value={kind} data-testid={`voucher-issue-kind-${kind}`}>
              {t(`finance.voucher.kinds.${kind}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="faceValue"
        label={t("finance.voucher.faceValue")}
        rules={[
          { required: true, message: t("validation.required") },
          zodRule(positiveYuan, t),
          maxRule(limits.data?.voucherFaceValue, t),
        ]}
        extra={[maxHint(limits.data?.voucherFaceValue, t), t("finance.ops.fourEyesHint")]
          .filter(Boolean)
          .join(" ")}
      >
        <YuanInput data-testid="voucher-issue-face-value" />
      </Form.Item>
      <IssueCountField testIdPrefix="voucher-issue" />
      <ValidityFields testIdPrefix="voucher-issue" />
      <Form.Item name="orgId" label={t("finance.ops.grantTo")} extra={t("finance.ops.vouchers.grantHint")}>
        <OrgSelect placeholder={t("finance.ops.noGrant")} testId="voucher-issue-org" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t("finance.voucher.remark")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const text = typeof value === "string" ? value.trim() : "";
              if (text.length === 1 || text.length > 256) throw new Error(t("validation.descriptionLength"));
            },
          },
        ]}
      >
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="voucher-issue-remark"
        />
      </Form.Item>
    </FormDialog>
  );
}

/** "Valid from" and "valid until" with the end after the start (validation.dateOrder). */
export function ValidityFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="validFrom"
        label={t("finance.ops.validFrom")}
        rules={[{ required: true, message: t("validation.required") }]}
      >
        <DatePicker showTime style={{ width: "100%" }} data-testid={`${testIdPrefix}-valid-from`} />
      </Form.Item>
      <Form.Item
        name="validUntil"
        label={t("finance.ops.validUntil")}
        dependencies={["validFrom"]}
        rules={[
          { required: true, message: t("validation.required") },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: Dayjs | null) => {
              const from = getFieldValue("validFrom") as Dayjs | null;
              if (value && from && !value.isAfter(from)) throw new Error(t("validation.dateOrder"));
            },
          }),
        ]}
      >
        <DatePicker showTime style={{ width: "100%" }} data-testid={`${testIdPrefix}-valid-until`} />
      </Form.Item>
    </>
  );
}

/** How many to issue at once: 1 to 500, as the contracts allow. */
export function IssueCountField({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="count"
      label={t("finance.ops.count")}
      rules={[{ required: true, message: t("validation.quantity") }]}
      extra={t("finance.ops.countHint")}
    >
      <InputNumber
        min={1}
        max={500}
        precision={0}
        style={{ width: "100%" }}
        data-testid={`${testIdPrefix}-count`}
      />
    </Form.Item>
  );
}
