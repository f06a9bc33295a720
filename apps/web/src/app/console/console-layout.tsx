import type { CurrentUser, MenuItem } from "@skyledger/contracts";
import { Alert, Layout } from "antd";
import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePublicConfig } from "../../lib/system-config";
import { LanguageSwitch } from "../language-switch";
import { PageLoading } from "../page-loading";
import { RouteErrorBoundary } from "../route-error";
import { AlarmBell } from "./alarm-bell";
import { ConsoleMenu } from "./console-menu";
import { FrozenBanner } from "./frozen-banner";
import { MaintenanceBanner } from "./maintenance-banner";
import { MessageBell } from "./message-bell";
import { SupportBanner } from "./support-banner";
import { useLiveCheck } from "./use-live-check";
import { UserMenu } from "./user-menu";

// Logos are uploaded by operators as data URLs; anything else is not rendered.
const safeLogo = (value: string) =>
  /^data:image\/(png|jpe?g|gif|svg\+xml|webp);base64,/i.test(value) ? value : "";

export function ConsoleLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const { values } = usePublicConfig();
  const { online } = useLiveCheck();
  const [collapsed, setCollapsed] = useState(false);
  const systemName = values.get("system.name") || t("common.appName");
  const logo = safeLogo(
    collapsed ? values.get("logo.small") : values.get("logo.large") || values.get("logo.small"),
  );

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header
        style={{
          display: "flex",
          alignItems: "center",
          gap: 16,
          background: "#fff",
          borderBottom: "1px solid #f0f0f0",
          paddingInline: 16,
        }}
      >
        <Link to="/" className="sl-brand" style={{ display: "flex", alignItems: "center", gap: 8 }}>
          {logo && <img src={logo} alt="" style={{ height: 32, maxWidth: 160, objectFit: "contain" }} />}
          <span data-testid="system-name" style={{ fontSize: 18, fontWeight: 600 }}>
            {systemName}
          </span>
        </Link>
        <div style={{ flex: 1 }} />
        <MessageBell />
        <AlarmBell />
        <LanguageSwitch />
        <UserMenu user={user} />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          theme="light"
          width={240}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          style={{ borderInlineEnd: "1px solid #f0f0f0" }}
        >
          <nav aria-label={t("console.menu")}>
            <ConsoleMenu menus={user.menus as MenuItem[]} collapsed={collapsed} />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <SupportBanner user={user} />
          <MaintenanceBanner />
          {!online && (
            <Alert
              type="warning"
              banner
              showIcon
              title={t("console.offline")}
              data-testid="offline-banner"
              style={{ marginBottom: 16 }}
            />
          )}
          <FrozenBanner user={user} />
          <main>
            <RouteErrorBoundary>
              <Suspense fallback={<PageLoading />}>{children}</Suspense>
            </RouteErrorBoundary>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
