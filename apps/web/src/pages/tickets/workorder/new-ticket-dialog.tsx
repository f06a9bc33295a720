// Opening a ticket: title, category, optionally one of the organisation's resources or orders,
// the description and up to five attachments. The rules are the server's (contracts), shown here
// before sending; a refusal (another tenant's link, a sixth file) comes back with its message.
import {
  TICKET_CATEGORIES,
  type TicketCategory,
  type TicketDetail,
  ticketCreateBody,
} from "@skyledger/contracts";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { AttachmentsField, type UploadedFile } from "../../../features/tickets/attachments-field";
import { ticketsApi, useTicketLinkables } from "../../../features/tickets/tickets-api";

type Values = {
  title: string;
  category: TicketCategory;
  resourceId?: string;
  orderId?: string;
  content: string;
  attachments?: UploadedFile[];
};

export function NewTicketDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(t: TicketDetail): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const linkables = useTicketLinkables(true);
  const shape = ticketCreateBody.shape;

  const submit = async (values: Values) => {
    const ticket = await ticketsApi.create({
      title: values.title,
      category: values.category,
      resourceId: values.resourceId ?? null,
      orderId: values.orderId ?? null,
      content: values.content,
      attachmentIds: (values.attachments ?? []).map((f) => f.id),
    });
    onCreated(ticket);
  };

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t("tickets.newTitle")}
      okText={t("tickets.submit")}
      submitTestId="ticket-create-submit"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ category: "technical" }}
      width={640}
    >
      <Form.Item name="title" label={t("tickets.fields.title")} rules={[zodRule(shape.title, t)]} required>
        <Input maxLength={100} placeholder={t("tickets.placeholders.title")} data-testid="ticket-title" />
      </Form.Item>
      <Form.Item name="category" label={t("tickets.fields.category")} required>
        <Select
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets.category.${c}`) }))}
          data-testid="ticket-category"
        />
      </Form.Item>
      <Form.Item name="resourceId" label={t("tickets.fields.resource")}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          loading={linkables.isPending}
          placeholder={t("tickets.placeholders.resource")}
          options={(linkables.data?.resources ?? []).map((r) => ({
            value: r.id,
            label: `${r.name} (${r.kind})`,
          }))}
          data-testid="ticket-resource"
        />
      </Form.Item>
      <Form.Item name="orderId" label={t("tickets.fields.order")}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          loading={linkables.isPending}
          placeholder={t("tickets.placeholders.order")}
          options={(linkables.data?.orders ?? []).map((o) => ({ value: o.id, label: o.orderNo }))}
          data-testid="ticket-order"
        />
      </Form.Item>
      <Form.Item
        name="content"
        label={t("tickets.fields.content")}
        rules={[zodRule(shape.content, t)]}
        required
      >
        <Input.TextArea
          rows={5}
          showCount
          maxLength={2000}
          placeholder={t("tickets.placeholders.content")}
          data-testid="ticket-content"
        />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t("tickets.fields.attachments")}
        extra={t("tickets.attachmentsHint")}
      >
        <AttachmentsField testId="ticket-files" />
      </Form.Item>
    </FormDialog>
  );
}
