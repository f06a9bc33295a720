// /mgt/workorder (CD; CD01 opens tickets): the organisation's tickets, newest first, each with its
// state and a badge counting the engineer's answers not yet opened.
import type { TicketCategory, TicketRecord, TicketStatus } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { useHasCode } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { ticketColumns } from "../../../features/tickets/ticket-page";
import { TicketCategoryFilter, TicketStatusFilter } from "../../../features/tickets/ticket-status";
import { TICKETS_LIST_KEY } from "../../../features/tickets/tickets-api";
import { formatDateTime } from "../../../lib/format";
import { NewTicketDialog } from "./new-ticket-dialog";

export function WorkorderPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useHasCode("CD01");
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<TicketStatus | undefined>();
  const [category, setCategory] = useState<TicketCategory | undefined>();
  const [creating, setCreating] = useState(false);
  const list = usePagedQuery(TICKETS_LIST_KEY, endpoints.tickets.list, {
    keyword: keyword.trim(),
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
  });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("tickets.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tickets.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t("tickets.keyword")}
              aria-label={t("tickets.keyword")}
              maxLength={64}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 260 }}
              data-testid="ticket-keyword"
            />
            <TicketStatusFilter value={status} onChange={list.onFilter(setStatus)} />
            <TicketCategoryFilter value={category} onChange={list.onFilter(setCategory)} />
          </Space>
          {canWrite && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="ticket-new">
              {t("tickets.new")}
            </Button>
          )}
        </Space>
        <PagedTable<TicketRecord>
          rowKey="id"
          list={list}
          emptyText={t("tickets.empty")}
          scroll={{ x: 1000 }}
          data-testid="ticket-table"
          rowTestId={(row) => `ticket-row-${row.ticketNo}`}
          columns={[
            ...ticketColumns(t, "/mgt/workorder/details"),
            {
              title: t("tickets.fields.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("tickets.fields.updatedAt"),
              dataIndex: "updatedAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
      {creating && (
        <NewTicketDialog
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false);
            void message.success(t("tickets.created", { no: ticket.ticketNo }));
            void navigate(`/mgt/workorder/details/${encodeURIComponent(ticket.id)}`);
          }}
        />
      )}
    </>
  );
}
