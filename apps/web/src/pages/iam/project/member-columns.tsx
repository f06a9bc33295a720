import type { ProjectMember } from "@skyledger/contracts";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { userDataCells, userDataColumn } from "../../../components/user-data";

/** The columns that describe a user in the member list and the member picker. */
export function memberColumns(t: TFunction): ColumnsType<ProjectMember> {
  return [
    { title: t("console.fields.account"), ...userDataCells, dataIndex: "account", width: 140 },
    userDataColumn(t("console.fields.realName"), "realName"),
    userDataColumn(t("console.fields.email"), "email"),
    userDataColumn(t("console.fields.mobile"), "mobile", 130),
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
