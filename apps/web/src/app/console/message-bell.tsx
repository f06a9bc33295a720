// The console header's count of unread messages in the message centre (notices and the
// announcements addressed to the user), linking to the centre. Only where the centre opens: a
// tenant's /mgt/msgs (CF) or an operator's /sys/msgs (BN).
import { MailOutlined } from "@ant-design/icons";
import { Badge, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMessageCentrePath } from "../../features/messages/message-centre-path";
import { useUnreadCount } from "../../features/messages/messages-api";

export function MessageBell() {
  const { t } = useTranslation();
  const centre = useMessageCentrePath();
  const unread = useUnreadCount(centre !== null);
  if (!centre) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <Tooltip title={t("messages.bell", { count })}>
      <Link to={centre} aria-label={t("messages.bell", { count })} data-testid="message-bell">
        <Badge count={count} size="small" data-testid="message-bell-count" data-count={count}>
          <Button type="text" icon={<MailOutlined />} tabIndex={-1} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
