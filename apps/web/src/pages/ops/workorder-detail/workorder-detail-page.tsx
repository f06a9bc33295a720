// /mgt/workorders/detail/:id (BJ): one ticket with its tenant, linked resource or order and the
// conversation. Opening it marks the tenant's messages read. The engineer takes it, answers, hands
// it over to another operator holding BJ, or resolves it.
import type { TicketDetail } from "@skyledger/contracts";
import { Button, Card, Form, Popconfirm, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { FormDialog } from "../../../components/form-dialog";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import {
  conversationOpen,
  TicketFacts,
  TicketMessages,
  TicketReplyForm,
} from "../../../features/tickets/ticket-conversation";
import { TicketPage } from "../../../features/tickets/ticket-page";
import { ticketDeskApi, useDeskTicket, useTicketEngineers } from "../../../features/tickets/tickets-api";

function HandoverDialog({
  ticket,
  onClose,
  onDone,
}: {
  ticket: TicketDetail;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ assigneeId: string }>();
  const engineers = useTicketEngineers(true);
  return (
    <FormDialog<{ assigneeId: string }>
      form={form}
      open
      title={t("tickets.ops.handoverTitle")}
      okText={t("tickets.ops.handover")}
      submitTestId="ticket-handover-submit"
      onSubmit={async (v) => {
        await ticketDeskApi.handover(ticket.id, v.assigneeId);
        onDone();
      }}
      onCancel={onClose}
    >
      <Form.Item
        name="assigneeId"
        label={t("tickets.ops.engineer")}
        rules={[{ required: true, message: t("validation.required") }]}
      >
        <Select
          loading={engineers.isPending}
          options={(engineers.data ?? [])
            .filter((e) => e.id !== ticket.assignee?.id)
            .map((e) => ({ value: e.id, label: e.name }))}
          data-testid="ticket-handover-engineer"
        />
      </Form.Item>
    </FormDialog>
  );
}

function DeskActions({
  ticket,
  done,
  onHandover,
}: {
  ticket: TicketDetail;
  done(text: string): Promise<void>;
  onHandover(): void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  return (
    <Space>
      {ticket.assignee?.id !== me.userSid && (
        <Button
          onClick={() => void ticketDeskApi.take(ticket.id).then(() => done(t("tickets.ops.taken")))}
          data-testid="ticket-take"
        >
          {t("tickets.ops.take")}
        </Button>
      )}
      <Button onClick={onHandover} data-testid="ticket-handover">
        {t("tickets.ops.handover")}
      </Button>
      <Popconfirm
        title={t("tickets.ops.resolveConfirm")}
        okText={t("tickets.ops.resolve")}
        cancelText={t("common.cancel")}
        onConfirm={() => ticketDeskApi.resolve(ticket.id).then(() => done(t("tickets.ops.resolved")))}
      >
        <Button type="primary" data-testid="ticket-resolve">
          {t("tickets.ops.resolve")}
        </Button>
      </Popconfirm>
    </Space>
  );
}

export function WorkorderDeskPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const query = useDeskTicket(id);
  const [handingOver, setHandingOver] = useState(false);
  const mayAct = useMayActHere();
  // The auditor reads the conversation; taking, answering, handing over and resolving are not theirs.
  const open = (ticket: TicketDetail) => mayAct && conversationOpen(ticket);

  return (
    <TicketPage query={query} back={{ to: "/mgt/workorders", text: t("tickets.ops.backToQueue") }}>
      {(ticket, done) => (
        <>
          <ReadOnlyNote />
          <TicketFacts
            ticket={ticket}
            extra={
              open(ticket) && (
                <DeskActions ticket={ticket} done={done} onHandover={() => setHandingOver(true)} />
              )
            }
          />
          <Card title={t("tickets.conversation")}>
            <TicketMessages ticket={ticket} />
            {open(ticket) ? (
              <TicketReplyForm
                onSend={(body) => ticketDeskApi.answer(ticket.id, body).then(() => done(t("tickets.sent")))}
              />
            ) : (
              !conversationOpen(ticket) && (
                <Typography.Text type="secondary">
                  {t("tickets.finished", { status: t(`tickets.status.${ticket.status}`) })}
                </Typography.Text>
              )
            )}
          </Card>
          {handingOver && (
            <HandoverDialog
              ticket={ticket}
              onClose={() => setHandingOver(false)}
              onDone={() => {
                setHandingOver(false);
                void done(t("tickets.ops.handedOver"));
              }}
            />
          )}
        </>
      )}
    </TicketPage>
  );
}
