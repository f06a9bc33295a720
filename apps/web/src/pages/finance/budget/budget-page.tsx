// /mgt/budget (CC09; CC0901 changes): the organisation's monthly budgets with this month's spend,
// how much of each is used and which thresholds (50 %, 80 %, 100 %) were notified, and the balance
// forecast with the days ahead its notice warns. Rules: docs/billing/budgets.md.
import type { BudgetRecord } from "@skyledger/contracts";
import { Alert, Button, Card, Descriptions, Progress, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../../components/money-text";
import { useMayAct } from "../../../components/require-org";
import { UserData } from "../../../components/user-data";
import { BudgetDialog } from "../../../features/budgets/budget-dialog";
import { BudgetRowActions } from "../../../features/budgets/budget-row-actions";
import { budgetsApi, useBudgets, useRefreshBudgets } from "../../../features/budgets/budgets-api";
import { ForecastSettings } from "../../../features/budgets/forecast-settings";

export function BudgetPage() {
  const { t } = useTranslation();
  const mayManage = useMayAct("manageBudgets");
  const budgets = useBudgets();
  const refresh = useRefreshBudgets();
  const [editing, setEditing] = useState<BudgetRecord | "new" | null>(null);
  const view = budgets.data;
  const close = () => setEditing(null);
  const saved = () => {
    close();
    void refresh();
  };
  // Changing and removing are the budget administrators' (CC0901).
  const actions = mayManage
    ? [
        {
          title: t("common.actions"),
          key: "actions",
          render: (_: unknown, row: BudgetRecord) => (
            <BudgetRowActions
              testId={`budget-${row.projectId ?? "org"}`}
              onEdit={() => setEditing(row)}
              onDelete={() => budgetsApi.remove(row.id).then(refresh)}
            />
          ),
        },
      ]
    : [];
  const scopeOf = (row: BudgetRecord) =>
    row.projectId === null ? t("budgets.wholeOrg") : <UserData>{row.projectName}</UserData>;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("budgets.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("budgets.intro")}</Typography.Paragraph>
      {view && (
        <Card style={{ marginBottom: 16 }} data-testid="budget-forecast">
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label={t("budgets.month")}>{view.month}</Descriptions.Item>
            <Descriptions.Item label={t("budgets.daysLeft")}>
              <span data-testid="budget-days-left">
                {view.daysLeft === null
                  ? t("budgets.noRecentSpend")
                  : t("budgets.days", { count: view.daysLeft })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("budgets.forecastNotice")}>
              {view.forecastFired ? (
                <Tag color="orange">{t("budgets.forecastSent")}</Tag>
              ) : (
                t("budgets.forecastWhen", { count: view.forecastDays })
              )}
            </Descriptions.Item>
          </Descriptions>
          {mayManage && <ForecastSettings days={view.forecastDays} onSaved={() => void refresh()} />}
        </Card>
      )}
      <Card>
        {mayManage ? (
          <Button
            type="primary"
            onClick={() => setEditing("new")}
            style={{ marginBottom: 16 }}
            data-testid="budget-add"
          >
            {t("budgets.add")}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t("budgets.readOnly")} style={{ marginBottom: 16 }} />
        )}
        <Table<BudgetRecord>
          rowKey="id"
          loading={budgets.isFetching}
          dataSource={view?.list ?? []}
          pagination={false}
          locale={{ emptyText: t("budgets.empty") }}
          scroll={{ x: 900 }}
          data-testid="budget-table"
          onRow={(row) => ({ "data-testid": `budget-row-${row.projectId ?? "org"}` }) as never}
          columns={[
            { title: t("budgets.scope"), key: "scope", render: (_, row) => scopeOf(row) },
            { title: t("budgets.amount"), dataIndex: "amount", render: (v: string) => <Yuan value={v} /> },
            { title: t("budgets.spent"), dataIndex: "spent", render: (v: string) => <Yuan value={v} /> },
            {
              title: t("budgets.used"),
              dataIndex: "percent",
              width: 200,
              render: (v: number) => (
                <Progress
                  percent={Math.min(v, 100)}
                  format={() => `${v}%`}
                  status={v >= 100 ? "exception" : "normal"}
                  strokeColor={v >= 100 ? undefined : v >= 80 ? "#d46b08" : undefined}
                />
              ),
            },
            {
              title: t("budgets.fired"),
              dataIndex: "firedThresholds",
              render: (v: number[]) =>
                v.length === 0 ? (
                  t("budgets.noneFired")
                ) : (
                  <Space size={4}>
                    {v.map((p) => (
                      <Tag key={p} color={p >= 100 ? "red" : p >= 80 ? "orange" : "blue"}>{`${p}%`}</Tag>
                    ))}
                  </Space>
                ),
            },
            ...actions,
          ]}
        />
      </Card>
      {editing && (
        <BudgetDialog budget={editing === "new" ? null : editing} onClose={close} onSaved={saved} />
      )}
    </>
  );
}
