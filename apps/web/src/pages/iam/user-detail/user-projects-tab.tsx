// The projects the user is a member of (read-only: membership is managed on the projects page).
import { Table } from "antd";
import { useTranslation } from "react-i18next";
import { userDataCells } from "../../../components/user-data";
import type { SubUserDetail } from "../../../features/iam/iam-api";

export function UserProjectsTab({ user }: { user: SubUserDetail }) {
  const { t } = useTranslation();
  return (
    <Table<SubUserDetail["projects"][number]>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={user.projects}
      locale={{ emptyText: t("iam.user.noProjects") }}
      data-testid="user-projects"
      columns={[{ title: t("iam.user.projectName"), ...userDataCells, dataIndex: "name" }]}
    />
  );
}
