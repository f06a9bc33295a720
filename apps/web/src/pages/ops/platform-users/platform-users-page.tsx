import type { PlatformUser } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells, userDataColumn } from "../../../components/user-data";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";

const isLocked = (user: PlatformUser) =>
  user.lockedUntil !== null && dayjs(user.lockedUntil).isAfter(dayjs());

export function PlatformUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState("");
  const [lockedOnly, setLockedOnly] = useState(false);
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
            {
              title: t("console.fields.account"),
              ...userDataCells,
              dataIndex: "account",
              fixed: "left",
              width: 140,
            },
            userDataColumn(t("console.fields.realName"), "realName"),
            userDataColumn(t("console.fields.email"), "email"),
            userDataColumn(t("console.fields.mobile"), "mobile", 140),
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
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("console.fields.lastLoginTime"),
              dataIndex: "lastLoginTime",
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Space size={0}>
                  {isLocked(row) ? (
                    <Popconfirm
                      title={t("ops.users.unlockConfirm", { account: row.account })}
                      okText={t("ops.users.unlock")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => unlock(row).catch(() => {})}
                    >
                      <Button type="link" size="small" data-testid={`users-unlock-${row.account}`}>
                        {t("ops.users.unlock")}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {row.mobile ? (
                    <Popconfirm
                      title={t("ops.users.resetPasswordConfirm", { account: row.account })}
                      okText={t("ops.users.resetPassword")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => resetPassword(row).catch(() => {})}
                    >
                      <Button type="link" size="small" data-testid={`users-reset-password-${row.account}`}>
                        {t("ops.users.resetPassword")}
                      </Button>
                    </Popconfirm>
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
