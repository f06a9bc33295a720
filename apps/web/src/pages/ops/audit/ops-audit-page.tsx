import { endpoints } from "@skyledger/contracts";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { AuditLogView } from "../../../features/audit/audit-log-view";

/** /sys/audit (BA06): every organisation's events and the platform's own. */
export function OpsAuditPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("audit.opsTitle")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("audit.opsHint")}</Typography.Paragraph>
      {/* Picking an organisation by name reads the tenant list, which needs BI. */}
      <AuditLogView endpoint={endpoints.audit.listAll} operator orgPicker={user.permissions.includes("BI")} />
    </>
  );
}
