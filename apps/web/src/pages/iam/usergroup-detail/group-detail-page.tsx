// One user group (`/mgt/usergroupdetail/:id`, CH02; changes CH0201): its details, the permission
// sets it grants, its sub-groups and its members.
import { ArrowLeftOutlined, EditOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Descriptions, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadFailed } from "../../../components/table-states";
import { fetchGroup, iamKeys } from "../../../features/iam/iam-api";
import {
  GroupDescription,
  groupName,
  IamName,
  RefTags,
  SourceTag,
  useCan,
} from "../../../features/iam/iam-labels";
import { formatDateTime } from "../../../lib/format";
import { GroupFormDialog } from "../usergroup/group-form-dialog";
import { GroupMembers } from "./group-members";

export function GroupDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const client = useQueryClient();
  const canWrite = useCan("CH0201");
  const [editing, setEditing] = useState(false);
  const group = useQuery({ queryKey: iamKeys.group(id), queryFn: () => fetchGroup(id) });
  const refresh = () => {
    void group.refetch();
    void client.invalidateQueries({ queryKey: ["ops", "iamGroups"] });
    void client.invalidateQueries({ queryKey: iamKeys.groupOptions });
  };

  const g = group.data;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/usergroup" data-testid="group-detail-back">
          <ArrowLeftOutlined /> {t("iam.group.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("iam.group.detailTitle", { name: g ? groupName(g, t) : "" })}
      </Typography.Title>
      {group.isPending ? (
        <Skeleton active />
      ) : group.isError || !g ? (
        <LoadFailed onRetry={() => void group.refetch()} t={t} />
      ) : (
        <>
          <Card
            style={{ marginBottom: 16 }}
            data-testid="group-detail"
            extra={
              canWrite && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                  data-testid="group-detail-edit"
                >
                  {t("iam.group.edit")}
                </Button>
              )
            }
          >
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={[
                { key: "name", label: t("iam.group.name"), children: <IamName of={g} kind="group" /> },
                { key: "source", label: t("iam.source.title"), children: <SourceTag builtIn={g.builtIn} /> },
                {
                  key: "parent",
                  label: t("iam.group.parent"),
                  children: g.parent ? <IamName of={g.parent} kind="group" /> : "-",
                },
                { key: "count", label: t("iam.group.memberCount"), children: g.memberCount },
                {
                  key: "sets",
                  label: t("iam.group.sets"),
                  span: 2,
                  children: (
                    <span data-testid="group-detail-sets">
                      <RefTags refs={g.permissionSets} kind="set" />
                    </span>
                  ),
                },
                {
                  key: "children",
                  label: t("iam.group.children"),
                  span: 2,
                  children: <RefTags refs={g.children} kind="group" />,
                },
                {
                  key: "description",
                  label: t("iam.group.description"),
                  span: 2,
                  children: <GroupDescription group={g} />,
                },
                { key: "createdAt", label: t("common.createdAt"), children: formatDateTime(g.createdAt) },
              ]}
            />
          </Card>
          <Card title={t("iam.group.members")}>
            <GroupMembers group={g} onChanged={refresh} />
          </Card>
          {canWrite && (
            <GroupFormDialog
              key={editing ? "open" : "closed"}
              open={editing}
              group={g}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                refresh();
              }}
            />
          )}
        </>
      )}
    </>
  );
}
