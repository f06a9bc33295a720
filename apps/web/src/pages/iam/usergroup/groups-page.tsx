// User groups (`/mgt/usergroup`, CH02; changes CH0201): name, parent group, member count and the
// permission sets each grants; the built-in groups of spec §6 and the tenant's own.
import { PlusOutlined } from "@ant-design/icons";
import { endpoints } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { deleteGroup, type UserGroupRow } from "../../../features/iam/iam-api";
import { GroupDescription, IamName, RefTags, SourceTag, useCan } from "../../../features/iam/iam-labels";
import { formatDateTime } from "../../../lib/format";
import { GroupFormDialog } from "./group-form-dialog";

export function GroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canWrite = useCan("CH0201");
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<UserGroupRow | "new" | null>(null);
  const list = usePagedQuery("iamGroups", endpoints.groups.list, { keyword: keyword.trim() });
  const refresh = () => {
    void list.query.refetch();
    void client.invalidateQueries({ queryKey: ["iam"] });
  };

  const remove = async (group: UserGroupRow) => {
    try {
      await deleteGroup(group.id);
      void message.success(t("iam.group.deleted", { name: group.name }));
      refresh();
    } catch {
      // The API client already showed why.
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("iam.group.title")}
      </Typography.Title>
      <Card
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing("new")}
              data-testid="group-create"
            >
              {t("iam.group.create")}
            </Button>
          )
        }
      >
        <Input.Search
          allowClear
          placeholder={t("iam.group.keywordPlaceholder")}
          onSearch={list.onFilter(setKeyword)}
          maxLength={64}
          style={{ width: 300, marginBottom: 16 }}
          aria-label={t("iam.group.keywordPlaceholder")}
          data-testid="groups-keyword"
        />
        <PagedTable<UserGroupRow>
          rowKey="id"
          list={list}
          scroll={{ x: 1200 }}
          data-testid="groups-table"
          rowTestId={(row) => `group-row-${row.key ?? row.name}`}
          columns={[
            {
              title: t("iam.group.name"),
              key: "name",
              fixed: "left",
              width: 200,
              render: (_, row) => (
                <Link to={`/mgt/usergroupdetail/${row.id}`} data-testid={`group-open-${row.key ?? row.name}`}>
                  <IamName of={row} kind="group" />
                </Link>
              ),
            },
            {
              title: t("iam.source.title"),
              key: "source",
              width: 90,
              render: (_, row) => <SourceTag builtIn={row.builtIn} />,
            },
            {
              title: t("iam.group.parent"),
              key: "parent",
              render: (_, row) => (row.parent ? <IamName of={row.parent} kind="group" /> : "-"),
            },
            { title: t("iam.group.memberCount"), dataIndex: "memberCount", width: 100 },
            {
              title: t("iam.group.sets"),
              key: "sets",
              render: (_, row) => <RefTags refs={row.permissionSets} kind="set" />,
            },
            {
              title: t("iam.group.description"),
              key: "description",
              render: (_, row) => <GroupDescription group={row} />,
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            ...(canWrite
              ? [
                  {
                    title: t("common.actions"),
                    key: "actions",
                    fixed: "right" as const,
                    width: 150,
                    render: (_: unknown, row: UserGroupRow) => (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setEditing(row)}
                          data-testid={`group-edit-${row.key ?? row.name}`}
                        >
                          {t("iam.group.edit")}
                        </Button>
                        {!row.builtIn && (
                          <Popconfirm
                            title={t("iam.group.deleteConfirm", { name: row.name })}
                            description={
                              row.memberCount > 0
                                ? t("iam.group.deleteMembersWarning", { count: row.memberCount })
                                : undefined
                            }
                            okText={t("iam.group.delete")}
                            cancelText={t("common.cancel")}
                            okButtonProps={{ danger: true, "data-testid": "group-delete-confirm" }}
                            onConfirm={() => remove(row)}
                          >
                            <Button type="link" size="small" danger data-testid={`group-delete-${row.name}`}>
                              {t("iam.group.delete")}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {canWrite && (
        <GroupFormDialog
          key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
          open={editing !== null}
          group={editing && editing !== "new" ? editing : undefined}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
