// /mgt/workorders (BJ): every tenant's tickets, the longest waiting first, by state, category,
// tenant and "only mine"; each line shows the tenant's messages not yet opened.
import type { TicketCategory, TicketRecord, TicketStatus } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Card, Checkbox, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { ticketColumns } from "../../../features/tickets/ticket-page";
import { TicketCategoryFilter, TicketStatusFilter } from "../../../features/tickets/ticket-status";
import { TICKET_QUEUE_KEY } from "../../../features/tickets/tickets-api";
import { dash, formatDateTime } from "../../../lib/format";

/** How long a ticket has waited since it was opened, in whole days and hours. */
function useWaited() {
  const { t } = useTranslation();
  return (createdAt: string) => {
    const hours = Math.max(0, Math.floor((Date.now() - Date.parse(createdAt)) / 3_600_000));
    return t("tickets.ops.waited", { days: Math.floor(hours / 24), hours: hours % 24 });
  };
}

export function WorkordersPage() {
  const { t } = useTranslation();
  const waited = useWaited();
  const [keyword, setKeyword] = useState("");
  const [tenant, setTenant] = useState("");
  const [status, setStatus] = useState<TicketStatus | undefined>();
  const [category, setCategory] = useState<TicketCategory | undefined>();
  const [mine, setMine] = useState(false);
  const list = usePagedQuery(TICKET_QUEUE_KEY, endpoints.tickets.queue, {
    keyword: keyword.trim(),
    tenant: tenant.trim(),
    ...(status ? { status } : {}),
    ...(category ? { category } : {}),
    ...(mine ? { mine: "true" } : {}),
  });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("tickets.ops.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tickets.ops.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t("tickets.keyword")}
            aria-label={t("tickets.keyword")}
            maxLength={64}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 220 }}
            data-testid="queue-keyword"
          />
          <Input.Search
            allowClear
            placeholder={t("tickets.ops.tenantSearch")}
            aria-label={t("tickets.ops.tenantSearch")}
            maxLength={64}
            onSearch={list.onFilter(setTenant)}
            style={{ width: 220 }}
            data-testid="queue-tenant"
          />
          <TicketStatusFilter value={status} onChange={list.onFilter(setStatus)} />
          <TicketCategoryFilter value={category} onChange={list.onFilter(setCategory)} />
          <Checkbox
            checked={mine}
            onChange={(e) => list.onFilter(setMine)(e.target.checked)}
            data-testid="queue-mine"
          >
            {t("tickets.ops.mine")}
          </Checkbox>
        </Space>
        <PagedTable<TicketRecord>
          rowKey="id"
          list={list}
          emptyText={t("tickets.empty")}
          scroll={{ x: 1200 }}
          data-testid="queue-table"
          rowTestId={(row) => `queue-row-${row.ticketNo}`}
          columns={[
            ...ticketColumns(t, "/mgt/workorders/detail"),
            { title: t("tickets.fields.tenant"), ...userDataCells, dataIndex: "orgName", width: 180 },
            {
              title: t("tickets.fields.assignee"),
              key: "assignee",
              width: 140,
              // The engineer's own name, as typed when the account was made.
              ...userDataCells,
              render: (_, row) => dash(row.assignee?.name),
            },
            {
              title: t("tickets.fields.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("tickets.fields.age"),
              key: "age",
              width: 120,
              render: (_, row) => waited(row.createdAt),
            },
          ]}
        />
      </Card>
    </>
  );
}
