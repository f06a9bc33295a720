// /mgt/monitor/alarm-rules (CB01): alarm rules on the hosts the user sees (and, for administrators,
// on every host). Create, change, enable or disable and delete; `?hostId=` narrows the list to one
// host's rules (those on it and those on every host), as the host's monitoring page links here.
import { type AlarmRuleRecord, endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { AlarmHostFilter, useHostParam } from "../../../features/alarms/alarm-host-filter";
import { conditionText, SeverityTag } from "../../../features/alarms/alarm-labels";
import { ALARM_RULES_LIST_KEY, alarmsApi, useRefreshAlarms } from "../../../features/alarms/alarms-api";
import { AlarmRuleFormDialog } from "./alarm-rule-form-dialog";

export function AlarmRulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [hostId, setHostId] = useHostParam();
  const [keyword, setKeyword] = useState("");
  const [dialog, setDialog] = useState<{ rule?: AlarmRuleRecord } | null>(null);
  const list = usePagedQuery(ALARM_RULES_LIST_KEY, endpoints.alarms.listRules, {
    keyword: keyword.trim(),
    hostId,
  });
  const refresh = useRefreshAlarms();

  const toggle = async (rule: AlarmRuleRecord, enabled: boolean) => {
    await alarmsApi.setRuleEnabled(rule.id, enabled);
    void message.success(
      t(enabled ? "alarms.rules.enabledOn" : "alarms.rules.enabledOff", { name: rule.name }),
    );
    await refresh();
  };
  const remove = async (rule: AlarmRuleRecord) => {
    await alarmsApi.removeRule(rule.id);
    void message.success(t("alarms.rules.deleted", { name: rule.name }));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("alarms.rules.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("alarms.rules.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t("alarms.rules.keywordPlaceholder")}
              aria-label={t("alarms.rules.keywordPlaceholder")}
              maxLength={64}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 240 }}
              data-testid="alarm-rule-keyword"
            />
            <AlarmHostFilter
              value={hostId}
              onChange={list.onFilter(setHostId)}
              testId="alarm-rule-host-filter"
            />
          </Space>
          <Space>
            <Link to={`/mgt/monitor/alarms${hostId ? `?hostId=${encodeURIComponent(hostId)}` : ""}`}>
              {t("alarms.rules.viewAlarms")}
            </Link>
            <Button type="primary" onClick={() => setDialog({})} data-testid="alarm-rule-create">
              {t("alarms.rules.create")}
            </Button>
          </Space>
        </Space>
        <PagedTable<AlarmRuleRecord>
          rowKey="id"
          list={list}
          emptyText={t("alarms.rules.empty")}
          scroll={{ x: 1100 }}
          data-testid="alarm-rule-table"
          rowTestId={(row) => `alarm-rule-row-${row.name}`}
          columns={[
            {
              title: t("alarms.rules.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 180,
            },
            {
              title: t("alarms.rules.fields.target"),
              ...userDataCells,
              key: "target",
              width: 180,
              render: (_, row) => (row.target === "all" ? t("alarms.rules.target.all") : row.hostName),
            },
            {
              title: t("alarms.rules.fields.condition"),
              key: "condition",
              render: (_, row) => conditionText(row, t),
            },
            {
              title: t("alarms.rules.fields.severity"),
              dataIndex: "severity",
              width: 100,
              render: (_, row) => <SeverityTag severity={row.severity} t={t} />,
            },
            {
              title: t("alarms.rules.fields.activeAlarms"),
              dataIndex: "activeAlarms",
              width: 110,
              render: (n: number, row) =>
                n > 0 ? (
                  <Link
                    to={`/mgt/monitor/alarms?ruleId=${encodeURIComponent(row.id)}`}
                    data-testid={`alarm-rule-active-${row.name}`}
                  >
                    {n}
                  </Link>
                ) : (
                  0
                ),
            },
            {
              title: t("alarms.rules.fields.enabled"),
              dataIndex: "enabled",
              width: 90,
              render: (on: boolean, row) => (
                <Switch
                  size="small"
                  checked={on}
                  aria-label={t("alarms.rules.fields.enabled")}
                  onChange={(next) => void toggle(row, next).catch(() => {})}
                  data-testid={`alarm-rule-enabled-${row.name}`}
                />
              ),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 140,
              render: (_, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ rule: row })}
                    data-testid={`alarm-rule-edit-${row.name}`}
                  >
                    {t("alarms.rules.edit")}
                  </Button>
                  <Popconfirm
                    title={t("alarms.rules.deleteConfirm", { name: row.name })}
                    okText={t("alarms.rules.delete")}
                    okButtonProps={{ danger: true, ...{ "data-testid": "alarm-rule-delete-confirm" } }}
                    cancelText={t("common.cancel")}
                    onConfirm={() => remove(row).catch(() => {})}
                  >
                    <Button type="link" size="small" danger data-testid={`alarm-rule-delete-${row.name}`}>
                      {t("alarms.rules.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {dialog && (
        <AlarmRuleFormDialog
          rule={dialog.rule}
          hostId={hostId || undefined}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            void message.success(
              t(dialog.rule ? "alarms.rules.updated" : "alarms.rules.created", { name: saved.name }),
            );
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
