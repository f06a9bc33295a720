// A new invoice request: a title, electronic or paper (then a mailing address), the items to
// invoice (orders and postpaid months still open, each with what is left) and an amount, empty for
// the chosen items in full. The server holds the amount under a lock and refuses more than is
// invoiceable; one idempotency key per request, kept while the same request is retried.
import {
  INVOICE_MEDIA,
  type InvoiceableItemDto,
  type InvoiceableSummary,
  positiveYuan,
} from "@skyledger/contracts";
import { App, Checkbox, Form, Input, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { YuanInput } from "../../components/yuan-input";
import { useActionKey } from "../../lib/action-key";
import { cleanAmount, formatYuan, toUnits } from "../../lib/money";
import { ItemName } from "./invoice-item-name";
import { invoicesApi, useInvoiceAddresses, useInvoiceTitles } from "./invoices-api";

type Values = {
  titleId: string;
  medium: "electronic" | "paper";
  addressId?: string;
  items: string[];
  amount?: string;
  remark?: string;
};

type Props = { summary: InvoiceableSummary; onClose(): void; onDone(requestNo: string): void };

export function InvoiceRequestDialog({ summary, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const actionKey = useActionKey();
  const titles = useInvoiceTitles();
  const addresses = useInvoiceAddresses();
  const medium = Form.useWatch("medium", form);
  const open = summary.items.filter((i) => i.open && i.invoiceable !== "0.00000");
  const chosen = new Set(Form.useWatch("items", form) ?? []);
  // The most an amount may be: the chosen items' invoiceable, or everything's (the server decides too).
  const units = (items: InvoiceableItemDto[]) =>
    items.reduce((s, i) => s + (toUnits(i.invoiceable) ?? 0n), 0n);
  const chosenUnits = units(open.filter((i) => chosen.has(i.key)));
  const maxUnits = chosen.size > 0 ? chosenUnits : units(open);
  const yuanOf = (u: bigint) => `${u / 100_000n}.${String(u % 100_000n).padStart(5, "0")}`;

  const submit = async (values: Values) => {
    const amount = values.amount?.trim() ? cleanAmount(values.amount) : null;
    const body = {
      titleId: values.titleId,
      medium: values.medium,
      addressId: values.medium === "paper" ? (values.addressId ?? null) : null,
      items: values.items ?? [],
      amount,
      remark: values.remark?.trim() ?? "",
    };
    const record = await actionKey.run(body, (key) => invoicesApi.request(body, key));
    void message.success(t("invoices.request.done", { requestNo: record.requestNo }));
    onDone(record.requestNo);
  };

  return (
    <FormDialog
      form={form}
      open
      title={t("invoices.request.title")}
      okText={t("invoices.request.submit")}
      submitTestId="invoice-request-submit"
      refusalTestId="invoice-request-refusal"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ medium: "electronic", items: [] }}
      preserve={false}
      width={680}
    >
      <Form.Item
        name="titleId"
        label={t("invoices.request.invoiceTitle")}
        rules={[{ required: true, message: t("validation.required") }]}
        extra={titles.data?.length === 0 ? t("invoices.request.noTitles") : undefined}
      >
        <Select
          loading={titles.isFetching}
          options={(titles.data ?? []).map((x) => ({
            value: x.id,
            label: `${x.name} (${t(`invoices.titleType.${x.type}`)})`,
          }))}
          data-testid="invoice-request-title"
        />
      </Form.Item>
      <Form.Item name="medium" label={t("invoices.request.medium")}>
        <Radio.Group
          options={INVOICE_MEDIA.map((m) => ({ value: m, label: t(`invoices.medium.${m}`) }))}
          data-testid="invoice-request-medium"
        />
      </Form.Item>
      {medium === "paper" && (
        <Form.Item
          name="addressId"
          label={t("invoices.request.address")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <Select
            loading={addresses.isFetching}
            options={(addresses.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.recipient} ${a.address}`,
            }))}
            data-testid="invoice-request-address"
          />
        </Form.Item>
      )}
      <Form.Item
        name="items"
        label={t("invoices.request.items")}
        extra={t("invoices.request.itemsHint", { total: formatYuan(summary.total) })}
      >
        <Checkbox.Group style={{ display: "flex", flexDirection: "column", gap: 4 }}>
          {open.map((item: InvoiceableItemDto) => (
            <Checkbox key={item.key} value={item.key} data-testid={`invoice-request-item-${item.key}`}>
              <ItemName item={item} /> · {formatYuan(item.invoiceable)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      {chosen.size > 0 && (
        <Typography.Paragraph data-testid="invoice-request-chosen">
          {t("invoices.request.chosen", { count: chosen.size, total: formatYuan(yuanOf(chosenUnits)) })}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="amount"
        label={t("invoices.request.amount")}
        extra={t("invoices.request.amountHint")}
        dependencies={["items"]}
        rules={[
          zodRule(positiveYuan, t, { optional: true }),
          ({ getFieldValue }) => ({
            validator: async (_r, value?: string) => {
              if (!value?.trim() && (getFieldValue("items") ?? []).length === 0)
                throw new Error(t("invoices.request.amountOrItems"));
              const asked = toUnits(cleanAmount(value));
              if (asked !== null && asked > maxUnits)
                throw new Error(
                  t("invoices.request.aboveInvoiceable", { max: formatYuan(yuanOf(maxUnits)) }),
                );
            },
          }),
        ]}
      >
        <YuanInput data-testid="invoice-request-amount" />
      </Form.Item>
      <Form.Item name="remark" label={t("invoices.request.remark")}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} data-testid="invoice-request-remark" />
      </Form.Item>
    </FormDialog>
  );
}
