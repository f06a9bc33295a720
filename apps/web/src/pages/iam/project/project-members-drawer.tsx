// A project's members: who sees its resources. Managers (CH0401) add users of the organisation
// and remove members; readers (CH04) only see the list.
import type { ProjectMember } from "@skyledger/contracts";
import { App, Button, Descriptions, Drawer, Popconfirm, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHasCode } from "../../../components/require-org";
import { tableLocale } from "../../../components/table-states";
import { projectsApi, useProject, useRefreshProjects } from "../../../features/projects/projects-api";
import { dash, formatDateTime } from "../../../lib/format";
import { memberColumns } from "./member-columns";
import { MemberPickerDialog } from "./member-picker-dialog";

type Props = { projectId: string | null; onClose(): void };

export function ProjectMembersDrawer({ projectId, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canManage = useHasCode("CH0401");
  const project = useProject(projectId);
  const refresh = useRefreshProjects();
  const [picking, setPicking] = useState(false);
  const data = project.data;

  const remove = async (member: ProjectMember) => {
    if (!projectId) return;
    await projectsApi.removeMember(projectId, member.userSid);
    void message.success(t("project.members.removed", { account: member.account }));
    await refresh(projectId);
  };

  return (
    <Drawer
      open={projectId !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={data ? t("project.members.title", { name: data.name }) : t("project.members.open")}
      data-testid="project-members"
      extra={
        canManage && data ? (
          <Button type="primary" onClick={() => setPicking(true)} data-testid="project-member-add">
            {t("project.members.add")}
          </Button>
        ) : null
      }
    >
      {data && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t("project.fields.description")}>
            {dash(data.description)}
          </Descriptions.Item>
          <Descriptions.Item label={t("project.fields.contact")}>{data.contact}</Descriptions.Item>
          <Descriptions.Item label={t("project.fields.phone")}>{data.phone}</Descriptions.Item>
          <Descriptions.Item label={t("common.createdAt")}>
            {formatDateTime(data.createdAt)}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<ProjectMember>
        rowKey="userSid"
        size="small"
        loading={project.isFetching}
        dataSource={data?.members ?? []}
        pagination={false}
        locale={tableLocale(project, t, t("project.members.empty"))}
        scroll={{ x: 640 }}
        onRow={(row) => ({ "data-testid": `project-member-${row.account}` }) as object}
        columns={[
          ...memberColumns(t),
          ...(canManage
            ? [
                {
                  title: t("common.actions"),
                  key: "actions",
                  width: 90,
                  render: (_: unknown, row: ProjectMember) => (
                    <Popconfirm
                      title={t("project.members.removeConfirm", { account: row.account })}
                      okText={t("project.members.remove")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => remove(row).catch(() => {})}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        data-testid={`project-member-remove-${row.account}`}
                      >
                        {t("project.members.remove")}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {picking && data && (
        <MemberPickerDialog
          project={data}
          onClose={() => setPicking(false)}
          onAdded={() => {
            setPicking(false);
            void refresh(data.projectId);
          }}
        />
      )}
    </Drawer>
  );
}
