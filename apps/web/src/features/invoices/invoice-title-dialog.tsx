// Add or change an invoice title: its type decides which fields show and are required (a VAT special
// title needs tax number, bank, account, address and phone; the server also refuses it unless the
// enterprise verification succeeded, and says so in the dialog).
import {
  INVOICE_TITLE_REQUIRED,
  INVOICE_TITLE_TYPES,
  type InvoiceTitle,
  type InvoiceTitleField,
  type InvoiceTitleType,
  invoiceTitleFields,
} from "@skyledger/contracts";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { invoicesApi } from "./invoices-api";

type Values = { type: InvoiceTitleType; name: string } & Partial<Record<InvoiceTitleField, string>>;

const COMPANY_FIELDS: readonly InvoiceTitleField[] = INVOICE_TITLE_REQUIRED.vatSpecial;

type Props = { title: InvoiceTitle | null; onClose(): void; onSaved(): void };

export function InvoiceTitleDialog({ title, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch("type", form) ?? title?.type ?? "vatOrdinary";
  const required = new Set<InvoiceTitleField>(INVOICE_TITLE_REQUIRED[type]);

  const submit = async (values: Values) => {
    const body = { ...values, name: values.name.trim() };
    if (title) await invoicesApi.updateTitle(title.id, body);
    else await invoicesApi.createTitle(body);
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      open
      title={t(title ? "invoices.titles.editTitle" : "invoices.titles.addTitle")}
      okText={t("common.save")}
      submitTestId="invoice-title-submit"
      refusalTestId="invoice-title-refusal"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={title ?? { type: "vatOrdinary" }}
      preserve={false}
      width={620}
    >
      <Form.Item name="type" label={t("invoices.titles.type")} required>
        <Select
          options={INVOICE_TITLE_TYPES.map((v) => ({ value: v, label: t(`invoices.titleType.${v}`) }))}
          data-testid="invoice-title-type"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t("invoices.titles.name")}
        required
        rules={[zodRule(invoiceTitleFields.shape.name, t)]}
      >
        <Input maxLength={128} data-testid="invoice-title-name" />
      </Form.Item>
      {type !== "personal" &&
        COMPANY_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`invoices.titles.${field}`)}
            required={required.has(field)}
            rules={[
              ...(required.has(field)
                ? [{ required: true, whitespace: true, message: t("validation.required") }]
                : []),
              zodRule(invoiceTitleFields.shape[field], t, { optional: true }),
            ]}
          >
            <Input maxLength={200} data-testid={`invoice-title-${field}`} />
          </Form.Item>
        ))}
    </FormDialog>
  );
}
