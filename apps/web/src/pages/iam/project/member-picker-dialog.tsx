// Picks users of the organisation who are not members yet and adds them to the project.
import { endpoints, type ProjectDetail, type ProjectMember } from "@skyledger/contracts";
import { App, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { projectsApi } from "../../../features/projects/projects-api";
import { memberColumns } from "./member-columns";

type Props = {
  project: { projectId: string; name: string };
  onClose(): void;
  onAdded(project: ProjectDetail): void;
};

export function MemberPickerDialog({ project, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const list = usePagedQuery(
    `projectCandidates-${project.projectId}`,
    endpoints.projects.memberCandidates,
    { keyword: keyword.trim() },
    { params: { projectId: project.projectId } },
  );

  const submit = async () => {
    if (selected.length === 0) return;
    setSaving(true);
    try {
      const saved = await projectsApi.addMembers(project.projectId, selected);
      void message.success(t("project.members.added", { count: selected.length }));
      onAdded(saved);
    } catch {
      // The client already showed the server's message; the selection stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("project.members.pickTitle", { name: project.name })}
      okText={t("project.members.submit", { count: selected.length })}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: selected.length === 0, "data-testid": "project-candidates-submit" }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("project.members.pickHint")}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t("project.members.pickKeyword")}
        aria-label={t("project.members.pickKeyword")}
        maxLength={64}
        onSearch={list.onFilter(setKeyword)}
        style={{ width: 280, marginBottom: 12 }}
        data-testid="project-candidates-keyword"
      />
      <PagedTable<ProjectMember>
        rowKey="userSid"
        size="small"
        list={list}
        emptyText={t("project.members.pickEmpty")}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (row) =>
            ({ "data-testid": `project-candidate-${row.account}`, "aria-label": row.account }) as object,
        }}
        scroll={{ x: 640 }}
        data-testid="project-candidates"
        columns={memberColumns(t)}
      />
    </Modal>
  );
}
