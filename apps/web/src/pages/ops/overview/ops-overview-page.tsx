// /sys/overview: the operator's landing page — the queues waiting for an operator, with their counts
// and links, the dashboard's panels the operator's codes open (money by day, tenants by state), and
// the newest orders to decide for those who decide orders (BA07). The tenant overview
// (account, verification, resources) belongs to an organisation, which operators do not have.
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { ApprovalQueueCard } from "../../../features/overview/approval-queue-card";
import { OperatorQueues } from "../../../features/overview/operator-queues";
import { OpsDashboardPanels } from "../../../features/overview/ops-dashboard";

export function OpsOverviewPage() {
  const { t } = useTranslation();
  const { permissions } = useCurrentUser();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("overview.ops.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("overview.ops.intro")}</Typography.Paragraph>
      <OperatorQueues />
      <OpsDashboardPanels />
      {permissions.includes("BA07") && <ApprovalQueueCard />}
    </>
  );
}
