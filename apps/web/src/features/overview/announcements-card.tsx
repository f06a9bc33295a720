// The overview's "announcements" card: the latest announcements addressed to the organisation,
// each opening in the message centre (which marks it read).
import { List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UserData } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { useLatestAnnouncements } from "../messages/messages-api";

export function AnnouncementsCard({ canOpen }: { canOpen: boolean }) {
  const { t } = useTranslation();
  const latest = useLatestAnnouncements(true);
  const items = latest.data?.list ?? [];
  return (
    <List
      size="small"
      loading={latest.isLoading}
      locale={{ emptyText: t("messages.announcements.none") }}
      dataSource={items}
      renderItem={(a) => (
        <List.Item key={a.id} data-testid="dashboard-announcement">
          <List.Item.Meta
            title={
              canOpen ? (
                <Link
                  to={`/mgt/msgs/${encodeURIComponent(a.messageId)}`}
                  style={{ fontWeight: a.readAt ? "normal" : 600 }}
                  // As the operator wrote it, in whatever language.
                  data-user-data=""
                >
                  {a.title}
                </Link>
              ) : (
                <UserData>{a.title}</UserData>
              )
            }
            description={
              <Typography.Text type="secondary">
                {t(`messages.announcementTypes.${a.type}`)} · {formatDateTime(a.publishAt)}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
