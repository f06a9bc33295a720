// /mgt/security_group (CB09): the organisation's security groups (its default group first). Create a
// group, open its rules or its hosts, delete one not in use (the server says what uses it).
import { endpoints, type SecurityGroupRecord } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { SimulatedNetworkNotice } from "../../../features/network/simulated-network-notice";
import { NetworkStatusTag } from "../../../features/network-security/network-labels";
import { SecurityGroupFormDialog } from "../../../features/network-security/security-group-form-dialog";
import {
  SECURITY_GROUPS_LIST_KEY,
  securityGroupsApi,
  useRefreshSecurityGroups,
} from "../../../features/network-security/security-groups-api";
import { dash, formatDateTime } from "../../../lib/format";

export function SecurityGroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const [creating, setCreating] = useState(false);
  const list = usePagedQuery(SECURITY_GROUPS_LIST_KEY, endpoints.networkSecurity.list, {
    keyword: keyword.trim(),
  });
  const refresh = useRefreshSecurityGroups();

  const remove = async (row: SecurityGroupRecord) => {
    await securityGroupsApi.remove(row.id);
    void message.success(t("network.group.deleted", { name: row.name }));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("network.group.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("network.group.intro")}</Typography.Paragraph>
      <SimulatedNetworkNotice />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            placeholder={t("network.group.keywordPlaceholder")}
            aria-label={t("network.group.keywordPlaceholder")}
            maxLength={64}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 300 }}
            data-testid="sg-keyword"
          />
          <Button type="primary" onClick={() => setCreating(true)} data-testid="sg-create">
            {t("network.group.create")}
          </Button>
        </Space>
        <PagedTable<SecurityGroupRecord>
          rowKey="id"
          list={list}
          scroll={{ x: 1000 }}
          data-testid="sg-table"
          rowTestId={(row) => `sg-row-${row.name}`}
          columns={[
            {
              title: t("network.group.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 200,
              render: (v: string, row) => (
                <Space size={4}>
                  <Link
                    to={`/mgt/security_group/rule/${encodeURIComponent(row.id)}`}
                    data-testid={`sg-open-${v}`}
                  >
                    {v}
                  </Link>
                  {row.isDefault && <Tag>{t("network.group.default")}</Tag>}
                </Space>
              ),
            },
            {
              title: t("network.group.description"),
              ...userDataCells,
              dataIndex: "description",
              render: (v: string) => dash(v),
            },
            { title: t("network.group.rules"), dataIndex: "ruleCount", width: 90 },
            { title: t("network.group.hosts"), dataIndex: "hostCount", width: 90 },
            {
              title: t("network.group.status"),
              dataIndex: "status",
              width: 110,
              render: (v: SecurityGroupRecord["status"]) => <NetworkStatusTag status={v} />,
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              width: 180,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 220,
              render: (_, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(`/mgt/security_group/rule/${encodeURIComponent(row.id)}`)}
                  >
                    {t("network.group.manageRules")}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(`/mgt/security_group/instance/${encodeURIComponent(row.id)}`)}
                    data-testid={`sg-hosts-${row.name}`}
                  >
                    {t("network.group.manageHosts")}
                  </Button>
                  {!row.isDefault && (
                    <Popconfirm
                      title={t("network.group.deleteConfirm", { name: row.name })}
                      okText={t("network.delete")}
                      okButtonProps={{ danger: true, ...{ "data-testid": "sg-delete-confirm" } }}
                      cancelText={t("common.cancel")}
                      onConfirm={() => remove(row).catch(() => {})}
                    >
                      <Button type="link" size="small" danger data-testid={`sg-delete-${row.name}`}>
                        {t("network.delete")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {creating && (
        <SecurityGroupFormDialog
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            void message.success(t("network.group.created", { name: group.name }));
            void refresh();
          }}
        />
      )}
    </>
  );
}
