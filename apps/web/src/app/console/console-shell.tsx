// The logged-in part of the app: loads the current user (spec §7 polling), applies the guard, the
// first-login and privacy rules, then renders the layout around the page.
import type { MenuItem } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { App as AntdApp, Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { currentUserKey, fetchCurrentUser } from "../../features/auth/auth-api";
import { ApiError } from "../../lib/api-client";
import { session } from "../../lib/session";
import { decideAccess, isConsolePath } from "../guard";
import { PageLoading } from "../page-loading";
import { ConsoleLayout } from "./console-layout";
import { CurrentUserContext, useCurrentUser } from "./current-user-context";
import { PrivacyDialog } from "./privacy-dialog";
import { useSessionKeepAlive } from "./use-session-keepalive";
import { useSignOut } from "./use-sign-out";

function firstMenuPath(menus: readonly MenuItem[]): string | undefined {
  for (const item of menus) {
    if (item.path) return item.path;
    const nested = firstMenuPath(item.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** "/" opens the landing page the server chose for the user's role, if the user may open it. */
export function LandingRedirect() {
  const user = useCurrentUser();
  const landing = user.landing && user.landing !== "/" && decideAccess(user.landing, user) === "allow";
  const target = landing ? user.landing : firstMenuPath(user.menus as MenuItem[]);
  return <Navigate to={target ?? "/403"} replace />;
}

function UserLoadFailed() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Result
      status="warning"
      title={t("console.loadFailed.title")}
      subTitle={t("console.loadFailed.description")}
      extra={[
        <Button key="retry" type="primary" onClick={() => globalThis.location.reload()}>
          {t("common.retry")}
        </Button>,
        <Button key="login" onClick={() => void signOut()}>
          {t("common.backToLogin")}
        </Button>,
      ]}
    />
  );
}

function Console() {
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: currentUserKey(session.token()),
    queryFn: () => fetchCurrentUser(),
    staleTime: 60_000,
  });
  // A support session is short and never extended (decision 0031); only the person's own is.
  useSessionKeepAlive(query.data !== undefined && query.data.support === null);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const error = query.error;
    // The server never answered during the 25 tries: it is unavailable rather than refusing us.
    if (error instanceof ApiError && error.transient) return <Navigate to="/unavailable" replace />;
    return <UserLoadFailed />;
  }
  const user = query.data;
  // A support view reads the tenant's console as it is: its password and consents are the tenant's.
  const support = user.support !== null;
  if (!user.loginNotFirstFlag && !support) return <Navigate to="/firstLogin" replace />;
  if (!user.menus || user.menus.length === 0) return <Navigate to="/403" replace />;
  const decision = decideAccess(pathname, user);
  if (decision === "notFound") return <Navigate to="/404" replace />;
  if (decision === "forbidden") return <Navigate to="/403" replace />;

  return (
    // antd's App context (message, modal) serves the console pages; it lives in this lazy chunk.
    <AntdApp component={false}>
      <CurrentUserContext value={user}>
        <ConsoleLayout user={user}>
          <Outlet />
        </ConsoleLayout>
        {user.policyAgreeSign !== 1 && !support && <PrivacyDialog user={user} />}
      </CurrentUserContext>
    </AntdApp>
  );
}

export function ConsoleShell() {
  const { pathname, search } = useLocation();
  if (!session.token()) {
    if (!isConsolePath(pathname)) return <Navigate to="/404" replace />;
    const back = pathname === "/" ? "" : `?redirect=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={`/login${back}`} replace />;
  }
  return <Console />;
}
