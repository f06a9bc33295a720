// /mgt/monitor/alarms (CB01): alarms on the hosts the user sees — the active ones (firing and
// acknowledged, most pressing first) with acknowledge, and the history — by severity and host
// (`?hostId=` from a host's monitoring page, `?ruleId=` from a rule). Alarms that fired on the
// simulator's synthetic figures say so.
import { ALARM_SEVERITIES, type AlarmRecord, type AlarmSeverity, endpoints } from "@skyledger/contracts";
import { Alert, App, Button, Card, Segmented, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData, userDataCells } from "../../../components/user-data";
import { AlarmHostFilter, useHostParam } from "../../../features/alarms/alarm-host-filter";
import { conditionText, SeverityTag } from "../../../features/alarms/alarm-labels";
import {
  ALARMS_LIST_KEY,
  alarmsApi,
  useBellFollowsList,
  useRefreshAlarms,
} from "../../../features/alarms/alarms-api";
import { dash, formatDateTime } from "../../../lib/format";

const STATE_COLORS: Record<AlarmRecord["state"], string> = {
  firing: "red",
  acknowledged: "orange",
  resolved: "green",
};

export function AlarmsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [hostId, setHostId] = useHostParam();
  const ruleId = params.get("ruleId") ?? "";
  const [view, setView] = useState<"active" | "resolved">("active");
  const [severity, setSeverity] = useState<AlarmSeverity | undefined>();
  // The step evaluates rules every minute: an open page follows it.
  const list = usePagedQuery(
    ALARMS_LIST_KEY,
    endpoints.alarms.list,
    { state: view, severity, hostId, ruleId },
    { refetchInterval: () => 15_000 },
  );
  const refresh = useRefreshAlarms();
  const simulated = list.rows.some((a) => a.source === "simulated");
  useBellFollowsList(list.rows.filter((a) => a.state === "firing").map((a) => a.id));

  const acknowledge = async (alarm: AlarmRecord) => {
    await alarmsApi.acknowledge(alarm.id);
    void message.success(t("alarms.list.acknowledged"));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("alarms.list.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("alarms.list.intro")}</Typography.Paragraph>
      {simulated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("alarms.list.simulatedNote")}
          data-testid="alarms-simulated"
        />
      )}
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Segmented
              value={view}
              onChange={list.onFilter((v: "active" | "resolved") => setView(v))}
              options={[
                {
                  value: "active",
                  label: <span data-testid="alarms-view-active">{t("alarms.list.active")}</span>,
                },
                {
                  value: "resolved",
                  label: <span data-testid="alarms-view-history">{t("alarms.list.history")}</span>,
                },
              ]}
            />
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t("alarms.list.severityFilter")}
              aria-label={t("alarms.list.severityFilter")}
              value={severity}
              options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarms.severity.${s}`) }))}
              onChange={list.onFilter(setSeverity)}
              data-testid="alarms-severity-filter"
            />
            <AlarmHostFilter value={hostId} onChange={list.onFilter(setHostId)} testId="alarms-host-filter" />
          </Space>
          <Link
            to={`/mgt/monitor/alarm-rules${hostId ? `?hostId=${encodeURIComponent(hostId)}` : ""}`}
            data-testid="alarms-rules-link"
          >
            {t("alarms.list.rules")}
          </Link>
        </Space>
        <PagedTable<AlarmRecord>
          rowKey="id"
          list={list}
          emptyText={t(view === "active" ? "alarms.list.empty" : "alarms.list.emptyHistory")}
          scroll={{ x: 1300 }}
          data-testid="alarms-table"
          rowTestId={(row) => `alarm-row-${row.ruleName}`}
          columns={[
            {
              title: t("alarms.list.columns.severity"),
              dataIndex: "severity",
              fixed: "left",
              width: 90,
              render: (_, row) => <SeverityTag severity={row.severity} t={t} />,
            },
            { title: t("alarms.list.columns.rule"), ...userDataCells, dataIndex: "ruleName", width: 160 },
            {
              title: t("alarms.list.columns.host"),
              ...userDataCells,
              dataIndex: "hostName",
              width: 160,
              render: (name: string, row) => (
                <Link to={`/mgt/host/monitor/overview/${encodeURIComponent(row.hostId)}`}>{name}</Link>
              ),
            },
            {
              title: t("alarms.list.columns.condition"),
              key: "condition",
              render: (_, row) => conditionText(row, t),
            },
            {
              title: t("alarms.list.columns.value"),
              dataIndex: "value",
              width: 150,
              render: (value: number, row) => (
                <Space size={4}>
                  {value}
                  {row.source === "simulated" && <Tag color="orange">{t("alarms.list.simulated")}</Tag>}
                </Space>
              ),
            },
            {
              title: t("alarms.list.columns.state"),
              dataIndex: "state",
              width: 100,
              render: (state: AlarmRecord["state"], row) => (
                <Tag
                  color={STATE_COLORS[state]}
                  data-testid={`alarm-state-${row.ruleName}`}
                  data-state={state}
                >
                  {t(`alarms.state.${state}`)}
                </Tag>
              ),
            },
            {
              title: t("alarms.list.columns.firedAt"),
              dataIndex: "firedAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            view === "active"
              ? {
                  title: t("alarms.list.columns.acknowledged"),
                  key: "acknowledged",
                  width: 200,
                  render: (_, row) =>
                    row.acknowledgedBy ? (
                      <>
                        <UserData>{row.acknowledgedBy}</UserData> / {formatDateTime(row.acknowledgedAt)}
                      </>
                    ) : (
                      dash(null)
                    ),
                }
              : {
                  title: t("alarms.list.columns.resolvedAt"),
                  key: "resolved",
                  width: 260,
                  render: (_, row) =>
                    `${formatDateTime(row.resolvedAt)}${row.resolution ? ` · ${t(`alarms.resolution.${row.resolution}`)}` : ""}`,
                },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 110,
              render: (_, row) =>
                row.state === "firing" ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void acknowledge(row).catch(() => {})}
                    data-testid={`alarm-acknowledge-${row.ruleName}`}
                  >
                    {t("alarms.list.acknowledge")}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </>
  );
}
