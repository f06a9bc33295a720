import { endpoints } from "@skyledger/contracts";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuditLogView } from "../../../features/audit/audit-log-view";

/** /mgt/audit (CH07): the security and access events of the caller's organisation. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("audit.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("audit.hint")}</Typography.Paragraph>
      <AuditLogView endpoint={endpoints.audit.list} />
    </>
  );
}
