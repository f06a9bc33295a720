// The console header's count of active alarms on the hosts the user sees (the in-app notice of
// decision 0019): a bell with a badge, linking to the alarm list. Only for tenant users holding CB01.
import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAlarmSummary } from "../../features/alarms/alarms-api";
import { useCurrentUser } from "./current-user-context";

export function AlarmBell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // A platform account has no organisation: the tenant-only summary would refuse it.
  const allowed = user.permissions.includes("CB01") && Boolean(user.currentOrg);
  const summary = useAlarmSummary(allowed);
  if (!allowed) return null;
  const count = summary.data?.active ?? 0;
  return (
    <Tooltip title={t("alarms.bell", { count })}>
      <Link to="/mgt/monitor/alarms" aria-label={t("alarms.bell", { count })} data-testid="alarm-bell">
        <Badge count={count} size="small" data-testid="alarm-bell-count" data-count={count}>
          <Button type="text" icon={<BellOutlined />} tabIndex={-1} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
