// The user's profile, and its edit dialog for those who manage users.
import { EditOutlined } from "@ant-design/icons";
import { Button, Descriptions, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { UserData } from "../../../components/user-data";
import type { SubUserDetail } from "../../../features/iam/iam-api";
import { useCan } from "../../../features/iam/iam-labels";
import { dash, formatDateTime } from "../../../lib/format";
import { MobileCell } from "../user/mobile-cell";
import { UserStatusTags } from "../user/user-status-tags";
import { UserEditDialog } from "./user-edit-dialog";

export function UserInfoTab({ user, onChanged }: { user: SubUserDetail; onChanged(): void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const canEdit = useCan("CH0101") && user.userSid !== me.userSid && user.roleType === "subUser";
  const [editing, setEditing] = useState(false);
  const items = [
    { key: "account", label: t("iam.user.account"), children: <UserData>{user.account}</UserData> },
    { key: "realName", label: t("iam.user.realName"), children: <UserData>{dash(user.realName)}</UserData> },
    { key: "email", label: t("iam.user.email"), children: <UserData>{dash(user.email)}</UserData> },
    {
      key: "mobile",
      label: t("iam.user.mobile"),
      children: <MobileCell mobile={user.mobile} verified={user.mobileVerified} />,
    },
    {
      key: "role",
      label: t("iam.user.role"),
      children: t(user.roleType === "tenantAdmin" ? "iam.user.tenantAdmin" : "iam.user.subUser"),
    },
    { key: "status", label: t("common.status"), children: <UserStatusTags user={user} /> },
    {
      key: "firstLogin",
      label: t("iam.user.mustChangePassword"),
      children: <Tag>{t(user.mustChangePassword ? "iam.yes" : "iam.no")}</Tag>,
    },
    { key: "createdAt", label: t("iam.user.createdAt"), children: formatDateTime(user.createdAt) },
    { key: "lastLogin", label: t("iam.user.lastLogin"), children: formatDateTime(user.lastLoginTime) },
    { key: "lastIp", label: t("iam.user.lastLoginIp"), children: dash(user.lastLoginIp) },
  ];
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={items}
        data-testid="user-info"
        extra={
          canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="user-edit">
              {t("iam.user.edit")}
            </Button>
          )
        }
      />
      {canEdit && (
        <UserEditDialog
          user={user}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}
