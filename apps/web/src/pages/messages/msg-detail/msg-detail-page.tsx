// /mgt/msgs/:id (CF) and /sys/msgs/:id (BN): one of the user's messages, marked read by opening it (the server does so
// when it answers). Another user's message, or a deleted one, is not found.
import { Button, Card, Descriptions, Spin, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadFailed } from "../../../components/table-states";
import { useMessageCentrePath } from "../../../features/messages/message-centre-path";
import { MessageTypeTag } from "../../../features/messages/message-type";
import { useMessage, useRefreshMessages } from "../../../features/messages/messages-api";
import { formatDateTime } from "../../../lib/format";

export function MsgDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const msg = useMessage(id);
  const refresh = useRefreshMessages();
  const centre = useMessageCentrePath() ?? "/mgt/msgs";
  const loaded = Boolean(msg.data);
  // Opening it read it: the header's count and the list change.
  useEffect(() => {
    if (loaded) refresh();
  }, [loaded, refresh]);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("messages.detailTitle")}
      </Typography.Title>
      {msg.isError ? (
        <LoadFailed t={t} onRetry={() => void msg.refetch()} />
      ) : !msg.data ? (
        <Spin />
      ) : (
        <Card
          // The notice's words as it was sent (in both languages) or as an operator wrote them.
          title={
            <span data-testid="message-title" data-user-data="">
              {msg.data.title}
            </span>
          }
          extra={
            <Link to={centre}>
              <Button data-testid="message-back">{t("messages.back")}</Button>
            </Link>
          }
        >
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              {
                key: "type",
                label: t("messages.fields.type"),
                children: <MessageTypeTag type={msg.data.type} />,
              },
              {
                key: "at",
                label: t("messages.fields.createdAt"),
                children: formatDateTime(msg.data.createdAt),
              },
            ]}
          />
          <Typography.Paragraph
            style={{ whiteSpace: "pre-wrap" }}
            data-testid="message-body"
            data-user-data=""
          >
            {msg.data.body}
          </Typography.Paragraph>
        </Card>
      )}
    </>
  );
}
