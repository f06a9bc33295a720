// /mgt/workorder/details/:id (CD; CD01 writes): one ticket and its conversation. Opening it marks
// the engineer's answers read. While it is open the tenant replies or closes it; once resolved or
// closed the tenant rates the answer or reopens it.
import { FINISHED_TICKET_STATUSES, isOneOf, type TicketDetail, ticketRateBody } from "@skyledger/contracts";
import { Alert, Button, Card, Form, Input, Popconfirm, Rate, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { zodRule } from "../../../components/form-rules";
import { useHasCode } from "../../../components/require-org";
import { useFormSubmit } from "../../../components/use-form-submit";
import {
  conversationOpen,
  TicketFacts,
  TicketMessages,
  TicketReplyForm,
} from "../../../features/tickets/ticket-conversation";
import { TicketPage } from "../../../features/tickets/ticket-page";
import { ticketsApi, useTicket } from "../../../features/tickets/tickets-api";

function RateForm({ ticket, onDone }: { ticket: TicketDetail; onDone(): Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ rating: number; comment?: string }>();
  const { saving, run } = useFormSubmit(form, {
    action: async (values) => {
      await ticketsApi.rate(ticket.id, { rating: values.rating, comment: values.comment ?? "" });
      await onDone();
    },
  });
  return (
    <Form form={form} layout="inline" onFinish={(v) => void run(v)} data-testid="ticket-rate-form">
      <Form.Item name="rating" rules={[{ required: true, message: t("validation.required") }]}>
        <Rate data-testid="ticket-rate-stars" />
      </Form.Item>
      <Form.Item name="comment" rules={[zodRule(ticketRateBody.shape.comment, t, { optional: true })]}>
        <Input placeholder={t("tickets.ratingComment")} maxLength={2000} style={{ width: 280 }} />
      </Form.Item>
      <Button htmlType="submit" loading={saving} data-testid="ticket-rate-submit">
        {t("tickets.rate")}
      </Button>
    </Form>
  );
}

function TenantActions({ ticket, done }: { ticket: TicketDetail; done(text: string): Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Space>
      {ticket.status !== "closed" && (
        <Popconfirm
          title={t("tickets.closeConfirm")}
          okText={t("tickets.close")}
          cancelText={t("common.cancel")}
          onConfirm={() => ticketsApi.close(ticket.id).then(() => done(t("tickets.closed")))}
        >
          <Button data-testid="ticket-close">{t("tickets.close")}</Button>
        </Popconfirm>
      )}
      {isOneOf(FINISHED_TICKET_STATUSES, ticket.status) && (
        <Button
          onClick={() => void ticketsApi.reopen(ticket.id).then(() => done(t("tickets.reopened")))}
          data-testid="ticket-reopen"
        >
          {t("tickets.reopen")}
        </Button>
      )}
    </Space>
  );
}

export function WorkorderDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const canWrite = useHasCode("CD01");
  const query = useTicket(id);

  return (
    <TicketPage query={query} back={{ to: "/mgt/workorder", text: t("tickets.backToList") }}>
      {(ticket, done) => (
        <>
          <TicketFacts ticket={ticket} extra={canWrite && <TenantActions ticket={ticket} done={done} />} />
          <Card title={t("tickets.conversation")}>
            <TicketMessages ticket={ticket} />
            {!canWrite ? (
              <Alert type="info" showIcon title={t("tickets.readOnly")} data-testid="ticket-read-only" />
            ) : conversationOpen(ticket) ? (
              <TicketReplyForm
                onSend={(body) => ticketsApi.reply(ticket.id, body).then(() => done(t("tickets.sent")))}
              />
            ) : (
              <Space orientation="vertical" style={{ width: "100%" }}>
                <Typography.Text type="secondary">
                  {t("tickets.finished", { status: t(`tickets.status.${ticket.status}`) })}
                </Typography.Text>
                <RateForm ticket={ticket} onDone={() => done(t("tickets.rated"))} />
              </Space>
            )}
          </Card>
        </>
      )}
    </TicketPage>
  );
}
