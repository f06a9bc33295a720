import { Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { SubUserRow } from "../../../features/iam/iam-api";

export function UserStatusTags({ user }: { user: Pick<SubUserRow, "status" | "locked"> }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag
        color={user.status === "enabled" ? "success" : "default"}
        data-testid="user-status"
        data-status={user.status}
      >
        {t(`iam.user.status.${user.status}`)}
      </Tag>
      {user.locked && <Tag color="error">{t("iam.user.locked")}</Tag>}
    </Space>
  );
}
