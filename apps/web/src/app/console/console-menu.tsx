import {
  AppstoreOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  MessageOutlined,
  PieChartOutlined,
  SafetyOutlined,
  SettingOutlined,
  ToolOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import type { MenuItem } from "@skyledger/contracts";
import { Menu, type MenuProps } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

type Items = NonNullable<MenuProps["items"]>;

const GROUP_ICONS: Record<string, ReactNode> = {
  cloudResources: <CloudServerOutlined />,
  costCentre: <WalletOutlined />,
  tickets: <ToolOutlined />,
  messages: <MessageOutlined />,
  quota: <PieChartOutlined />,
  accessControl: <SafetyOutlined />,
  operations: <SettingOutlined />,
};

export const menuTestId = (path: string) => `menu-item-${path.replace(/^\//, "").replace(/\//g, "-")}`;

function toItems(menus: readonly MenuItem[], label: (key: string) => string): Items {
  return menus.map((item) => {
    if (item.children && item.children.length > 0) {
      return {
        key: item.key,
        label: label(item.labelKey),
        icon: GROUP_ICONS[item.key] ?? <AppstoreOutlined />,
        children: toItems(item.children, label),
      };
    }
    const path = item.path ?? item.key;
    return {
      key: path,
      icon: item.key === "/mgt/dashboard" ? <DashboardOutlined /> : undefined,
      label: (
        <Link to={path} data-testid={menuTestId(path)}>
          {label(item.labelKey)}
        </Link>
      ),
    };
  });
}

function leafPaths(menus: readonly MenuItem[], parent?: string): { path: string; group?: string }[] {
  return menus.flatMap((item) =>
    item.children?.length
      ? leafPaths(item.children, item.key)
      : [{ path: item.path ?? item.key, group: parent }],
  );
}

/** The left menu exactly as the server built it for this user (labels are i18n keys). */
export function ConsoleMenu({
  menus,
  collapsed = false,
}: {
  menus: readonly MenuItem[];
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const leaves = useMemo(() => leafPaths(menus), [menus]);
  // The deepest menu path that prefixes the current one, so detail pages keep their entry lit.
  const current = leaves
    .filter((leaf) => pathname === leaf.path || pathname.startsWith(`${leaf.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const [inlineOpenKeys, setInlineOpenKeys] = useState<string[]>(() =>
    current?.group ? [current.group] : [],
  );
  // Collapsing the side bar (by hand, or by the window narrowing past the breakpoint) closes every
  // group as antd shows them as pop-ups; the groups the user had open come back when it widens again.
  const [popupOpenKeys, setPopupOpenKeys] = useState<string[]>([]);

  return (
    <Menu
      mode="inline"
      items={toItems(menus, (key) => t(key))}
      selectedKeys={current ? [current.path] : []}
      openKeys={collapsed ? popupOpenKeys : inlineOpenKeys}
      onOpenChange={collapsed ? setPopupOpenKeys : setInlineOpenKeys}
      aria-label={t("console.menu")}
      data-testid="console-menu"
      style={{ borderInlineEnd: "none" }}
    />
  );
}
