// /mgt/msgs (CF) and an operator's /sys/msgs (BN): the user's own messages — notices and the
// announcements addressed to them — filtered by type, newest first or unread first. Opening one
// marks it read; "read all" marks every one (the user's own read state, so CF suffices); deleting
// needs CF01 (an operator's BN).
import type { MessageRecord, MessageType } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Badge, Button, Card, Popconfirm, Segmented, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { useHasCode } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { useMessageCentrePath } from "../../../features/messages/message-centre-path";
import { MessageTypeFilter, MessageTypeTag } from "../../../features/messages/message-type";
import { MESSAGES_LIST_KEY, messagesApi, useRefreshMessages } from "../../../features/messages/messages-api";
import { formatDateTime } from "../../../lib/format";

export function MsgsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canDelete = useHasCode("CF01", "BN");
  const centre = useMessageCentrePath() ?? "/mgt/msgs";
  const refresh = useRefreshMessages();
  const [type, setType] = useState<MessageType | undefined>();
  const [order, setOrder] = useState<"time" | "unreadFirst">("time");
  const list = usePagedQuery(MESSAGES_LIST_KEY, endpoints.messages.list, {
    order,
    ...(type ? { type } : {}),
  });

  const readAll = async () => {
    await messagesApi.readAll();
    void message.success(t("messages.readAllDone"));
    refresh();
  };
  const remove = async (row: MessageRecord) => {
    await messagesApi.remove(row.id);
    void message.success(t("messages.deleted"));
    refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("messages.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("messages.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <MessageTypeFilter value={type} onChange={list.onFilter(setType)} />
            <Segmented<"time" | "unreadFirst">
              value={order}
              onChange={list.onFilter(setOrder)}
              data-testid="message-order"
              options={[
                { value: "time", label: t("messages.order.time") },
                { value: "unreadFirst", label: t("messages.order.unreadFirst") },
              ]}
            />
          </Space>
          <Button onClick={() => void readAll().catch(() => {})} data-testid="message-read-all">
            {t("messages.readAll")}
          </Button>
        </Space>
        <PagedTable<MessageRecord>
          rowKey="id"
          list={list}
          emptyText={t("messages.empty")}
          data-testid="message-table"
          rowTestId={(row) => `message-row-${row.id}`}
          columns={[
            {
              title: t("messages.fields.title"),
              dataIndex: "title",
              render: (title: string, row) => (
                <Space>
                  <Badge status={row.readAt ? "default" : "processing"} />
                  <Link
                    to={`${centre}/${encodeURIComponent(row.id)}`}
                    style={{ fontWeight: row.readAt ? "normal" : 600 }}
                    data-testid="message-open"
                    // A notice's words as it was sent (in both languages) or as an operator wrote it.
                    data-user-data=""
                  >
                    {title}
                  </Link>
                </Space>
              ),
            },
            {
              title: t("messages.fields.type"),
              dataIndex: "type",
              width: 140,
              render: (type: MessageType) => <MessageTypeTag type={type} />,
            },
            {
              title: t("messages.fields.state"),
              dataIndex: "readAt",
              width: 100,
              render: (readAt: string | null) => t(readAt ? "messages.read" : "messages.unread"),
            },
            {
              title: t("messages.fields.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            ...(canDelete
              ? [
                  {
                    title: t("common.actions"),
                    key: "actions",
                    width: 100,
                    render: (_: unknown, row: MessageRecord) => (
                      <Popconfirm
                        title={t("messages.deleteConfirm")}
                        okText={t("messages.delete")}
                        cancelText={t("common.cancel")}
                        onConfirm={() => remove(row).catch(() => {})}
                      >
                        <Button type="link" danger size="small" data-testid="message-delete">
                          {t("messages.delete")}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
