// The operators' decisions on a waiting request (BA11): issue it with the e-invoice PDF (checked by
// its bytes on upload), the invoice number and, for paper, the tracking number; or reject it with a
// reason, which makes its amount invoiceable again.
import { type InvoiceRequestRecord, invoiceIssueBody, invoiceRejectBody } from "@skyledger/contracts";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { type UploadedFile, UploadField } from "../verification/upload-field";
import { invoicesApi } from "./invoices-api";

type Props = { request: InvoiceRequestRecord; onClose(): void; onDone(): void };
type IssueValues = { pdf: UploadedFile[]; invoiceNumber: string; trackingNumber?: string };

export function IssueInvoiceDialog({ request, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IssueValues>();
  const paper = request.medium === "paper";
  const submit = async (values: IssueValues) => {
    await invoicesApi.issue(request.id, {
      pdfFileId: values.pdf[0]!.id,
      invoiceNumber: values.invoiceNumber.trim(),
      trackingNumber: values.trackingNumber?.trim() ?? "",
    });
    onDone();
  };
  return (
    <FormDialog
      form={form}
      open
      title={t("invoices.queue.issueTitle", { requestNo: request.requestNo })}
      okText={t("invoices.queue.issue")}
      submitTestId="invoice-issue-submit"
      refusalTestId="invoice-issue-refusal"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ pdf: [] }}
      preserve={false}
    >
      <Form.Item
        name="pdf"
        label={t("invoices.fields.pdf")}
        extra={t("invoices.queue.pdfHint")}
        rules={[
          {
            validator: async (_r, value: UploadedFile[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t("invoices.queue.pdfRequired"));
            },
          },
        ]}
      >
        <UploadField purpose="invoicePdf" max={1} testId="invoice-issue-pdf" />
      </Form.Item>
      <Form.Item
        name="invoiceNumber"
        label={t("invoices.fields.invoiceNumber")}
        required
        rules={[zodRule(invoiceIssueBody.shape.invoiceNumber, t)]}
      >
        <Input maxLength={32} data-testid="invoice-issue-number" />
      </Form.Item>
      <Form.Item
        name="trackingNumber"
        label={t("invoices.fields.trackingNumber")}
        required={paper}
        rules={[
          ...(paper ? [{ required: true, whitespace: true, message: t("validation.required") }] : []),
          zodRule(invoiceIssueBody.shape.trackingNumber, t, { optional: true }),
        ]}
      >
        <Input maxLength={40} data-testid="invoice-issue-tracking" />
      </Form.Item>
    </FormDialog>
  );
}

export function RejectInvoiceDialog({ request, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormDialog
      form={form}
      open
      danger
      title={t("invoices.queue.rejectTitle", { requestNo: request.requestNo })}
      okText={t("invoices.queue.reject")}
      submitTestId="invoice-reject-submit"
      onSubmit={async (values) => {
        await invoicesApi.reject(request.id, values.reason.trim());
        onDone();
      }}
      onCancel={onClose}
      preserve={false}
    >
      <Form.Item
        name="reason"
        label={t("invoices.fields.rejectReason")}
        required
        rules={[zodRule(invoiceRejectBody.shape.reason, t)]}
      >
        <Input.TextArea
          maxLength={200}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="invoice-reject-reason"
        />
      </Form.Item>
    </FormDialog>
  );
}
