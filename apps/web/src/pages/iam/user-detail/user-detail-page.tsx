// One user (`/mgt/userdetail/:id`, CH01): profile, groups (with the last-group warning),
// permissions (direct ones removable, inherited ones locked), projects.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, Skeleton, Space, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LoadFailed } from "../../../components/table-states";
import { fetchUser, iamKeys } from "../../../features/iam/iam-api";
import { UserActions } from "../user/user-actions";
import { UserGroupsTab } from "./user-groups-tab";
import { UserInfoTab } from "./user-info-tab";
import { UserPermissionsTab } from "./user-permissions-tab";
import { UserProjectsTab } from "./user-projects-tab";

export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useQuery({ queryKey: iamKeys.user(id), queryFn: () => fetchUser(id) });
  const refresh = () => {
    void user.refetch();
    void client.invalidateQueries({ queryKey: ["ops", "iamUsers"] });
  };

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/user" data-testid="user-detail-back">
          <ArrowLeftOutlined /> {t("iam.user.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("iam.user.detailTitle", { account: user.data?.account ?? "" })}
      </Typography.Title>
      <Card
        data-testid="user-detail"
        extra={
          user.data && (
            <UserActions
              user={user.data}
              size="middle"
              onChanged={refresh}
              onDeleted={() => void navigate("/mgt/user", { replace: true })}
            />
          )
        }
      >
        {user.isPending ? (
          <Skeleton active />
        ) : user.isError ? (
          <LoadFailed onRetry={() => void user.refetch()} t={t} />
        ) : (
          <Tabs
            items={[
              {
                key: "info",
                label: <span data-testid="user-tab-info">{t("iam.user.tabs.info")}</span>,
                children: <UserInfoTab user={user.data} onChanged={refresh} />,
              },
              {
                key: "groups",
                label: <span data-testid="user-tab-groups">{t("iam.user.tabs.groups")}</span>,
                children: <UserGroupsTab user={user.data} onChanged={refresh} />,
              },
              {
                key: "permissions",
                label: <span data-testid="user-tab-permissions">{t("iam.user.tabs.permissions")}</span>,
                children: <UserPermissionsTab user={user.data} onChanged={refresh} />,
              },
              {
                key: "projects",
                label: <span data-testid="user-tab-projects">{t("iam.user.tabs.projects")}</span>,
                children: <UserProjectsTab user={user.data} />,
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
