// Add or change a mailing address for paper invoices: recipient, phone, address and postcode.
import { type InvoiceAddress, invoiceAddressBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { invoicesApi } from "./invoices-api";

type Values = { recipient: string; phone: string; address: string; postcode?: string };
type Props = { address: InvoiceAddress | null; onClose(): void; onSaved(): void };

export function InvoiceAddressDialog({ address, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    if (address) await invoicesApi.updateAddress(address.id, values);
    else await invoicesApi.createAddress(values);
    onSaved();
  };
  const field = (name: keyof Values, required: boolean, maxLength: number) => (
    <Form.Item
      name={name}
      label={t(`invoices.addresses.${name}`)}
      required={required}
      rules={[zodRule(invoiceAddressBody.shape[name], t, { optional: !required })]}
    >
      <Input maxLength={maxLength} data-testid={`invoice-address-${name}`} />
    </Form.Item>
  );
  return (
    <FormDialog
      form={form}
      open
      title={t(address ? "invoices.addresses.editTitle" : "invoices.addresses.addTitle")}
      okText={t("common.save")}
      submitTestId="invoice-address-submit"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={address ?? {}}
      preserve={false}
    >
      {field("recipient", true, 64)}
      {field("phone", true, 20)}
      {field("address", true, 200)}
      {field("postcode", false, 6)}
    </FormDialog>
  );
}
