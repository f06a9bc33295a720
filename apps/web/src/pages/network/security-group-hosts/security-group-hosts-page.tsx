// /mgt/security_group/instance/{id} (CB09): the hosts bound to a group. Bind another of the caller's
// hosts (a running one too) or unbind one; the network service is told the host's whole set.
import { endpoints, type SecurityGroupHost } from "@skyledger/contracts";
import { App, Button, Card, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { BindHostDialog } from "../../../features/network-security/bind-host-dialog";
import { ConfirmRemoveLink, NetworkStatusTag } from "../../../features/network-security/network-labels";
import { SecurityGroupHeader } from "../../../features/network-security/security-group-header";
import {
  SECURITY_GROUP_HOSTS_KEY,
  securityGroupsApi,
  useRefreshSecurityGroups,
  useSecurityGroup,
} from "../../../features/network-security/security-groups-api";
import { dash, formatDateTime } from "../../../lib/format";

export function SecurityGroupHostsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useParams().id ?? "";
  const group = useSecurityGroup(id);
  const [keyword, setKeyword] = useState("");
  const [binding, setBinding] = useState(false);
  const list = usePagedQuery(
    SECURITY_GROUP_HOSTS_KEY,
    endpoints.networkSecurity.hosts,
    { keyword: keyword.trim() },
    { params: { id } },
  );
  const refresh = useRefreshSecurityGroups();

  const unbind = async (row: SecurityGroupHost) => {
    await securityGroupsApi.unbind(id, row.hostId);
    void message.success(t("network.hosts.unbound", { name: row.name }));
    await refresh(id);
  };

  return (
    <>
      <SecurityGroupHeader group={group.data} tab="instance" />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            placeholder={t("network.hosts.keywordPlaceholder")}
            aria-label={t("network.hosts.keywordPlaceholder")}
            maxLength={64}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 300 }}
          />
          <Button
            type="primary"
            disabled={!group.data}
            onClick={() => setBinding(true)}
            data-testid="host-bind"
          >
            {t("network.hosts.bind")}
          </Button>
        </Space>
        <PagedTable<SecurityGroupHost>
          rowKey="hostId"
          list={list}
          emptyText={t("network.hosts.empty")}
          scroll={{ x: 800 }}
          data-testid="sg-host-table"
          rowTestId={(row) => `sg-host-row-${row.name}`}
          columns={[
            { title: t("network.hosts.host"), ...userDataCells, dataIndex: "name", width: 200 },
            {
              title: t("network.hosts.ip"),
              dataIndex: "ipAddress",
              width: 160,
              render: (v: string | null) => dash(v),
            },
            {
              title: t("network.hosts.binding"),
              dataIndex: "bindingStatus",
              width: 120,
              render: (v: SecurityGroupHost["bindingStatus"]) => (v ? <NetworkStatusTag status={v} /> : "-"),
            },
            {
              title: t("network.hosts.boundAt"),
              dataIndex: "boundAt",
              width: 180,
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              width: 100,
              render: (_, row) => (
                <ConfirmRemoveLink
                  title={t("network.hosts.unbindConfirm", { name: row.name })}
                  label={t("network.hosts.unbind")}
                  testId={`host-unbind-${row.name}`}
                  onConfirm={() => unbind(row)}
                />
              ),
            },
          ]}
        />
      </Card>
      {binding && (
        <BindHostDialog
          groupId={id}
          onClose={() => setBinding(false)}
          onBound={() => {
            setBinding(false);
            void message.success(t("network.hosts.bound"));
            void refresh(id);
          }}
        />
      )}
    </>
  );
}
