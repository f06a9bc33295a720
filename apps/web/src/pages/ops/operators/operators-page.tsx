// The platform administrator's operator accounts (`/sys/operators`, BA12; issue 19): the list with
// search, status and role filters, and creating, disabling, re-enabling, resetting and changing the
// roles of an operator. A temporary password is shown once and must be replaced at first sign-in.
import { endpoints, OPERATOR_ROLE_KEYS, type OperatorRoleKey, type OperatorRow } from "@skyledger/contracts";
import { App, Button, Card, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { accountTimeColumns, ConfirmLink, personColumns } from "../../../features/iam/account-table-parts";
import { showOneTimePassword } from "../../../features/iam/one-time-password";
import { api } from "../../../lib/api-client";
import { OperatorCreateDialog, OperatorRolesDialog } from "./operator-dialogs";

type Status = "enabled" | "disabled";

export function OperatorsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [role, setRole] = useState<OperatorRoleKey | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery("operators", endpoints.operators.list, {
    keyword: keyword.trim(),
    status,
    role,
  });

  const showPassword = (title: string, account: string, password: string) =>
    showOneTimePassword(modal, t, { title, account, password });

  /** Runs an action on one operator; the API client has already shown any refusal. */
  const act = async (row: OperatorRow, action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(t(done, { account: row.account }));
      await list.query.refetch();
    } catch {
      // The API client already showed why.
    }
  };
  const params = (row: OperatorRow) => ({ params: { userSid: row.userSid }, body: {} });
  const setEnabled = (row: OperatorRow, enabled: boolean) =>
    act(
      row,
      () => api.call(enabled ? endpoints.operators.enable : endpoints.operators.disable, params(row)),
      enabled ? "ops.operators.enabled" : "ops.operators.disabled",
    );
  const reset = async (row: OperatorRow) => {
    try {
      const result = await api.call(endpoints.operators.resetPassword, params(row));
      showPassword(t("ops.operators.resetDone"), row.account, result.password);
      await list.query.refetch();
    } catch {
      // The API client already showed why.
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.operators.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16 }} size="large">
          <Input.Search
            allowClear
            placeholder={t("ops.operators.keywordPlaceholder")}
            onSearch={list.onFilter(setKeyword)}
            maxLength={64}
            style={{ width: 280 }}
            aria-label={t("ops.operators.keywordPlaceholder")}
            data-testid="operators-keyword"
          />
          <Select<Status>
            allowClear
            placeholder={t("common.status")}
            style={{ width: 140 }}
            value={status}
            onChange={list.onFilter(setStatus)}
            options={(["enabled", "disabled"] as const).map((s) => ({
              value: s,
              label: t(`ops.users.status.${s}`),
            }))}
            data-testid="operators-status"
          />
          <Select<OperatorRoleKey>
            allowClear
            placeholder={t("ops.operators.roles")}
            style={{ width: 200 }}
            value={role}
            onChange={list.onFilter(setRole)}
            options={OPERATOR_ROLE_KEYS.map((key) => ({ value: key, label: t(`ops.operators.role.${key}`) }))}
            data-testid="operators-role"
          />
          {mayAct && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="operators-create">
              {t("ops.operators.create")}
            </Button>
          )}
        </Space>
        <Table<OperatorRow>
          rowKey="userSid"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          scroll={{ x: 1300 }}
          data-testid="operators-table"
          columns={[
            ...personColumns<OperatorRow>(t),
            {
              title: t("ops.operators.roles"),
              key: "roles",
              render: (_, row) => (
                <Space size={4} wrap>
                  {row.roles.map((r) => (
                    <Tag key={r} color={r === "platformAdmin" ? "gold" : "blue"}>
                      {t(`ops.operators.role.${r}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: t("common.status"),
              key: "status",
              render: (_, row) => (
                <Space size={4} wrap>
                  <Tag color={row.status === "enabled" ? "success" : "default"}>
                    {t(`ops.users.status.${row.status}`)}
                  </Tag>
                  {row.mustChangePassword && (
                    <Tag color="warning">{t("ops.operators.mustChangePassword")}</Tag>
                  )}
                </Space>
              ),
            },
            ...accountTimeColumns<OperatorRow>(t),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              hidden: !mayAct,
              render: (_, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(row)}
                    data-testid={`operator-roles-${row.account}`}
                  >
                    {t("ops.operators.changeRoles")}
                  </Button>
                  <ConfirmLink
                    title={t(
                      row.status === "enabled"
                        ? "ops.operators.disableConfirm"
                        : "ops.operators.enableConfirm",
                      { account: row.account },
                    )}
                    okText={t(row.status === "enabled" ? "ops.operators.disable" : "ops.operators.enable")}
                    cancelText={t("common.cancel")}
                    testId={`operator-toggle-${row.account}`}
                    onConfirm={() => setEnabled(row, row.status !== "enabled")}
                  >
                    {t(row.status === "enabled" ? "ops.operators.disable" : "ops.operators.enable")}
                  </ConfirmLink>
                  <ConfirmLink
                    title={t("ops.operators.resetConfirm", { account: row.account })}
                    okText={t("ops.operators.resetPassword")}
                    cancelText={t("common.cancel")}
                    testId={`operator-reset-${row.account}`}
                    onConfirm={() => reset(row)}
                  >
                    {t("ops.operators.resetPassword")}
                  </ConfirmLink>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OperatorCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(account, password) => {
          setCreating(false);
          showPassword(t("ops.operators.createdTitle"), account, password);
          void list.query.refetch();
        }}
      />
      <OperatorRolesDialog
        operator={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          const row = editing;
          setEditing(null);
          if (row) void message.success(t("ops.operators.rolesSaved", { account: row.account }));
          void list.query.refetch();
        }}
      />
    </>
  );
}
