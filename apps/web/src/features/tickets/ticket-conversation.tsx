// A ticket's page body, the same for both sides: its facts, the conversation in order (each
// message with its side, author, time and attachments) and, while the conversation is open and the
// caller may write, the reply form with attachments.
import { PaperClipOutlined } from "@ant-design/icons";
import {
  ACTIVE_TICKET_STATUSES,
  isOneOf,
  type StoredFile,
  type TicketDetail,
  type TicketMessageBody,
  ticketMessageBody,
} from "@skyledger/contracts";
import { Button, Card, Descriptions, Form, Input, List, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../components/form-rules";
import { useFormSubmit } from "../../components/use-form-submit";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { saveBlob } from "../../lib/save-blob";
import { AttachmentsField, type UploadedFile } from "./attachments-field";
import { TicketStatusTag } from "./ticket-status";
import { fetchAttachment } from "./tickets-api";

function Attachment({ file }: { file: StoredFile }) {
  const { t } = useTranslation();
  const download = async () => saveBlob(await fetchAttachment(file.id), file.name);
  return (
    <Button
      type="link"
      size="small"
      icon={<PaperClipOutlined />}
      onClick={() => void download().catch(() => {})}
      aria-label={t("tickets.download", { name: file.name })}
      data-testid={`ticket-attachment-${file.name}`}
    >
      {file.name}
    </Button>
  );
}

export function TicketFacts({ ticket, extra }: { ticket: TicketDetail; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card style={{ marginBottom: 16 }} extra={extra} title={<UserData>{ticket.title}</UserData>}>
      <Descriptions
        column={{ xs: 1, md: 3 }}
        size="small"
        items={[
          {
            key: "no",
            label: t("tickets.fields.ticketNo"),
            children: <span data-testid="ticket-no">{ticket.ticketNo}</span>,
          },
          {
            key: "status",
            label: t("tickets.fields.status"),
            children: <TicketStatusTag status={ticket.status} />,
          },
          {
            key: "category",
            label: t("tickets.fields.category"),
            children: t(`tickets.category.${ticket.category}`),
          },
          {
            key: "tenant",
            label: t("tickets.fields.tenant"),
            children: <UserData>{ticket.orgName}</UserData>,
          },
          {
            key: "opener",
            label: t("tickets.fields.opener"),
            children: <UserData>{dash(ticket.opener?.name)}</UserData>,
          },
          {
            key: "assignee",
            label: t("tickets.fields.assignee"),
            children: (
              <span data-testid="ticket-assignee" data-user-data="">
                {dash(ticket.assignee?.name)}
              </span>
            ),
          },
          {
            key: "resource",
            label: t("tickets.fields.resource"),
            children: (
              <UserData>
                {ticket.resource ? `${ticket.resource.name} (${ticket.resource.kind})` : dash(null)}
              </UserData>
            ),
          },
          { key: "order", label: t("tickets.fields.order"), children: dash(ticket.order?.orderNo) },
          {
            key: "createdAt",
            label: t("tickets.fields.createdAt"),
            children: formatDateTime(ticket.createdAt),
          },
          ...(ticket.rating !== null
            ? [
                {
                  key: "rating",
                  label: t("tickets.fields.rating"),
                  children: (
                    <span data-testid="ticket-rating">
                      {t("tickets.yourRating", { rating: ticket.rating })}
                      {ticket.ratingComment ? ` · ${ticket.ratingComment}` : ""}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

export function TicketMessages({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  return (
    <List
      data-testid="ticket-messages"
      dataSource={ticket.messages}
      renderItem={(m) => (
        <List.Item data-testid={`ticket-message-${m.side}`}>
          <List.Item.Meta
            title={
              <Space wrap>
                <Tag color={m.side === "engineer" ? "blue" : "default"}>{t(`tickets.side.${m.side}`)}</Tag>
                <UserData>{m.author}</UserData>
                <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
              </Space>
            }
            description={
              <>
                <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 4 }}>
                  <UserData>{m.content}</UserData>
                </Typography.Paragraph>
                {m.attachments.length > 0 && (
                  <Space wrap>
                    {m.attachments.map((f) => (
                      <Attachment key={f.id} file={f} />
                    ))}
                  </Space>
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

type ReplyValues = { content: string; attachments?: UploadedFile[] };

/** The reply form: content (required, ≤ 2,000) and up to five attachments, checked as the server does. */
export function TicketReplyForm({ onSend }: { onSend(body: TicketMessageBody): Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReplyValues>();
  const { saving, run } = useFormSubmit(form, {
    action: async (values) => {
      await onSend({ content: values.content, attachmentIds: (values.attachments ?? []).map((f) => f.id) });
      form.resetFields();
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void run(values)}
      data-testid="ticket-reply-form"
    >
      <Form.Item name="content" rules={[zodRule(ticketMessageBody.shape.content, t)]}>
        <Input.TextArea
          rows={4}
          showCount
          maxLength={2000}
          placeholder={t("tickets.placeholders.reply")}
          aria-label={t("tickets.placeholders.reply")}
          data-testid="ticket-reply-content"
        />
      </Form.Item>
      <Form.Item name="attachments" extra={t("tickets.attachmentsHint")}>
        <AttachmentsField testId="ticket-reply-files" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="ticket-reply-send">
        {t("tickets.send")}
      </Button>
    </Form>
  );
}

/** Whether messages may still be written (the ticket is neither resolved nor closed). */
export const conversationOpen = (ticket: TicketDetail) => isOneOf(ACTIVE_TICKET_STATUSES, ticket.status);
