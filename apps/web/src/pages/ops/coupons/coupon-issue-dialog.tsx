// Issues coupons (spec §3, §5): a value or a discount between 0 and 1 with 2 decimals, a spend
// threshold, applicable products and payment types, validity; undistributed or straight to a tenant.
import { type CouponRecord, endpoints, positiveYuan, yuan } from "@skyledger/contracts";
import { Checkbox, Form, Input, Radio, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { OrgSelect } from "../../../components/org-select";
import { YuanInput } from "../../../components/yuan-input";
import { maxHint, maxRule, useMoneyLimits } from "../../../features/finance/money-limits";
import { api } from "../../../lib/api-client";
import { cleanAmount } from "../../../lib/money";
import { IssueCountField, ValidityFields } from "../cash-vouchers/issue-dialog";

type Kind = CouponRecord["benefitKind"];
type PaymentType = "prepaid" | "postpaid";
export const PAYMENT_TYPES: readonly PaymentType[] = ["prepaid", "postpaid"];
/** Spec §5: a discount between 0 and 1 with at most 2 decimals. */
export const DISCOUNT_PATTERN = /^(0(\.\d{1,2})?|1(\.0{1,2})?)$/;

type Values = {
  name: string;
  benefitKind: Kind;
  value?: string;
  discount?: string;
  threshold: string;
  applicableProducts: string[];
  applicablePaymentTypes: PaymentType[];
  validFrom: Dayjs;
  validUntil: Dayjs;
  count: number;
  orgId?: string;
};

type Props = { open: boolean; onClose(): void; onIssued(coupons: CouponRecord[]): void };

export function CouponIssueDialog({ open, onClose, onIssued }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("benefitKind", form) ?? "value";
  const limits = useMoneyLimits();

  const submit = async (values: Values) => {
    const coupons = await api.call(endpoints.financeOps.createCoupon, {
      body: {
        name: values.name.trim(),
        benefitKind: values.benefitKind,
        ...(values.benefitKind === "value"
          ? { value: cleanAmount(values.value) }
          : { discount: (values.discount ?? "").trim() }),
        threshold: cleanAmount(values.threshold) || "0",
        applicableProducts: (values.applicableProducts ?? []).map((p) => p.trim()).filter(Boolean),
        applicablePaymentTypes: values.applicablePaymentTypes,
        validFrom: values.validFrom.toISOString(),
        validUntil: values.validUntil.toISOString(),
        count: values.count,
        ...(values.orgId ? { orgId: values.orgId } : {}),
      },
    });
    onIssued(coupons);
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("finance.ops.coupons.issueTitle")}
      okText={t("finance.ops.coupons.issue")}
      submitTestId="coupon-issue-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={600}
      initialValues={{
        name: "",
        benefitKind: "value",
        value: "",
        discount: "",
        threshold: "0",
        applicableProducts: [],
        applicablePaymentTypes: ["prepaid", "postpaid"],
        validFrom: dayjs().startOf("minute"),
        validUntil: dayjs().add(3, "month").endOf("day"),
        count: 1,
      }}
    >
      <Form.Item
        name="name"
        label={t("finance.coupon.name")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const text = typeof value === "string" ? value.trim() : "";
              if (text.length < 2 || text.length > 64) throw new Error(t("finance.ops.coupons.nameLength"));
            },
          },
        ]}
      >
        <Input maxLength={64} data-testid="coupon-issue-name" />
      </Form.Item>
      <Form.Item name="benefitKind" label={t("finance.coupon.benefit")}>
        <Radio.Group data-testid="coupon-issue-kind">
          <Radio value="value" data-testid="coupon-issue-kind-value">
            {t("finance.coupon.kinds.value")}
          </Radio>
          <Radio value="discount" data-testid="coupon-issue-kind-discount">
            {t("finance.coupon.kinds.discount")}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {kind === "value" ? (
        <Form.Item
          name="value"
          label={t("finance.coupon.value")}
          rules={[
            { required: true, message: t("validation.required") },
            zodRule(positiveYuan, t),
            maxRule(limits.data?.couponValue, t),
          ]}
          extra={maxHint(limits.data?.couponValue, t)}
        >
          <YuanInput data-testid="coupon-issue-value" />
        </Form.Item>
      ) : (
        <Form.Item
          name="discount"
          label={t("finance.coupon.discount")}
          extra={t("finance.ops.coupons.discountHint")}
          rules={[
            { required: true, message: t("validation.required") },
            { pattern: DISCOUNT_PATTERN, message: t("validation.discount") },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" maxLength={4} data-testid="coupon-issue-discount" />
        </Form.Item>
      )}
      <Form.Item
        name="threshold"
        label={t("finance.coupon.threshold")}
        extra={t("finance.ops.coupons.thresholdHint")}
        rules={[
          zodRule(
            yuan.refine((s) => !s.startsWith("-"), "validation.amount"),
            t,
            { optional: true },
          ),
        ]}
      >
        <YuanInput data-testid="coupon-issue-threshold" />
      </Form.Item>
      <Form.Item
        name="applicableProducts"
        label={t("finance.coupon.products")}
        extra={t("finance.ops.coupons.productsHint")}
        rules={[{ type: "array", max: 50, message: t("validation.quantityMax") }]}
      >
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[",", "，", " "]}
          placeholder={t("finance.coupon.allProducts")}
          maxTagTextLength={64}
          data-testid="coupon-issue-products"
        />
      </Form.Item>
      <Form.Item
        name="applicablePaymentTypes"
        label={t("finance.coupon.paymentTypes")}
        rules={[{ type: "array", min: 1, message: t("finance.ops.coupons.paymentTypeRequired") }]}
      >
        <Checkbox.Group data-testid="coupon-issue-payment-types">
          {PAYMENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} data-testid={`coupon-issue-payment-${type}`}>
              {t(`finance.paymentType.${type}`)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <ValidityFields testIdPrefix="coupon-issue" />
      <IssueCountField testIdPrefix="coupon-issue" />
      <Form.Item name="orgId" label={t("finance.ops.grantTo")} extra={t("finance.ops.coupons.grantHint")}>
        <OrgSelect placeholder={t("finance.ops.noGrant")} testId="coupon-issue-org" />
      </Form.Item>
    </FormDialog>
  );
}
