// The console header's count of unread messages in the message centre (notices and the
// announcements addressed to the user), linking to the centre. Only where the centre opens: holders
// of CF with the route (a tenant route, so not for platform accounts).
import { MailOutlined } from "@ant-design/icons";
import { Badge, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUnreadCount } from "../../features/messages/messages-api";
import { useCurrentUser } from "./current-user-context";

export function MessageBell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = user.permissions.includes("CF") && user.routes.includes("/mgt/msgs");
  const unread = useUnreadCount(allowed);
  if (!allowed) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <Tooltip title={t("messages.bell", { count })}>
      <Link to="/mgt/msgs" aria-label={t("messages.bell", { count })} data-testid="message-bell">
        <Badge count={count} size="small" data-testid="message-bell-count" data-count={count}>
          <Button type="text" icon={<MailOutlined />} tabIndex={-1} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
