// /mgt/security_group/rule/{id} (CB09): a group's inbound and outbound rules, highest priority (1)
// first, as the console reads them; add a rule (checked as it is typed) or delete one.
import type { SecurityRuleRecord } from "@skyledger/contracts";
import { App, Button, Card, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { tableLocale } from "../../../components/table-states";
import {
  ConfirmRemoveLink,
  NetworkStatusTag,
  usePortsText,
} from "../../../features/network-security/network-labels";
import { SecurityGroupHeader } from "../../../features/network-security/security-group-header";
import {
  securityGroupsApi,
  useRefreshSecurityGroups,
  useSecurityGroup,
} from "../../../features/network-security/security-groups-api";
import { SecurityRuleFormDialog } from "../../../features/network-security/security-rule-form-dialog";

export function SecurityGroupRulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useParams().id ?? "";
  const group = useSecurityGroup(id);
  const refresh = useRefreshSecurityGroups();
  const portsText = usePortsText();
  const [adding, setAdding] = useState(false);

  const remove = async (rule: SecurityRuleRecord) => {
    await securityGroupsApi.removeRule(id, rule.id);
    void message.success(t("network.rule.deleted"));
    await refresh(id);
  };

  return (
    <>
      <SecurityGroupHeader group={group.data} tab="rule" />
      <Card>
        <Space style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Typography.Text type="secondary">{t("network.rule.orderNote")}</Typography.Text>
          <Button
            type="primary"
            disabled={!group.data}
            onClick={() => setAdding(true)}
            data-testid="rule-add"
          >
            {t("network.rule.add")}
          </Button>
        </Space>
        <Table<SecurityRuleRecord>
          rowKey="id"
          loading={group.isFetching}
          dataSource={group.data?.rules ?? []}
          locale={tableLocale(group, t, t("network.rule.empty"))}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="rule-table"
          onRow={(row) => ({ "data-testid": `rule-row-${row.priority}-${row.protocol}` }) as never}
          columns={[
            { title: t("network.rule.priority"), dataIndex: "priority", width: 90 },
            {
              title: t("network.rule.direction"),
              dataIndex: "direction",
              width: 110,
              render: (v: string) => t(`network.direction.${v}`),
            },
            {
              title: t("network.rule.protocol"),
              dataIndex: "protocol",
              width: 110,
              render: (v: string) => t(`network.protocol.${v}`),
            },
            { title: t("network.rule.ports"), key: "ports", width: 140, render: (_, row) => portsText(row) },
            {
              title: t("network.rule.remote"),
              key: "remote",
              render: (_, row) =>
                row.remoteCidr ?? t("network.rule.remoteGroupNamed", { name: row.remoteGroupName }),
            },
            {
              title: t("network.group.status"),
              dataIndex: "status",
              width: 110,
              render: (v: SecurityRuleRecord["status"]) => <NetworkStatusTag status={v} />,
            },
            {
              title: t("common.actions"),
              key: "actions",
              width: 100,
              render: (_, row) => (
                <ConfirmRemoveLink
                  title={t("network.rule.deleteConfirm")}
                  label={t("network.delete")}
                  testId={`rule-delete-${row.id}`}
                  onConfirm={() => remove(row)}
                />
              ),
            },
          ]}
        />
      </Card>
      <SecurityRuleFormDialog
        groupId={id}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          void message.success(t("network.rule.added"));
          void refresh(id);
        }}
      />
    </>
  );
}
