// The head of a group's two pages (rules, hosts): back to the list, the group's name and
// description, and tabs between its rules and its hosts.
import type { SecurityGroupDetail } from "@skyledger/contracts";
import { Button, Descriptions, Space, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { dash, formatDateTime } from "../../lib/format";
import { SimulatedNetworkNotice } from "../network/simulated-network-notice";
import { NetworkStatusTag } from "./network-labels";

export function SecurityGroupHeader({
  group,
  tab,
}: {
  /** Undefined while it loads. */
  group: SecurityGroupDetail | undefined;
  tab: "rule" | "instance";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!group)
    return (
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("network.group.title")}
      </Typography.Title>
    );
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => navigate("/mgt/security_group")} data-testid="sg-back">
          {t("common.back")}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="sg-title">
          {group.name}
        </Typography.Title>
        {group.isDefault && <Tag>{t("network.group.default")}</Tag>}
        <NetworkStatusTag status={group.status} />
      </Space>
      <SimulatedNetworkNotice />
      <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
        <Descriptions.Item label={t("network.group.description")}>
          {dash(group.description)}
        </Descriptions.Item>
        <Descriptions.Item label={t("network.group.project")}>{dash(group.projectName)}</Descriptions.Item>
        <Descriptions.Item label={t("common.createdAt")}>{formatDateTime(group.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`/mgt/security_group/${key}/${encodeURIComponent(group.id)}`)}
        items={[
          { key: "rule", label: t("network.group.rules") },
          { key: "instance", label: <span data-testid="sg-tab-hosts">{t("network.group.hosts")}</span> },
        ]}
      />
    </>
  );
}
