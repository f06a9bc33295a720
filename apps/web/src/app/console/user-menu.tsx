import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { CurrentUser } from "@skyledger/contracts";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignOut } from "./use-sign-out";

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          {
            key: "profile",
            icon: <UserOutlined />,
            label: <span data-testid="user-menu-profile">{t("console.userMenu.profile")}</span>,
          },
          { type: "divider" },
          {
            key: "logout",
            icon: <LogoutOutlined />,
            label: <span data-testid="user-menu-logout">{t("console.userMenu.logout")}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === "profile") void navigate("/info");
          if (key === "logout") void signOut(user.account);
        },
      }}
    >
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={t("console.userMenu.label", { account: user.account })}
      >
        <UserOutlined />
        <span data-user-data="">{user.realName || user.account}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
