// A billing operator (BI) records a tenant's signed contract: number, name, amount and credit limit
// (yuan, never negative), signing date, the period it is in execution, discounts per product or
// category (0–1 with at most 2 decimals) and the signed PDF. One idempotency key per contract.

import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { type ContractDetail, contractCreateBody, contractDiscountInput } from "@skyledger/contracts";
import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { OrgSelect } from "../../../components/org-select";
import { YuanInput } from "../../../components/yuan-input";
import { ContractFileField, type UploadedFile } from "../../../features/contracts/contract-file-field";
import { contractsOpsApi } from "../../../features/contracts/contracts-api";
import { useActionKey } from "../../../lib/action-key";
import { cleanAmount } from "../../../lib/money";

type DiscountValue = { target: "product" | "category"; code: string; discount: string };
type Values = {
  orgId?: string;
  name: string;
  contractNo: string;
  amount: string;
  creditLimit: string;
  signedOn?: Dayjs;
  period?: [Dayjs, Dayjs];
  discounts: DiscountValue[];
  file: UploadedFile[];
};

type Props = { open: boolean; onClose(): void; onCreated(contract: ContractDetail): void };

const fields = contractCreateBody.shape;

export function ContractCreateDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();

  const submit = async (values: Values) => {
    const [from, until] = values.period!;
    const body = {
      orgId: values.orgId!,
      name: values.name.trim(),
      contractNo: values.contractNo.trim(),
      amount: cleanAmount(values.amount),
      creditLimit: cleanAmount(values.creditLimit),
      signedOn: values.signedOn!.format("YYYY-MM-DD"),
      startsAt: from.toISOString(),
      endsAt: until.toISOString(),
      discounts: (values.discounts ?? []).map((d) => ({
        ...d,
        code: d.code.trim(),
        discount: d.discount.trim(),
      })),
      fileId: values.file[0]!.id,
    };
    onCreated(await actionKey.run(body, (key) => contractsOpsApi.create(body, key)));
  };

  const required = { required: true, message: t("validation.required") };
  return (
    <FormDialog
      form={form}
      open={open}
      title={t("contracts.ops.createTitle")}
      okText={t("contracts.ops.create")}
      submitTestId="contract-create-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={720}
      initialValues={{ name: "", contractNo: "", amount: "", creditLimit: "0", discounts: [], file: [] }}
    >
      <Form.Item name="orgId" label={t("contracts.fields.org")} rules={[required]}>
        <OrgSelect allowClear={false} placeholder={t("contracts.ops.pickOrg")} testId="contract-org" />
      </Form.Item>
      <Form.Item
        name="contractNo"
        label={t("contracts.fields.contractNo")}
        rules={[required, zodRule(fields.contractNo, t)]}
      >
        <Input maxLength={64} data-testid="contract-no" />
      </Form.Item>
      <Form.Item name="name" label={t("contracts.fields.name")} rules={[required, zodRule(fields.name, t)]}>
        <Input maxLength={100} data-testid="contract-name" />
      </Form.Item>
      <Space.Compact block>
        <Form.Item
          name="amount"
          label={t("contracts.fields.amount")}
          rules={[required, zodRule(fields.amount, t)]}
          style={{ flex: 1 }}
        >
          <YuanInput data-testid="contract-amount" />
        </Form.Item>
        <Form.Item
          name="creditLimit"
          label={t("contracts.fields.creditLimit")}
          rules={[required, zodRule(fields.creditLimit, t)]}
          style={{ flex: 1, marginLeft: 12 }}
        >
          <YuanInput data-testid="contract-credit" />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="signedOn" label={t("contracts.fields.signedOn")} rules={[required]}>
        <DatePicker style={{ width: "100%" }} data-testid="contract-signed-on" />
      </Form.Item>
      <Form.Item
        name="period"
        label={t("contracts.fields.period")}
        extra={t("contracts.ops.periodHint")}
        rules={[
          required,
          {
            validator: async (_rule, value: [Dayjs, Dayjs] | undefined) => {
              if (value?.[1].isBefore(value[0])) throw new Error(t("validation.contractEndBeforeStart"));
            },
          },
        ]}
      >
        <DatePicker.RangePicker showTime style={{ width: "100%" }} data-testid="contract-period" />
      </Form.Item>
      <Form.List name="discounts">
        {(rows, { add, remove }) => (
          <Form.Item label={t("contracts.fields.discounts")} extra={t("contracts.ops.discountHint")}>
            {rows.map((row, i) => (
              <Space key={row.key} align="baseline" style={{ display: "flex" }}>
                <Form.Item name={[row.name, "target"]} rules={[required]}>
                  <Select
                    style={{ width: 130 }}
                    options={(["product", "category"] as const).map((v) => ({
                      value: v,
                      label: t(`contracts.target.${v}`),
                    }))}
                    data-testid={`contract-discount-target-${i}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[row.name, "code"]}
                  rules={[required, zodRule(contractDiscountInput.shape.code, t)]}
                >
                  <Input
                    placeholder={t("contracts.fields.code")}
                    maxLength={64}
                    data-testid={`contract-discount-code-${i}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[row.name, "discount"]}
                  rules={[required, zodRule(contractDiscountInput.shape.discount, t)]}
                >
                  <Input
                    placeholder="0.85"
                    inputMode="decimal"
                    maxLength={4}
                    style={{ width: 90 }}
                    data-testid={`contract-discount-rate-${i}`}
                  />
                </Form.Item>
                <MinusCircleOutlined
                  aria-label={t("contracts.ops.removeDiscount")}
                  onClick={() => remove(row.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ target: "product", code: "", discount: "" })}
              data-testid="contract-discount-add"
            >
              {t("contracts.ops.addDiscount")}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item
        name="file"
        label={t("contracts.fields.file")}
        extra={t("contracts.ops.fileHint")}
        rules={[
          {
            validator: async (_rule, value: UploadedFile[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t("validation.contractFile"));
            },
          },
        ]}
      >
        <ContractFileField />
      </Form.Item>
    </FormDialog>
  );
}
