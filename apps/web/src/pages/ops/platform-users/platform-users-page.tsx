import type { PlatformUser } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Card, Input, Space, Switch, Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { accountTimeColumns, ConfirmLink, personColumns } from "../../../features/iam/account-table-parts";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";

const isLocked = (user: PlatformUser) =>
  user.lockedUntil !== null && dayjs(user.lockedUntil).isAfter(dayjs());

export function PlatformUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState("");
  const [lockedOnly, setLockedOnly] = useState(false);
  const mayAct = useMayActHere();
  const list = usePagedQuery("platformUsers", endpoints.platformUsers.list, {
    keyword: keyword.trim(),
    lockedOnly: lockedOnly || undefined,
  });

  const unlock = async (user: PlatformUser) => {
    await api.call(endpoints.platformUsers.unlock, { params: { userSid: user.userSid }, body: {} });
    void message.success(t("ops.users.unlocked", { account: user.account }));
    await list.query.refetch();
  };

  const resetPassword = async (user: PlatformUser) => {
    await api.call(endpoints.platformUsers.resetPassword, { params: { userSid: user.userSid }, body: {} });
    void message.success(t("ops.users.passwordReset", { account: user.account }));
    await list.query.refetch();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.users.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16 }} size="large">
          <Input.Search
            allowClear
            placeholder={t("ops.users.keywordPlaceholder")}
            onSearch={list.onFilter(setKeyword)}
            maxLength={64}
            style={{ width: 300 }}
            aria-label={t("ops.users.keyword")}
            data-testid="users-keyword"
          />
          <Space>
            <Switch
              checked={lockedOnly}
              onChange={list.onFilter(setLockedOnly)}
              aria-label={t("ops.users.lockedOnly")}
              data-testid="users-locked-only"
            />
            <span>{t("ops.users.lockedOnly")}</span>
          </Space>
        </Space>
        <Table<PlatformUser>
          rowKey="userSid"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          scroll={{ x: 1440 }}
          data-testid="users-table"
          columns={[
            ...personColumns<PlatformUser>(t),
            {
              title: t("console.fields.orgName"),
              ...userDataCells,
              dataIndex: "orgName",
              render: (v: string | null) => dash(v),
            },
            { title: t("console.fields.role"), dataIndex: "roleName" },
            {
              title: t("common.status"),
              key: "status",
              render: (_, row) => (
                <Space size={4} wrap>
                  <Tag color={row.status === "enabled" ? "success" : "default"}>
                    {t(`ops.users.status.${row.status}`)}
                  </Tag>
                  {isLocked(row) && (
                    <Tag color="error">
                      {t("ops.users.lockedUntil", { time: formatDateTime(row.lockedUntil) })}
                    </Tag>
                  )}
                </Space>
              ),
            },
            {
              title: t("console.fields.certification"),
              dataIndex: "certificationStatus",
              render: (s: string) => t(`console.certification.${s}`, { defaultValue: s }),
            },
            ...accountTimeColumns<PlatformUser>(t),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              hidden: !mayAct,
              render: (_, row) => (
                <Space size={0}>
                  {isLocked(row) ? (
                    <ConfirmLink
                      title={t("ops.users.unlockConfirm", { account: row.account })}
                      okText={t("ops.users.unlock")}
                      cancelText={t("common.cancel")}
                      testId={`users-unlock-${row.account}`}
                      onConfirm={() => unlock(row)}
                    >
                      {t("ops.users.unlock")}
                    </ConfirmLink>
                  ) : null}
                  {row.mobile ? (
                    <ConfirmLink
                      title={t("ops.users.resetPasswordConfirm", { account: row.account })}
                      okText={t("ops.users.resetPassword")}
                      cancelText={t("common.cancel")}
                      testId={`users-reset-password-${row.account}`}
                      onConfirm={() => resetPassword(row)}
                    >
                      {t("ops.users.resetPassword")}
                    </ConfirmLink>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
