import {
  ApartmentOutlined,
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
  network: <ApartmentOutlined />,
  costCentre: <WalletOutlined />,
  tickets: <ToolOutlined />,
  messages: <MessageOutlined />,
  quota: <PieChartOutlined />,
  accessControl: <SafetyOutlined />,
  operations: <SettingOutlined />,
};

export const menuTestId = (path: string) => `menu-item-${path.replace(/^\//, "").replace(/\//g, "-")}`;

const LEAF_ICONS: Record<string, ReactNode> = {
  "/mgt/dashboard": <DashboardOutlined />,
  "/sys/overview": <DashboardOutlined />,
};

// Every label carries its whole text as a tooltip (`title`): should the side bar still have to cut
// one (antd ends it in an ellipsis), it can be read.
function leaf(item: MenuItem, label: (key: string) => string, icon?: ReactNode): Items[number] {
  const path = item.path ?? item.key;
  const text = label(item.labelKey);
  return {
    key: path,
    icon: icon ?? LEAF_ICONS[path],
    label: (
      <Link to={path} data-testid={menuTestId(path)} title={text}>
        {text}
      </Link>
    ),
  };
}

function toItems(menus: readonly MenuItem[], label: (key: string) => string): Items {
  return menus.map((item) => {
    const children = item.children ?? [];
    const icon = GROUP_ICONS[item.key] ?? <AppstoreOutlined />;
    // A group of one page is that page: one click instead of opening a group to find it.
    const [only] = children;
    if (children.length === 1 && only) return leaf(only, label, icon);
    if (children.length > 1) {
      return {
        key: item.key,
        label: <span title={label(item.labelKey)}>{label(item.labelKey)}</span>,
        icon,
        children: toItems(children, label),
      };
    }
    return leaf(item, label);
  });
}

function leafPaths(menus: readonly MenuItem[], parent?: string): { path: string; group?: string }[] {
  return menus.flatMap((item) => {
    const children = item.children ?? [];
    if (children.length > 1) return leafPaths(children, item.key);
    // A group of one is shown as its page (toItems).
    const page = children[0] ?? item;
    return [{ path: page.path ?? page.key, group: parent }];
  });
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
