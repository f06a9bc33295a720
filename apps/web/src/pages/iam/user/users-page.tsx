// Users (`/mgt/user`, CH01; changes CH0101): the tenant's users with groups, status, lock and
// registration time; create sub-users and act on them.
import { PlusOutlined } from "@ant-design/icons";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { type SubUserRow, useGroupOptions } from "../../../features/iam/iam-api";
import { groupName, RefTags, useCan } from "../../../features/iam/iam-labels";
import { showOneTimePassword } from "../../../features/iam/one-time-password";
import { dash, formatDateTime } from "../../../lib/format";
import { MobileCell } from "./mobile-cell";
import { UserActions } from "./user-actions";
import { type Created, UserCreateDialog } from "./user-create-dialog";
import { UserStatusTags } from "./user-status-tags";

type Status = SubUserRow["status"];

export function UsersPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canWrite = useCan("CH0101");
  const [keyword, setKeyword] = useState("");
  const [status, setStatus] = useState<Status | undefined>();
  const [groupId, setGroupId] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const groups = useGroupOptions();
  const list = usePagedQuery("iamUsers", endpoints.users.list, {
    keyword: keyword.trim(),
    status,
    groupId,
  });
  const refresh = () => void list.query.refetch();

  const created = (user: Created) => {
    setCreating(false);
    refresh();
    if (user.password) {
      showOneTimePassword(modal, t, {
        title: t("iam.user.createdTitle"),
        account: user.account,
        password: user.password,
      });
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("iam.user.title")}
      </Typography.Title>
      <Card
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="user-create"
            >
              {t("iam.user.create")}
            </Button>
          )
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t("iam.user.keywordPlaceholder")}
            onSearch={list.onFilter(setKeyword)}
            maxLength={64}
            style={{ width: 300 }}
            aria-label={t("iam.user.keywordPlaceholder")}
            data-testid="iam-users-keyword"
          />
          <Select<Status>
            allowClear
            placeholder={t("iam.user.allStatuses")}
            value={status}
            onChange={list.onFilter(setStatus)}
            options={(["enabled", "disabled"] as const).map((s) => ({
              value: s,
              label: t(`iam.user.status.${s}`),
            }))}
            style={{ width: 140 }}
            aria-label={t("common.status")}
            data-testid="iam-users-status"
          />
          <Select<string>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("iam.user.allGroups")}
            value={groupId}
            onChange={list.onFilter(setGroupId)}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupName(g, t) }))}
            style={{ width: 220 }}
            aria-label={t("iam.user.groups")}
            data-testid="iam-users-group"
          />
        </Space>
        <PagedTable<SubUserRow>
          rowKey="userSid"
          list={list}
          scroll={{ x: 1600 }}
          data-testid="iam-users-table"
          rowTestId={(row) => `user-row-${row.account}`}
          columns={[
            {
              title: t("iam.user.account"),
              ...userDataCells,
              dataIndex: "account",
              fixed: "left",
              width: 160,
              render: (account: string, row) => (
                <Space size={4}>
                  <Link to={`/mgt/userdetail/${row.userSid}`} data-testid={`user-open-${account}`}>
                    {account}
                  </Link>
                  {row.roleType === "tenantAdmin" && <Tag color="gold">{t("iam.user.tenantAdmin")}</Tag>}
                </Space>
              ),
            },
            {
              title: t("iam.user.realName"),
              ...userDataCells,
              dataIndex: "realName",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("iam.user.email"),
              ...userDataCells,
              dataIndex: "email",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("iam.user.mobile"),
              ...userDataCells,
              dataIndex: "mobile",
              width: 150,
              render: (v: string | null, row) => <MobileCell mobile={v} verified={row.mobileVerified} />,
            },
            {
              title: t("iam.user.groups"),
              key: "groups",
              render: (_, row) => <RefTags refs={row.groups} kind="group" />,
            },
            {
              title: t("common.status"),
              key: "status",
              width: 150,
              render: (_, row) => <UserStatusTags user={row} />,
            },
            {
              title: t("iam.user.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("iam.user.lastLogin"),
              dataIndex: "lastLoginTime",
              width: 170,
              render: (v: string | null) => formatDateTime(v),
            },
            ...(canWrite
              ? [
                  {
                    title: t("common.actions"),
                    key: "actions",
                    fixed: "right" as const,
                    width: 240,
                    render: (_: unknown, row: SubUserRow) => <UserActions user={row} onChanged={refresh} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {canWrite && (
        <UserCreateDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
      )}
    </>
  );
}
