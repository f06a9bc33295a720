import type { ProjectMember } from "@skyledger/contracts";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { userDataCells } from "../../../components/user-data";
import { dash } from "../../../lib/format";

/** The columns that describe a user in the member list and the member picker. */
export function memberColumns(t: TFunction): ColumnsType<ProjectMember> {
  return [
    { title: t("console.fields.account"), ...userDataCells, dataIndex: "account", width: 140 },
    {
      title: t("console.fields.realName"),
      ...userDataCells,
      dataIndex: "realName",
      render: (v: string | null) => dash(v),
    },
    {
      title: t("console.fields.email"),
      ...userDataCells,
      dataIndex: "email",
      render: (v: string | null) => dash(v),
    },
    {
      title: t("console.fields.mobile"),
      ...userDataCells,
      dataIndex: "mobile",
      width: 130,
      render: (v: string | null) => dash(v),
    },
    {
      title: t("common.status"),
      dataIndex: "status",
      width: 100,
      render: (v: ProjectMember["status"]) => (
        <Tag color={v === "enabled" ? "success" : "default"}>{t(`project.members.status.${v}`)}</Tag>
      ),
    },
  ];
}
