// /sys/announcements (BA13): every announcement with its state (scheduled, published, withdrawn),
// publish a new one, withdraw one (it leaves every message centre and the overview).

import { type AnnouncementRecord, endpoints } from "@skyledger/contracts";
import { App, Button, Card, Flex, Popconfirm, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { ANNOUNCEMENTS_LIST_KEY, messagesApi } from "../../../features/messages/messages-api";
import { formatDateTime } from "../../../lib/format";
import { PublishDialog } from "./publish-dialog";

const STATE_COLORS = { scheduled: "blue", published: "green", withdrawn: "default" } as const;

export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState(false);
  const mayAct = useMayActHere();
  const list = usePagedQuery(ANNOUNCEMENTS_LIST_KEY, endpoints.messages.opsList);
  const zh = i18n.language === "zh-CN";

  const withdraw = async (row: AnnouncementRecord) => {
    await messagesApi.withdraw(row.id);
    void message.success(t("messages.announcements.withdrawn"));
    void list.query.refetch();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("messages.announcements.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("messages.announcements.intro")}</Typography.Paragraph>
      <ReadOnlyNote />
      <Card>
        {mayAct && (
          <Flex justify="flex-end" style={{ marginBottom: 16 }}>
            <Button type="primary" onClick={() => setPublishing(true)} data-testid="announcement-new">
              {t("messages.announcements.new")}
            </Button>
          </Flex>
        )}
        <PagedTable<AnnouncementRecord>
          rowKey="id"
          list={list}
          emptyText={t("messages.announcements.empty")}
          scroll={{ x: 900 }}
          data-testid="announcement-table"
          rowTestId={(row) => `announcement-row-${row.title}`}
          columns={[
            { title: t("messages.announcements.fields.title"), ...userDataCells, dataIndex: "title" },
            {
              title: t("messages.announcements.fields.type"),
              dataIndex: "type",
              width: 120,
              render: (type: AnnouncementRecord["type"]) => t(`messages.announcementTypes.${type}`),
            },
            {
              title: t("messages.announcements.fields.audience"),
              dataIndex: "product",
              width: 200,
              render: (p: AnnouncementRecord["product"]) =>
                p
                  ? t("messages.announcements.productTenants", { product: zh ? p.nameZh : p.nameEn })
                  : t("messages.announcements.everyone"),
            },
            {
              title: t("messages.announcements.fields.publishAt"),
              dataIndex: "publishAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("messages.announcements.fields.state"),
              dataIndex: "state",
              width: 110,
              render: (s: AnnouncementRecord["state"]) => (
                <Tag color={STATE_COLORS[s]}>{t(`messages.announcementStates.${s}`)}</Tag>
              ),
            },
            {
              title: t("common.actions"),
              key: "actions",
              width: 100,
              hidden: !mayAct,
              render: (_: unknown, row: AnnouncementRecord) =>
                row.state === "withdrawn" ? null : (
                  <Popconfirm
                    title={t("messages.announcements.withdrawConfirm")}
                    okText={t("messages.announcements.withdraw")}
                    cancelText={t("common.cancel")}
                    onConfirm={() => withdraw(row).catch(() => {})}
                  >
                    <Button type="link" danger size="small" data-testid="announcement-withdraw">
                      {t("messages.announcements.withdraw")}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
      <PublishDialog
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(a) => {
          setPublishing(false);
          void message.success(
            t(
              a.state === "scheduled"
                ? "messages.announcements.scheduled"
                : "messages.announcements.published",
            ),
          );
          void list.query.refetch();
        }}
      />
    </>
  );
}
