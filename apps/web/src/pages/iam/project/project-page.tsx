// /mgt/project (CH04): the organisation's projects. Managers (CH0401) create, edit and delete them
// and manage their members; every resource belongs to a project and its members see only their
// projects' resources.
import type { ProjectRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useHasCode } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { projectsApi, useRefreshProjects } from "../../../features/projects/projects-api";
import { dash, formatDateTime } from "../../../lib/format";
import { ProjectFormDialog } from "./project-form-dialog";
import { ProjectMembersDrawer } from "./project-members-drawer";

type Editing = { project: ProjectRecord | null } | null;

export function ProjectPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canManage = useHasCode("CH0401");
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<Editing>(null);
  const [membersOf, setMembersOf] = useState<string | null>(null);
  const list = usePagedQuery("projects", endpoints.projects.list, { keyword: keyword.trim() });
  const refresh = useRefreshProjects();

  const remove = async (project: ProjectRecord) => {
    await projectsApi.remove(project.projectId);
    void message.success(t("project.deleted", { name: project.name }));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("project.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("project.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            placeholder={t("project.keywordPlaceholder")}
            aria-label={t("project.keyword")}
            maxLength={64}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 300 }}
            data-testid="project-keyword"
          />
          {canManage && (
            <Button type="primary" onClick={() => setEditing({ project: null })} data-testid="project-create">
              {t("project.create")}
            </Button>
          )}
        </Space>
        <PagedTable<ProjectRecord>
          rowKey="projectId"
          list={list}
          emptyText={t("project.empty")}
          scroll={{ x: 1360 }}
          data-testid="project-table"
          rowTestId={(row) => `project-row-${row.name}`}
          columns={[
            {
              title: t("project.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 180,
              render: (v: string, row) => (
                <Button
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => setMembersOf(row.projectId)}
                  data-testid={`project-open-${row.name}`}
                >
                  {v}
                </Button>
              ),
            },
            {
              title: t("project.fields.description"),
              ...userDataCells,
              dataIndex: "description",
              width: 260,
              ellipsis: true,
              render: (v: string) => dash(v),
            },
            { title: t("project.fields.members"), dataIndex: "memberCount", width: 100, align: "right" },
            { title: t("project.fields.contact"), ...userDataCells, dataIndex: "contact", width: 140 },
            { title: t("project.fields.phone"), ...userDataCells, dataIndex: "phone", width: 140 },
            {
              title: t("project.fields.createdBy"),
              ...userDataCells,
              dataIndex: "createdBy",
              width: 140,
              render: (v: string | null) => dash(v),
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              width: 180,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: canManage ? 220 : 100,
              render: (_, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setMembersOf(row.projectId)}
                    data-testid={`project-members-${row.name}`}
                  >
                    {t("project.members.open")}
                  </Button>
                  {canManage && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => setEditing({ project: row })}
                        data-testid={`project-edit-${row.name}`}
                      >
                        {t("project.edit")}
                      </Button>
                      <Popconfirm
                        title={t("project.deleteConfirm", { name: row.name, count: row.memberCount })}
                        okText={t("project.delete")}
                        okButtonProps={{ danger: true, ...{ "data-testid": "project-delete-confirm" } }}
                        cancelText={t("common.cancel")}
                        onConfirm={() => remove(row).catch(() => {})}
                      >
                        <Button type="link" size="small" danger data-testid={`project-delete-${row.name}`}>
                          {t("project.delete")}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {/* Mounted per opening, so the form starts from the project being edited. */}
      {editing && (
        <ProjectFormDialog
          open
          project={editing.project}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void refresh(saved.projectId);
          }}
        />
      )}
      <ProjectMembersDrawer projectId={membersOf} onClose={() => setMembersOf(null)} />
    </>
  );
}
