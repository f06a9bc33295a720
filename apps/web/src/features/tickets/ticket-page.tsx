// What the tenant's and the engineer's ticket pages share: the link back to the list, the loading
// and failure states, and `done`, which confirms an action and reads the ticket and the lists again.
// Also the list columns both lists start with (number with its unread badge, title, category, state).
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { TicketCategory, TicketDetail, TicketRecord, TicketStatus } from "@skyledger/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import { App, Badge, Skeleton, Space, type TableColumnType } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../components/table-states";
import { userDataCells } from "../../components/user-data";
import { TicketStatusTag } from "./ticket-status";
import { useRefreshTickets } from "./tickets-api";

type Props = {
  query: UseQueryResult<TicketDetail>;
  back: { to: string; text: string };
  children(ticket: TicketDetail, done: (text: string) => Promise<void>): ReactNode;
};

export function TicketPage({ query, back, children }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refreshLists = useRefreshTickets();
  const done = async (text: string) => {
    void message.success(text);
    await Promise.all([query.refetch(), refreshLists()]);
  };
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={back.to} data-testid="ticket-back">
          <ArrowLeftOutlined /> {back.text}
        </Link>
      </Space>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError || !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} t={t} />
      ) : (
        children(query.data, done)
      )}
    </>
  );
}

/** The first columns of both lists; `detailPath` is the detail route without its id. */
export function ticketColumns(t: TFunction, detailPath: string): TableColumnType<TicketRecord>[] {
  return [
    {
      title: t("tickets.fields.ticketNo"),
      dataIndex: "ticketNo",
      width: 200,
      render: (v: string, row) => (
        <Badge
          count={row.unread}
          size="small"
          offset={[8, 0]}
          title={t("tickets.unread", { count: row.unread })}
        >
          <Link to={`${detailPath}/${encodeURIComponent(row.id)}`} data-testid={`ticket-open-${v}`}>
            {v}
          </Link>
        </Badge>
      ),
    },
    { title: t("tickets.fields.title"), ...userDataCells, dataIndex: "title" },
    {
      title: t("tickets.fields.category"),
      dataIndex: "category",
      width: 150,
      render: (v: TicketCategory) => t(`tickets.category.${v}`),
    },
    {
      title: t("tickets.fields.status"),
      dataIndex: "status",
      width: 110,
      render: (v: TicketStatus) => <TicketStatusTag status={v} />,
    },
  ];
}
